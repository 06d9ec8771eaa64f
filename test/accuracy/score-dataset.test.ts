/** @module test/accuracy/score-dataset — scoring semantics: denominators, repeats, missing and failed samples. */
import { describe, expect, test } from "bun:test";
import type { ResponseForScoring, ScoreInput } from "../../src/accuracy/accuracy-entry.ts";
import { scoreDataset } from "../../src/accuracy/score-dataset.ts";
import { exactMatch, passAt1, stringMatch } from "../../src/accuracy/sample-scorers.ts";
import { countResponses } from "../../src/accuracy/response-counts.ts";
import { BenchmarkError, InputError } from "../../src/errors.ts";

const ROWS = ["choice1", "choice2", "choice3", "choice4", "choice1"].map((ground_truth, i) => ({
  question: `q${i}`,
  ground_truth,
}));
const LETTER: Record<string, string> = { choice1: "A", choice2: "B", choice3: "C", choice4: "D" };

/** A response answering row `i` correctly (or with `letter`). */
function answer(i: number, repeat = 0, letter?: string): ResponseForScoring {
  return {
    datasetIndex: i,
    repeat,
    text: `Answer: ${letter ?? LETTER[ROWS[i]?.ground_truth ?? ""]}`,
    outputTokens: 10 + i,
  };
}

function input(overrides: Partial<ScoreInput>): ScoreInput {
  return {
    datasetName: "gpqa",
    datasetType: "accuracy",
    evalMethod: "pass_at_1",
    extractor: "abcd_extractor",
    groundTruthColumn: "ground_truth",
    rows: ROWS,
    numRepeats: 1,
    issued: 5,
    responses: [],
    durationS: 1.23456,
    ...overrides,
  };
}

describe("accuracy/sample-scorers", () => {
  test.each([
    ["pass_at_1 equal", passAt1, "42", "42", 1],
    ["pass_at_1 is exact", passAt1, " 42", "42", 0],
    ["pass_at_1 null answer", passAt1, null, "42", 0],
    ["pass_at_1 null truth", passAt1, "42", null, 0],
    ["string_match trims both", stringMatch, " 42\n", "42 ", 1],
    ["string_match keeps case", stringMatch, "Paris", "paris", 0],
    ["exact_match folds case", exactMatch, "PARIS", "paris", 1],
    ["exact_match collapses whitespace", exactMatch, "  New \n York ", "new york", 1],
    ["exact_match still compares words", exactMatch, "new yorks", "new york", 0],
  ] as const)("%s", (_title, compare, extracted, truth, expected) => {
    expect(compare(extracted, truth)).toBe(expected);
  });
});

describe("accuracy/response-counts", () => {
  test.each([
    ["all scored", 3, [answer(0), answer(1), answer(2)], { issued: 3, scored: 3, empty: 0, missing: 0 }],
    [
      "failed and blank are empty, whitespace is text (upstream's truthiness)",
      4,
      [answer(0), { ...answer(1), text: null }, { ...answer(2), text: "" }, { ...answer(3), text: " \n" }],
      { issued: 4, scored: 2, empty: 2, missing: 0 },
    ],
    [
      "a lost request never completed: missing",
      3,
      [answer(0), { ...answer(1), text: null, lost: true }, { ...answer(2), text: null }],
      { issued: 3, scored: 1, empty: 1, missing: 1 },
    ],
    [
      "a completed response wins over a lost one of the same sample",
      1,
      [{ ...answer(0), text: null, lost: true }, answer(0)],
      { issued: 1, scored: 1, empty: 0, missing: 0 },
    ],
    ["absent samples are missing", 4, [answer(0)], { issued: 4, scored: 1, empty: 0, missing: 3 }],
    ["a duplicate counts once", 2, [answer(0), answer(0, 0, "D")], { issued: 2, scored: 1, empty: 0, missing: 1 }],
    [
      "more responses than issued raise the denominator",
      1,
      [answer(0), answer(1)],
      { issued: 2, scored: 2, empty: 0, missing: 0 },
    ],
  ])("%s", (_title, issued, responses, expected) => {
    expect(countResponses(issued, responses).counts).toEqual(expected);
  });
});

describe("accuracy/score-dataset", () => {
  test("3 of 5 correct is exactly 0.6", async () => {
    const responses = [answer(0), answer(1), answer(2), answer(3, 0, "A"), answer(4, 0, "B")];
    const entry = await scoreDataset(input({ responses }));
    expect(entry.score).toBe(0.6);
    expect(entry).toMatchObject({
      dataset_name: "gpqa",
      extractor: "ABCDExtractor",
      ground_truth_column: "ground_truth",
      unit_samples: 5,
      num_repeats: 1,
      total_samples: 5,
      duration_s: 1.235,
      complete: true,
      dataset_type: "accuracy",
      response_counts: { issued: 5, scored: 5, empty: 0, missing: 0 },
    });
  });

  test("averages over repeats", async () => {
    // Pass 0: 5/5 right; pass 1: 2/5 right → (5 + 2) / 10.
    const pass0 = [0, 1, 2, 3, 4].map((i) => answer(i, 0));
    const pass1 = [answer(0, 1), answer(1, 1), answer(2, 1, "D"), answer(3, 1, "A"), answer(4, 1, "C")];
    const entry = await scoreDataset(input({ numRepeats: 2, issued: 10, responses: [...pass0, ...pass1] }));
    expect(entry.score).toBe(0.7);
    expect(entry.total_samples).toBe(10);
  });

  test("failed and missing samples count as wrong", async () => {
    const responses = [answer(0), answer(1), { ...answer(2), text: null }];
    const entry = await scoreDataset(input({ responses }));
    expect(entry.score).toBe(0.4);
    expect(entry.response_counts).toEqual({ issued: 5, scored: 2, empty: 1, missing: 2 });
  });

  test("all missing scores 0.0", async () => {
    const entry = await scoreDataset(input({ responses: [] }));
    expect(entry.score).toBe(0);
    expect(entry.output_sequence_lengths).toBeUndefined();
  });

  test("nothing issued scores null", async () => {
    const entry = await scoreDataset(input({ issued: 0 }));
    expect(entry.score).toBeNull();
    expect(entry.response_counts).toEqual({ issued: 0, scored: 0, empty: 0, missing: 0 });
  });

  test("rolls up output tokens", async () => {
    const entry = await scoreDataset(
      input({ responses: [answer(0), answer(2), { ...answer(4), outputTokens: null }] }),
    );
    expect(entry.output_sequence_lengths).toMatchObject({ min: 10, max: 12, avg: 11 });
  });

  test.each([
    [
      "string_match with identity compares the whole output",
      "string_match",
      "identity_extractor",
      [{ datasetIndex: 0, repeat: 0, text: " choice1 ", outputTokens: null }],
      0.2,
    ],
    [
      "exact_match without an extractor",
      "exact_match",
      null,
      [{ datasetIndex: 1, repeat: 0, text: "CHOICE2", outputTokens: null }],
      0.2,
    ],
    [
      "pass_at_1 with identity is exact",
      "pass_at_1",
      "identity_extractor",
      [{ datasetIndex: 0, repeat: 0, text: "choice1\n", outputTokens: null }],
      0,
    ],
  ])("%s", async (_title, evalMethod, extractor, responses, score) => {
    expect((await scoreDataset(input({ evalMethod, extractor, responses }))).score).toBe(score);
  });

  test("a performance dataset counts the issued samples as its total", async () => {
    const entry = await scoreDataset(
      input({
        datasetName: "performance",
        datasetType: "performance",
        issued: 3,
        responses: [answer(0), answer(1), answer(2)],
      }),
    );
    expect(entry).toMatchObject({ dataset_type: "performance", total_samples: 3, score: 1 });
  });

  test.each([
    [
      "an unknown scorer",
      { evalMethod: "bleu" },
      /unknown eval_method 'bleu'/,
      /code_bench_scorer, exact_match, pass_at_1, rouge, shopify_category_f1, string_match/,
    ],
    ["a seed scorer we lack", { evalMethod: "vbench" }, /'vbench' is not supported/, /pass_at_1/],
    ["an unknown extractor", { extractor: "nope" }, /unknown extractor 'nope'/, /abcd_extractor/],
    [
      "pass_at_1 without an extractor",
      { extractor: null },
      /needs an extractor/,
      /abcd_extractor, boxed_math_extractor/,
    ],
    [
      "string_match without an extractor",
      { evalMethod: "string_match", extractor: null },
      /.string_match. needs an extractor/,
      /identity_extractor/,
    ],
    [
      "a missing ground-truth column",
      { groundTruthColumn: "answer" },
      /no ground-truth column 'answer'/,
      /question, ground_truth/,
    ],
    ["a response outside the dataset", { responses: [answer(7)] }, /row 7, but the dataset has 5 rows/, /^$/],
    [
      "repeats on a performance dataset",
      { datasetType: "performance", numRepeats: 2 } as const,
      /must be 1 on a performance dataset/,
      /^$/,
    ],
    [
      "code bench without permission",
      { evalMethod: "code_bench_scorer", extractor: "python_code_extractor" },
      /permission to execute/,
      /--allow-code-execution/,
    ],
  ])("rejects %s with an InputError", async (_title, overrides, message, hint) => {
    const error = await scoreDataset(input(overrides as Partial<ScoreInput>)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as BenchmarkError).message).toMatch(message);
    expect((error as BenchmarkError).hint ?? "").toMatch(hint);
  });
});
