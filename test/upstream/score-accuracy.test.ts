/**
 * @module test/upstream/score-accuracy — upstream's tests/unit/commands/test_score_accuracy.py against accuracy/score-dataset.
 *
 * Upstream's `score_accuracy` builds one accuracy_results.json entry per dataset from a scorer
 * and the phase's outputs; ours is `scoreDataset` over the phase's responses. Upstream's fake
 * scorers return a fixed score and take no extractor; here an exact_match dataset (no extractor
 * either) whose rows the responses answer gives it. Its word-counting tokenizer is each response's `outputTokens`, as our client
 * tokenizer writes them (record/read-responses), with the seconds it took as `tokenizeS`.
 */
import { describe, expect, test } from "bun:test";
import type { ResponseForScoring, ScoreInput } from "../../src/accuracy/accuracy-entry.ts";
import { countResponses } from "../../src/accuracy/response-counts.ts";
import { scoreDataset } from "../../src/accuracy/score-dataset.ts";

const T = "tests/unit/commands/test_score_accuracy.py";
const SRC = "src/inference_endpoint/commands/benchmark/accuracy.py";

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ ground_truth: `a${i}` }));
/** A response to row `i` with `text`; its token count is its words, as upstream's word backend counts. */
const said = (i: number, text: string | null, repeat = 0): ResponseForScoring => ({
  datasetIndex: i,
  repeat,
  text,
  outputTokens: text === null ? null : text.split(/\s+/).filter(Boolean).length,
});
const right = (n: number, correct: number, repeats = 1): ResponseForScoring[] =>
  Array.from({ length: n * repeats }, (_, k) => said(k % n, k < correct ? `a${k % n}` : "wrong", Math.floor(k / n)));

function input(overrides: Partial<ScoreInput> & { n?: number }): ScoreInput {
  const { n = 2, ...rest } = overrides;
  return {
    datasetName: "aime25::gptoss",
    datasetType: "accuracy",
    evalMethod: "exact_match",
    extractor: null,
    groundTruthColumn: "ground_truth",
    groundTruthSetting: null,
    rows: rows(n),
    numRepeats: 1,
    issued: n,
    responses: [],
    durationS: 0,
    ...rest,
  };
}

describe("upstream test_score_accuracy.py", () => {
  test(`${T}:253 test_each_dataset_gets_its_own_entry: total = unit × repeats, no breakdown`, async () => {
    const aime = await scoreDataset(input({ n: 30, numRepeats: 8, issued: 240, responses: right(30, 192, 8) }));
    const gpqa = await scoreDataset(input({ datasetName: "gpqa::gptoss", n: 198, numRepeats: 5, issued: 990 }));
    expect(aime).toMatchObject({ score: 0.8, unit_samples: 30, num_repeats: 8, total_samples: 240 });
    expect(gpqa.total_samples).toBe(990);
    expect("breakdown" in aime).toBe(false);
  });

  test(`${T}:275 test_breakdown_attached_only_when_scorer_provides_it`, async () => {
    const plain = await scoreDataset(input({ responses: right(2, 1) }));
    const bfcl = await scoreDataset(
      input({ evalMethod: "bfcl_v4", extractor: "function_call_extractor", issued: 0, rows: [] }),
    );
    expect("breakdown" in plain).toBe(false);
    expect(bfcl.breakdown).toMatchObject({ overall_accuracy: 0, subset_scores: {} });
  });

  test(`${T}:284 test_performance_entry_uses_issued_count_for_total`, async () => {
    const entry = await scoreDataset(
      input({ datasetName: "performance", datasetType: "performance", n: 3, issued: 128, durationS: 3.0 }),
    );
    expect(entry).toMatchObject({ unit_samples: 3, num_repeats: 1, total_samples: 128, duration_s: 3.0 });
  });

  test(`${T}:326 test_no_osl_without_tokenizer (declared difference: the responses' own counts give the block; upstream writes none)`, async () => {
    // Without a tokenizer upstream has no count of an output; ours has the server's usage count of each response.
    const entry = await scoreDataset(input({ responses: [said(0, "a b"), said(1, "a b c d")] }));
    expect(entry.output_sequence_lengths).toMatchObject({ min: 2, max: 4 });
    expect("osl_tokenize_s" in entry).toBe(false);
  });

  test(`${T}:333 test_osl_attached_with_tokenizer: the perf report's block and the tokenizer's seconds`, async () => {
    const entry = await scoreDataset(input({ responses: [said(0, "a b"), said(1, "a b c d")], tokenizeS: 0.0123 }));
    const osl = entry.output_sequence_lengths as Record<string, unknown>;
    expect(osl).toMatchObject({ avg: 3.0, min: 2, max: 4 });
    expect(Object.keys(osl)).toEqual(
      expect.arrayContaining(["median", "std_dev", "total", "percentiles", "histogram"]),
    );
    expect(entry.osl_tokenize_s).toBe(0.012);
  });

  test(`${T}:354 test_osl_skipped_for_performance_entry / :431 test_response_counts_skipped_for_performance_entry`, async () => {
    const entry = await scoreDataset(
      input({
        datasetName: "performance",
        datasetType: "performance",
        responses: [said(0, "a b"), said(1, "a b c d")],
        tokenizeS: 0.5,
      }),
    );
    expect(["output_sequence_lengths", "response_counts", "osl_tokenize_s"].filter((k) => k in entry)).toEqual([]);
  });

  test(`${T}:382 test_response_counts_without_tokenizer`, async () => {
    const entry = await scoreDataset(input({ responses: [said(0, "a b"), said(1, "a b c d")] }));
    expect(entry.response_counts).toEqual({ issued: 2, scored: 2, empty: 0, missing: 0 });
  });

  test(`${T}:395 test_response_counts_published_when_all_empty: no lengths block`, async () => {
    const entry = await scoreDataset(input({ responses: [said(0, ""), said(1, "")], tokenizeS: 0.1 }));
    expect(entry.response_counts).toEqual({ issued: 2, scored: 0, empty: 2, missing: 0 });
    expect("output_sequence_lengths" in entry).toBe(false);
  });

  test(`${T}:413 test_response_counts_classifies_missing: the lengths count only the scored response`, async () => {
    const entry = await scoreDataset(input({ n: 3, issued: 3, responses: [said(0, "x y"), said(1, "")] }));
    expect(entry.response_counts).toEqual({ issued: 3, scored: 1, empty: 1, missing: 1 });
    expect(entry.output_sequence_lengths).toMatchObject({ total: 2 });
  });

  test(`${T}:436 test_all_missing_still_publishes_response_counts`, async () => {
    const entry = await scoreDataset(input({ n: 3, issued: 3 }));
    expect(entry.response_counts).toEqual({ issued: 3, scored: 0, empty: 0, missing: 3 });
    expect("output_sequence_lengths" in entry).toBe(false);
  });

  test.each([
    ["a", [said(0, "x y z"), said(1, "x")], { avg: 2.0, min: 1, max: 3, total: 4 }],
    ["large population", Array.from({ length: 300 }, (_, i) => said(i, "w")), { total: 300, avg: 1.0 }],
    ["skips empty outputs", [said(0, ""), said(1, "x y")], { total: 2, min: 2, avg: 2.0 }],
  ] as const)(`${T}:521-:548 TestPhaseOslStats (%s)`, async (_title, responses, expected) => {
    const entry = await scoreDataset(input({ n: 300, issued: responses.length + 1, responses: [...responses] }));
    expect(entry.output_sequence_lengths).toMatchObject(expected);
  });

  test(`${T}:538 / :550 TestPhaseOslStats: no block when no output has text`, async () => {
    expect("output_sequence_lengths" in (await scoreDataset(input({ issued: 1 })))).toBe(false);
    expect("output_sequence_lengths" in (await scoreDataset(input({ responses: [said(0, "")] })))).toBe(false);
  });

  test(`${T}:556-:584 TestPhaseResponseCounts`, () => {
    expect(countResponses(3, [said(0, "x y"), said(1, "")]).counts).toEqual({
      issued: 3,
      scored: 1,
      empty: 1,
      missing: 1,
    });
    const c = countResponses(4, [said(0, "x"), said(1, ""), said(2, "y")]).counts;
    expect(c.issued).toBe(c.scored + c.empty + c.missing);
    expect(countResponses(0, []).counts).toEqual({ issued: 0, scored: 0, empty: 0, missing: 0 });
    expect(countResponses(4, [said(0, "x y"), said(1, ""), said(2, "z")]).usable).toHaveLength(2);
  });

  test(`${T}:646 test_accuracy_entry_has_phase_duration`, async () => {
    expect((await scoreDataset(input({ durationS: 5.5 }))).duration_s).toBe(5.5);
  });

  test(`${SRC}:308-313 the entry names the extractor by its class and the ground truth as configured`, async () => {
    const entry = await scoreDataset(input({ extractor: "abcd_extractor", responses: [said(0, "A")] }));
    expect(Object.keys(entry).slice(0, 3)).toEqual(["dataset_name", "extractor", "ground_truth_column"]);
    expect([entry.extractor, entry.ground_truth_column]).toEqual(["ABCDExtractor", null]);
    expect("eval_method" in entry).toBe(false);
    const named = await scoreDataset(input({ groundTruthSetting: "ground_truth" }));
    expect(named.ground_truth_column).toBe("ground_truth");
  });
});

// not transcribed:
// - :216 test_swebench_receives_typed_runtime_model_and_endpoint — swe_bench_scorer is refused outside --mode perf here
//   (docs/upstream-config.md), so no scorer receives the model and endpoint.
// - :307 test_empty_when_no_datasets, :310 test_perf_mode_skips_only_external_scoring — the run's dataset list: without
//   one nothing is scored or written (test/accuracy/accuracy-results), and perf mode leaves the SWE-bench dataset out of
//   the workload (workload/accuracy-phases, test/config).
// - :364 test_osl_dropped_when_get_raw_outputs_raises, :454 no fast backend, :465 tokenizer load failure — upstream's
//   optional second read of the outputs and its tokenizer backends; ours reads the counts with the responses, and a
//   tokenizer that cannot load stops the run before the first request.
// - :482 / :502 and TestAccuracyUuidBound (:589-:641) — sample_idx_map.json bounding upstream's read of events.jsonl;
//   ours reads each phase's rows from events.db.
// - :663 test_numpy_score_coerced_to_serializable — numpy scalars have no counterpart.
