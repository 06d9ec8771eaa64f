/**
 * @module test/upstream/bfcl-v4-scorer — transcribes upstream's tests/unit/evaluation/test_bfcl_v4_scorer.py
 * (BFCLv4Scorer: the text it scores, the hallucination and relevance verdicts, the AST path, the
 * sample-weighted breakdown, missing and duplicate samples) against accuracy/bfcl.
 *
 * Upstream stubs bfcl-eval's `ast_checker` as "valid iff the model made a call"; here the real
 * checker (accuracy/bfcl/ast-checker) runs on a ground truth and description that the transcribed
 * call (get_weather with city NYC) matches, so every verdict the stub gives is the one ours gives.
 */
import { describe, expect, test } from "bun:test";
import type { ResponseForScoring } from "../../src/accuracy/accuracy-entry.ts";
import { scoreBfcl, scoringText } from "../../src/accuracy/bfcl/bfcl-score.ts";
import { extractFunctionCalls, hasNativeToolCalls } from "../../src/accuracy/extractors/function-call-extractor.ts";
import { scoreDataset } from "../../src/accuracy/score-dataset.ts";
import { StructuredOutput } from "../../src/client/structured-output.ts";
import { InputError } from "../../src/errors.ts";

const GT = JSON.stringify([{ get_weather: { city: ["NYC"] } }]);
const DESCRIPTION = JSON.stringify([
  {
    name: "get_weather",
    parameters: { type: "dict", properties: { city: { type: "string" } }, required: ["city"] },
  },
]);
const TOOL_CALL = { id: "c0", type: "function", function: { name: "get_weather", arguments: '{"city": "NYC"}' } };
const F_CALL = { id: "1", type: "function", function: { name: "f", arguments: "{}" } };

/** The response as a BFCL run stores it: its parts as JSON (client/structured-output). */
const stored = (content: string, toolCalls: readonly unknown[] = []): string =>
  JSON.stringify({ content, reasoning_content: "", tool_calls: toolCalls });
const parts = (content: string, toolCalls: readonly unknown[] = []) => ({ content, reasoningContent: "", toolCalls });
/** One completed sample's score in `subset` (scoreBfcl of one sample: its score is the sample's). */
const one = (
  subset: string,
  output: ReturnType<typeof parts>,
  groundTruth = "[]",
  funcDescription: string | null = null,
) => scoreBfcl([{ subset, groundTruth, funcDescription, output }]).score;

const row = (subset: string) => ({ subset, ground_truth: GT, func_description: DESCRIPTION });
const response = (datasetIndex: number, text: string): ResponseForScoring => ({
  datasetIndex,
  repeat: 0,
  text,
  outputTokens: null,
});
const bfcl = (rows: Record<string, unknown>[], issued: number, responses: ResponseForScoring[]) =>
  scoreDataset({
    datasetName: "bfcl_v4",
    datasetType: "accuracy",
    evalMethod: "bfcl_v4",
    extractor: "function_call_extractor",
    groundTruthColumn: "ground_truth",
    rows,
    numRepeats: 1,
    issued,
    responses,
    durationS: 1,
  });

describe("upstream test_bfcl_v4_scorer.py — the text scored", () => {
  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:95 test_streaming_tool_call_deltas_are_merged", () => {
    const out = new StructuredOutput();
    const deltas = [
      [{ index: 0, id: "abc", type: "function", function: { name: "math_factorial", arguments: "{" } }],
      [{ index: 0, function: { arguments: '"number":' } }],
      [{ index: 0, function: { arguments: "5" } }],
      [{ index: 0, function: { arguments: "}" } }],
    ];
    for (const toolCalls of deltas) {
      out.add({
        content: "",
        reasoning: "",
        hasToolCall: true,
        toolText: "",
        toolCalls,
        finishReason: null,
        hasRole: false,
      });
    }
    const stored = JSON.parse(out.json()) as { tool_calls: unknown[] };
    const text = scoringText(parts("", stored.tool_calls));
    const parsed = JSON.parse(text) as unknown[];
    expect(Array.isArray(parsed) && parsed.every((item) => typeof item === "object" && item !== null)).toBe(true);
    expect(JSON.parse(extractFunctionCalls(text) ?? "[]")).toEqual([
      { name: "math_factorial", arguments: { number: 5 } },
    ]);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:143 test_non_streaming_tool_calls_pass_through", () => {
    const call = { id: "x", type: "function", function: { name: "math_factorial", arguments: '{"number": 5}' } };
    const text = scoringText(parts("", [call]));
    expect(JSON.parse(extractFunctionCalls(text) ?? "[]")).toEqual([
      { name: "math_factorial", arguments: { number: 5 } },
    ]);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:175 test_plain_text_response_falls_back_to_string", () => {
    expect(scoringText(parts("I cannot help with that."))).toContain("I cannot help with that.");
  });
});

describe("upstream test_bfcl_v4_scorer.py — empty guards", () => {
  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:207 test_no_complete_events_returns_zero_breakdown", async () => {
    const entry = await bfcl([row("live_simple")], 1, []);
    expect(entry.score).toBe(0);
    expect(entry.num_repeats).toBe(1);
    expect(entry.breakdown).toEqual({
      overall_accuracy: 0,
      normalized_single_turn_score: 0,
      category_scores: {},
      subset_scores: {},
      unscored_subsets: {},
      total_samples: 0,
      issued_samples: 1,
    });
  });

  test(
    "tests/unit/evaluation/test_bfcl_v4_scorer.py:228 test_events_present_but_no_matching_uuid_returns_zero_breakdown " +
      "(declared difference: a response is named by its row, and one outside the dataset is an InputError, not dropped)",
    async () => {
      await expect(bfcl([row("live_simple")], 1, [response(5, stored("hello"))])).rejects.toBeInstanceOf(InputError);
    },
  );
});

describe("upstream test_bfcl_v4_scorer.py — hallucination and relevance", () => {
  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:256 test_plain_text_refusal_scores_one", () => {
    expect(one("irrelevance", parts("I cannot help with that request."))).toBe(1);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:260 test_structured_tool_call_scores_zero", () => {
    expect(one("irrelevance", parts("", [F_CALL]))).toBe(0);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:278 test_structured_tool_call_scores_one", () => {
    expect(one("live_relevance", parts("", [F_CALL]))).toBe(1);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:291 test_plain_text_scores_zero", () => {
    expect(one("live_relevance", parts("I don't think a tool is needed here."))).toBe(0);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:295 test_relevance_is_inverse_of_hallucination", () => {
    expect(one("live_relevance", parts("", [F_CALL]))).toBe(1);
    expect(one("live_irrelevance", parts("", [F_CALL]))).toBe(0);
  });
});

describe("upstream test_bfcl_v4_scorer.py — FunctionCallExtractor's public API", () => {
  const raw = JSON.stringify([F_CALL]);
  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:315 test_true_for_serialized_tool_calls", () => {
    expect(hasNativeToolCalls(raw)).toBe(true);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:327 test_false_for_plain_text", () => {
    expect(hasNativeToolCalls("just prose, no calls")).toBe(false);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:332 test_extract_tolerates_non_dict_function_value", () => {
    expect(extractFunctionCalls('[{"function": "foo"}]')).toBeNull();
    expect(extractFunctionCalls('[{"function": ["x"]}]')).toBeNull();
    expect(hasNativeToolCalls('[{"function": "foo"}]')).toBe(false);
  });
});

describe("upstream test_bfcl_v4_scorer.py — the AST path", () => {
  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:346 test_empty_expected_no_calls_scores_one", () => {
    expect(one("simple_python", parts("[]"), "[]")).toBe(1);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:351 test_empty_expected_with_calls_scores_zero", () => {
    expect(one("simple_python", parts("", [F_CALL]), "[]")).toBe(0);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:356 test_invalid_ground_truth_scores_zero", () => {
    expect(one("simple_python", parts("[]"), "not-json")).toBe(0);
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:360 test_ast_checker_result_is_honored", () => {
    expect(one("live_simple", parts("", [TOOL_CALL]), GT, DESCRIPTION)).toBe(1);
    expect(one("live_simple", parts("[]"), GT, DESCRIPTION)).toBe(0);
  });
});

describe("upstream test_bfcl_v4_scorer.py — the full path", () => {
  const rows = [row("live_simple"), row("live_simple"), row("live_multiple")];

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:375 test_live_sample_weighted_aggregation", async () => {
    const entry = await bfcl(rows, 3, [
      response(0, stored("", [TOOL_CALL])),
      response(1, stored("Sorry, I can't.")),
      response(2, stored("", [TOOL_CALL])),
    ]);
    expect(entry.score).toBeCloseTo(2 / 3, 12);
    expect(entry.num_repeats).toBe(1);
    expect(entry.breakdown).toMatchObject({
      subset_scores: { live_simple: 50, live_multiple: 100 },
      category_scores: { live: 66.67 },
      normalized_single_turn_score: 66.67,
      overall_accuracy: 66.67,
      total_samples: 3,
      issued_samples: 3,
    });
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:436 test_missing_samples_count_as_failures", async () => {
    const entry = await bfcl(rows, 3, [response(0, stored("", [TOOL_CALL])), response(2, stored("", [TOOL_CALL]))]);
    expect(entry.score).toBeCloseTo(2 / 3, 12);
    expect(entry.num_repeats).toBe(1);
    expect(entry.breakdown).toMatchObject({
      subset_scores: { live_simple: 50, live_multiple: 100 },
      total_samples: 2,
      issued_samples: 3,
      overall_accuracy: 66.67,
      normalized_single_turn_score: 66.67,
    });
  });

  test("tests/unit/evaluation/test_bfcl_v4_scorer.py:500 test_duplicate_complete_scored_once", async () => {
    const entry = await bfcl([row("live_simple")], 1, [
      response(0, stored("", [TOOL_CALL])),
      response(0, stored("", [TOOL_CALL])),
    ]);
    expect(entry.score).toBeCloseTo(1, 12);
    expect(entry.breakdown).toMatchObject({ total_samples: 1, issued_samples: 1 });
  });
});

// not transcribed:
// - tests/unit/evaluation/test_bfcl_v4_scorer.py:197 test_get_scoring_outputs_empty_is_columned — a pandas frame's
//   columns; we hand the scorer a list of samples, which has no columns to lose.
