/** @module test/report/result-summary — tests for report/result-summary. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { summarizePhase } from "../../src/metrics/summarize-phase.ts";
import { buildResultSummary, RESULT_SUMMARY_KEYS } from "../../src/report/result-summary.ts";
import { RUN, sampleSummary } from "./sample-summary.ts";

describe("report/result-summary", () => {
  test("writes upstream's keys first, in its order, then ours", () => {
    const summary = sampleSummary();
    expect(Object.keys(summary)).toEqual([...RESULT_SUMMARY_KEYS]);
    expect(Object.keys(JSON.parse(JSON.stringify(summary)))).toEqual([
      "version",
      "git_sha",
      "test_started_at",
      "n_samples_issued",
      "n_samples_completed",
      "n_samples_failed",
      "duration_ns",
      "state",
      "complete",
      "ttft",
      "tpot",
      "latency",
      "output_sequence_lengths",
      "input_sequence_lengths",
      "legacy_loadgen_window_duration_ns",
      "qps",
      "tps",
      "finish_reason_counts",
      "run_config",
      "ttfb",
      "itl",
      "schedule_lag",
      "scheduled_latency",
      "qps_native",
      "tps_native",
      "scheduled_qps",
      "output_tps_per_gpu",
      "interactivity",
      "token_count_source",
      "token_count_sources",
      "error_counts",
      "error_samples",
      "load_generator",
      "load_generator_lag_p99_ns",
      "load_generator_lag_limit_ns",
      "n_samples_planned",
      "n_samples_dropped",
      "n_samples_delayed",
      "token_count_discrepancy",
      "goodput",
      "cost",
      "retries",
      "reconnects",
      "stream_notes",
    ]);
  });

  test("copies run facts and counts", () => {
    const s = sampleSummary({}, true);
    expect(s).toMatchObject({
      version: "0.1.0",
      git_sha: "abc1234",
      test_started_at: 1_700_000_000_000,
      n_samples_issued: 21,
      n_samples_completed: 21,
      n_samples_failed: 1,
      state: "complete",
      complete: true,
      run_config: RUN.runConfig,
      error_counts: { http_5xx: 1 },
      token_count_source: "server_usage",
    });
    expect(s.legacy_loadgen_window_duration_ns).toBeGreaterThan(0);
    expect(s.qps_native).not.toBeNull();
  });

  test.each([
    ["complete", true],
    ["interrupted", false],
    ["failed", false],
  ] as const)("marks state %s as complete=%p", (state, complete) => {
    expect(sampleSummary({ state }).complete).toBe(complete);
  });

  test("keeps latencies in ns", () => {
    const s = sampleSummary();
    expect(s.latency).toMatchObject({ min: 100e6, max: 290e6 });
    expect(s.ttft).toMatchObject({ min: 10e6, max: 29e6 });
  });

  test("writes strict JSON: non-finite numbers become null", () => {
    const metrics = summarizePhase(columnsFromRecords([]), {
      windowStartNs: 0,
      loadPatternType: "concurrency",
      useLegacyQps: false,
      earlyStopping: true,
      plannedCount: null,
    });
    const s = buildResultSummary(
      { ...metrics, qps: Number.NaN, durationNs: Number.POSITIVE_INFINITY },
      { ...RUN, runConfig: { x: Number.NaN } },
    );
    expect(s.qps).toBeNull();
    expect(s.duration_ns).toBeNull();
    expect(s.run_config).toEqual({ x: null });
    expect(Object.values(s.ttft.early_stopping_percentiles ?? {})).toEqual(Array(8).fill(null));
    expect(JSON.stringify(s)).not.toContain("NaN");
  });
});
