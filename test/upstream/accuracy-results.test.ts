/**
 * @module test/upstream/accuracy-results — transcribes upstream's tests/unit/evaluation/test_accuracy_results.py
 * (average_accuracy: the plain mean of the accuracy components' numeric scores) against accuracy/accuracy-results-file.
 */
import { describe, expect, test } from "bun:test";
import type { AccuracyEntry } from "../../src/accuracy/accuracy-entry.ts";
import { averageAccuracy } from "../../src/accuracy/accuracy-results-file.ts";

const T = "tests/unit/evaluation/test_accuracy_results.py";
/** Upstream's entries are bare dicts: only the keys average_accuracy reads are given. */
const entries = (list: Record<string, unknown>[]) => list as unknown as AccuracyEntry[];

describe("upstream test_accuracy_results.py — average_accuracy", () => {
  test(`${T}:105 test_multi_component_mean`, () => {
    const scores = entries([
      { dataset_name: "aime25::gptoss", score: 83.33 },
      { dataset_name: "gpqa::gptoss", score: 74.75 },
      { dataset_name: "livecodebench::gptoss", score: 84.74 },
    ]);
    expect(averageAccuracy(scores)).toBeCloseTo((83.33 + 74.75 + 84.74) / 3, 12);
  });

  test(`${T}:113 test_single_component_equals_itself`, () => {
    expect(averageAccuracy(entries([{ dataset_name: "dsr1", score: 81.04 }]))).toBe(81.04);
  });

  test(`${T}:116 test_excludes_performance_and_non_numeric`, () => {
    const scores = entries([
      { dataset_name: "perf", score: 999.0, dataset_type: "performance" },
      { dataset_name: "rouge", score: { rougeL: 1.0 } },
      { dataset_name: "flag", score: true },
      { dataset_name: "aime", score: 80.0 },
    ]);
    expect(averageAccuracy(scores)).toBe(80);
  });

  test(`${T}:125 test_homogeneous_fraction_scores_average`, () => {
    const scores = entries([
      { dataset_name: "aime", score: 0.8 },
      { dataset_name: "gpqa", score: 0.9 },
    ]);
    expect(averageAccuracy(scores)).toBeCloseTo(0.85, 12);
  });

  test(`${T}:132 test_all_percentage_scores_average_incl_near_zero`, () => {
    const scores = entries([
      { dataset_name: "lcb", score: 0.0 },
      { dataset_name: "aime", score: 80.0 },
    ]);
    expect(averageAccuracy(scores)).toBeCloseTo(40, 12);
  });

  test(`${T}:141 test_excludes_by_type_not_name`, () => {
    expect(averageAccuracy(entries([{ dataset_name: "performance", score: 90.0, dataset_type: "accuracy" }]))).toBe(90);
  });

  test(`${T}:149 test_none_when_nothing_numeric`, () => {
    expect(averageAccuracy([])).toBeNull();
    expect(averageAccuracy(entries([{ dataset_name: "perf", score: 5.0, dataset_type: "performance" }]))).toBeNull();
  });
});

// not transcribed:
// - test_accuracy_results.py:32–44 (to_float) and :70–100 (find_accuracy_breakdown, find_accuracy_entry) — the
//   compliance checker's readers of a results file: they belong to the checker's port (src/mlperf), not to scoring.
// - test_accuracy_results.py:49–65 (build_breakdown) — the gpt-oss roll-up's and DeepSeek-R1's breakdown; neither
//   scorer is ported, and BFCL (the one breakdown we write) builds its own (accuracy/bfcl/bfcl-score).
