/**
 * @module test/upstream/runtime-settings — upstream's tests/unit/config/test_runtime_settings_sample_order.py and the
 * sample count of its runtime_settings.py (`RuntimeSettings.total_samples_to_issue`) against config/rules/sample-count.ts.
 */
import { describe, expect, test } from "bun:test";
import { totalSamplesToIssue } from "../../src/config/rules/sample-count.ts";

describe("upstream runtime_settings.py total_samples_to_issue", () => {
  // Each expected value is upstream's own function's output for the inputs (Python floats, no epsilon).
  test.each([
    {
      what: "10 QPS × 600 s × 1.1 over 100 rows (6600.000000000001 → 6601 → 6700)",
      qps: 10,
      ms: 600_000,
      size: 100,
      want: 6700,
    },
    { what: "default 10 QPS when target_qps is null, 1000 rows", qps: null, ms: 600_000, size: 1000, want: 7000 },
    {
      what: "10 QPS × 10 s × 1.1 over 10 rows (110.00000000000001 → 111 → 120)",
      qps: 10,
      ms: 10_000,
      size: 10,
      want: 120,
    },
    { what: "an exact product stays (10 × 1 s × 1.1 is 11.0)", qps: 10, ms: 1_000, size: 1, want: 11 },
    { what: "an empty dataset is not aligned", qps: 10, ms: 600_000, size: 0, want: 6601 },
    { what: "a zero duration issues the dataset once", qps: 10, ms: 0, size: 250, want: 250 },
    { what: "a zero duration with no rows issues min_sample_count (1)", qps: 10, ms: 0, size: 0, want: 1 },
  ])("$what → $want", ({ qps, ms, size, want }) => {
    expect(totalSamplesToIssue({ minDurationMs: ms, targetQps: qps, datasetSize: size })).toBe(want);
  });

  test("an explicit n_samples_to_issue wins over everything", () => {
    expect(totalSamplesToIssue({ nSamplesToIssue: 7, minDurationMs: 600_000, targetQps: 10, datasetSize: 100 })).toBe(
      7,
    );
  });
});

// not transcribed:
// - tests/unit/config/test_runtime_settings_sample_order.py:21-52 (test_default_is_without_replacement, the three factories,
//   test_spec_is_frozen) — upstream's SampleOrderSpec dataclass and its immutability; ours has no such object (a phase's
//   plan carries its sample indices, src/plan).
