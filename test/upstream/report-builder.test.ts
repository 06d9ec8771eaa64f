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

// not transcribed:
// - :201 test_empty_registry's series: registered without early stopping and empty, they are {} (rollupSeries above, :66);
//   with early stopping on, an empty latency/ttft/tpot is its all-null map (test/metrics/series-rollup).
// - :264-:325 run_config passthrough, tracked failed counter, finish_reason_counts, the complete flag from snapshot state and
//   n_pending_tasks: built from upstream's snapshot dict; ours come from events.db (test/report/result-summary, test/metrics).
// - :339-:541 display() and to_json(): upstream's console text and msgspec serialisation; our report.txt is our own
//   (test/report/report-text), result_summary.json's shape is checked by its schema (test/report/result-summary-schema).
// - :574-:640 from_snapshot on partial dicts, and :759 _scrub_nonfinite: snapshot-dict parsing we do not have; non-finite
//   numbers become null in test/report/result-summary.
