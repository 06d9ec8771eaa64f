/**
 * @module test/upstream/report-builder — upstream's tests/unit/metrics/test_report_builder.py, run against
 * metrics/series-rollup and metrics/throughput.
 *
 * Upstream's `series_metric_dict(values)` is our `rollupSeries(values, { earlyStopping: false })`;
 * its `Report.from_snapshot` QPS/TPS choice between the LoadGen window and the native one is our
 * `computeThroughput`.
 */
import { describe, expect, test } from "bun:test";
import { hasValues, rollupSeries, type SeriesRollup } from "../../src/metrics/series-rollup.ts";
import { computeThroughput } from "../../src/metrics/throughput.ts";
import type { AccuracyEntry } from "../../src/accuracy/accuracy-entry.ts";
import { accuracyLines } from "../../src/accuracy/accuracy-text.ts";
import { renderConsoleSummary, renderReportText } from "../../src/report/report-text.ts";
import { stopCause } from "../../src/report/stop-cause.ts";
import { sampleSummary } from "../report/sample-summary.ts";

const T = "tests/unit/metrics/test_report_builder.py";
const rollup = (values: number[]): SeriesRollup => {
  const r = rollupSeries(Float64Array.from(values), { earlyStopping: false });
  if (!hasValues(r)) throw new Error("expected values");
  return r;
};
const span = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
// The fixture's OSL: 100 + i for 50 samples, tracked over 10 s.
const OSL_TOTAL = span(100, 150).reduce((a, b) => a + b, 0);

describe("upstream test_report_builder.py", () => {
  test(`${T}:66 test_empty_returns_empty`, () => {
    expect(rollupSeries(new Float64Array(0), { earlyStopping: false })).toEqual({});
  });

  test(`${T}:69 test_keys_match_perf_block`, () => {
    const keys = ["avg", "min", "max", "median", "std_dev", "total", "percentiles", "histogram"];
    expect(Object.keys(rollup([2, 4, 6]))).toEqual(expect.arrayContaining(keys));
  });

  test(`${T}:73 test_basic_stats`, () => {
    expect(rollup([2, 4, 6])).toMatchObject({ avg: 4.0, min: 2, max: 6, total: 12, median: 4 });
  });

  test(`${T}:81 test_single_value`, () => {
    expect(rollup([7])).toMatchObject({ avg: 7.0, min: 7, max: 7, std_dev: 0.0, median: 7 });
  });

  test(`${T}:88 test_all_equal_values`, () => {
    const d = rollup([3, 3, 3]);
    expect(d).toMatchObject({ min: 3, max: 3, avg: 3.0, std_dev: 0.0 });
    expect(d.histogram.counts.reduce((a, b) => a + b, 0)).toBe(3);
  });

  test(`${T}:219 test_with_metrics (isl and osl rollups)`, () => {
    const isl = rollup(span(50, 100));
    const osl = rollup(span(100, 150));
    expect(isl).toMatchObject({ total: 3725, min: 50, max: 99, median: 74.0, avg: 74.5 });
    expect(isl.std_dev).toBeCloseTo(Math.sqrt(212.5), 12);
    expect(osl).toMatchObject({ total: OSL_TOTAL, min: 100, max: 149, median: 124.0, avg: 124.5 });
    expect(osl.std_dev).toBeCloseTo(Math.sqrt(212.5), 12);
    expect(isl.percentiles).not.toEqual(osl.percentiles);
    expect(isl.histogram.buckets).not.toEqual(osl.histogram.buckets);
    expect(isl.histogram.counts.reduce((a, b) => a + b, 0)).toBe(50);
    expect(osl.histogram.counts.reduce((a, b) => a + b, 0)).toBe(50);
  });

  const base = { completed: 50, successful: 50, outputTokens: OSL_TOTAL, durationNs: 10e9 };

  test(`${T}:219 test_with_metrics (native qps 5.0)`, () => {
    expect(computeThroughput({ ...base, legacyWindowNs: null, useLegacy: false }).qps).toBeCloseTo(5.0, 12);
  });

  test(`${T}:201 test_empty_registry (no duration: qps and tps null)`, () => {
    const t = computeThroughput({
      completed: 0,
      successful: 0,
      outputTokens: null,
      durationNs: null,
      legacyWindowNs: null,
      useLegacy: true,
    });
    expect([t.qps, t.tps]).toEqual([null, null]);
  });

  test(`${T}:704 test_default_uses_loadgen_window`, () => {
    const t = computeThroughput({ ...base, legacyWindowNs: 8e9, useLegacy: true });
    expect(t.legacyLoadgenWindowDurationNs).toBe(8e9);
    expect(t.qps).toBeCloseTo(49 / 8.0, 12);
    expect(t.tps).toBeCloseTo(OSL_TOTAL / 8.0, 9);
  });

  test(`${T}:717 test_disabled_uses_native`, () => {
    const t = computeThroughput({ ...base, legacyWindowNs: 8e9, useLegacy: false });
    expect(t.legacyLoadgenWindowDurationNs).toBeNull();
    expect(t.qps).toBeCloseTo(5.0, 12);
    expect(t.tps).toBeCloseTo(OSL_TOTAL / 10.0, 9);
  });

  test(`${T}:731 test_falls_back_to_native_when_window_unavailable`, () => {
    const t = computeThroughput({ ...base, legacyWindowNs: null, useLegacy: true });
    expect(t.legacyLoadgenWindowDurationNs).toBeNull();
    expect(t.qps).toBeCloseTo(5.0, 12);
    expect(t.tps).toBeCloseTo(OSL_TOTAL / 10.0, 9);
  });

  test(`${T}:742 test_loadgen_qps_falls_back_when_completed_lt_2`, () => {
    const t = computeThroughput({
      completed: 1,
      successful: 1,
      outputTokens: 100,
      durationNs: 10e9,
      legacyWindowNs: 1e9,
      useLegacy: true,
    });
    expect(t.qps).toBeCloseTo(0.1, 12);
    expect(t.tps).toBeCloseTo(100 / 10.0, 12);
    expect(t.legacyLoadgenWindowDurationNs).toBeNull();
  });
});

describe("upstream test_report_builder.py — display()", () => {
  test(`${T}:339 test_display_summary`, () => {
    const text = renderConsoleSummary(sampleSummary());
    for (const part of ["Summary", "QPS:", "TPS:", "End of Summary"]) expect(text).toContain(part);
  });

  test(`${T}:357 test_display_tps_na_when_unmeasured`, () => {
    expect(renderConsoleSummary({ ...sampleSummary(), tps: null })).toContain("TPS: N/A");
  });

  test(`${T}:410 test_display_full`, () => {
    const text = renderReportText(sampleSummary());
    for (const part of ["Latency Breakdowns", "TTFT", "Histogram", "Percentiles"]) expect(text).toContain(part);
  });

  test(`${T}:462 test_to_json_and_display_carry_run_config: Python's values in the Run config lines`, () => {
    const run_config = {
      load_pattern: { type: "poisson", target_qps: 14.75 },
      warmup: { enabled: false, n_requests: null },
      scheduler_random_seed: 42,
      dataloader_random_seed: 42,
    };
    const lines = renderConsoleSummary({ ...sampleSummary(), run_config }).split("\n");
    expect(lines).toContain("Run config:");
    expect(lines.some((l) => l.includes("load_pattern:") && l.includes("poisson"))).toBe(true);
    // Upstream prints `f"{k}={v}"` of the model_dump: Python's None and False.
    expect(lines).toContain("  warmup: enabled=False, n_requests=None");
  });

  test(`${T}:495 test_display_no_started_at / Report.display: no Git SHA line without a SHA`, () => {
    expect(renderConsoleSummary({ ...sampleSummary(), git_sha: "abc1234" })).toContain("\nGit SHA: abc1234\n");
    expect(renderConsoleSummary({ ...sampleSummary(), git_sha: null })).not.toContain("Git SHA");
  });

  test(`${T}:640 test_display_handles_scrubbed_nan_percentiles`, () => {
    const s = sampleSummary();
    const ttft = { ...s.ttft, percentiles: { "50.0": null, "90.0": null, "99.0": null } } as unknown as typeof s.ttft;
    const text = renderReportText({ ...s, ttft });
    expect(text).toContain("TTFT");
    expect(text).toContain("N/A");
    expect(text).toContain("\n    50.0: N/A ms\n"); // report.py:573: `{_scaled(val)} {unit}`
  });

  test(`${T}:495 test_display_no_started_at`, () => {
    expect(renderConsoleSummary({ ...sampleSummary(), test_started_at: 0 })).not.toContain("Test started at");
  });

  test(`${T}:518 test_display_warns_when_incomplete (ours: a run whose every worker died; a drain timeout is complete here)`, () => {
    // Upstream's incomplete report is a drain timeout or a missing final snapshot of its metrics service; ours has neither:
    // requests cancelled at the drain timeout are recorded as errors of a complete run.
    const text = renderConsoleSummary(sampleSummary({ state: "failed" }));
    expect(text).toContain("WARNING");
    expect(text.toLowerCase()).toContain("incomplete");
  });

  test(`${T}:541 test_display_warns_when_interrupted (declared difference: names the signal that stopped the run; upstream's says SIGTERM/SIGINT)`, () => {
    const meta = { state: "interrupted", stop_reason: "interrupted", stop_signal: "SIGTERM" };
    const text = renderConsoleSummary(sampleSummary({ state: "interrupted" }), [], stopCause(meta));
    expect(text.toLowerCase()).toContain("interrupted");
    expect(text).toContain("SIGTERM");
    expect(text).toContain("WARNING: run was interrupted (SIGTERM) — metrics below are best-effort partial data.");
  });

  test(`${T}:364 test_display_accuracy_section: score :.4g, duration :.2f, subset_scores only, counts, lengths, seconds`, () => {
    // Upstream's entry is a bare dict with only the keys display() reads.
    const entry = {
      dataset_name: "gptoss",
      score: 82.3,
      unit_samples: 1283,
      num_repeats: 1,
      total_samples: 1283,
      duration_s: 12.5,
      complete: false,
      response_counts: { issued: 1283, scored: 1280, empty: 2, missing: 1 },
      output_sequence_lengths: { avg: 650.4, min: 12, max: 4096, histogram: {} },
      osl_tokenize_s: 1.234,
      breakdown: {
        overall_accuracy: 82.3,
        subset_scores: { aime25: 70.0, livecodebench: 60.0 },
        total_samples: 1283,
        complete: false,
      },
    } as unknown as AccuracyEntry;
    expect(accuracyLines([entry])).toEqual([
      "Accuracy:",
      "  gptoss: 82.3 (unit=1283, repeats=1, total=1283, duration=12.50s)",
      "    responses: 1280/1283 scored (2 empty, 1 missing)",
      "    output tokens (avg/min/max): 650.4/12/4096",
      "    aime25: 70.00%",
      "    livecodebench: 60.00%",
      "    (incomplete)",
      "  Average: 82.3",
      "  OSL tokenization: 1.23s",
    ]);
  });
});

// not transcribed:
// - :201 test_empty_registry's series: registered without early stopping and empty, they are {} (rollupSeries above, :66);
//   with early stopping on, an empty latency/ttft/tpot is its all-null map (test/metrics/series-rollup).
// - :264-:325 run_config passthrough, tracked failed counter, finish_reason_counts, the complete flag from snapshot state and
//   n_pending_tasks: built from upstream's snapshot dict; ours come from events.db (test/report/result-summary, test/metrics).
// - :352, :423-:456 and :485 to_json() and from_snapshot's accuracy: msgspec serialisation of upstream's Report;
//   result_summary.json's shape is checked by its schema (test/report/result-summary-schema), run_config by test/report.
// - :574-:636 from_snapshot on partial dicts, and :759 _scrub_nonfinite: snapshot-dict parsing we do not have; non-finite
//   numbers become null in test/report/result-summary.
