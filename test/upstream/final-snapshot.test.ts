/**
 * @module test/upstream/final-snapshot — the cases of upstream's tests/unit/commands/test_benchmark_final_snapshot.py
 * that a user sees (the report's complete flag and state, its interrupted warning, its warnings on incomplete and
 * legacy-QPS reports), against buildResultSummary (through test/report/sample-summary) and report/report-text.
 *
 * Upstream builds its report from its metrics service's final snapshot (a JSON file, or the last one published);
 * ours from events.db, so the file-reading cases have no counterpart (listed at the bottom).
 */
import { describe, expect, test } from "bun:test";
import { renderConsoleSummary } from "../../src/report/report-text.ts";
import { stopCause } from "../../src/report/stop-cause.ts";
import { sampleSummary } from "../report/sample-summary.ts";

const T = "tests/unit/commands/test_benchmark_final_snapshot.py";

describe("upstream test_benchmark_final_snapshot.py", () => {
  test.each([
    ["complete", true],
    ["interrupted", false],
  ] as const)(
    `${T}:137 test_report_complete_flag_matches_state_and_pending [%s, 0 or 7 pending: ours drains what was in flight, so the state decides]`,
    (state, complete) => {
      const s = sampleSummary({ state });
      expect([s.state, s.complete]).toEqual([state, complete]);
    },
  );

  test(`${T}:150 test_interrupted_display_surfaces_signal_warning (declared difference: names the signal that stopped the run)`, () => {
    const text = renderConsoleSummary(
      sampleSummary({ state: "interrupted" }),
      [],
      stopCause({ state: "interrupted", stop_reason: "interrupted", stop_signal: "SIGTERM" }),
    );
    expect(text.toLowerCase()).toContain("interrupted");
    expect(text).toContain("SIGTERM");
  });

  test(`${T}:201 test_incomplete_report_logs_warning: ours in the summary, for a run whose workers all died`, () => {
    expect(renderConsoleSummary(sampleSummary({ state: "failed" })).toLowerCase()).toContain("incomplete");
  });

  test(`${T}:216 test_legacy_loadgen_qps_warning: ours in the summary beside QPS, naming the flag`, () => {
    const s = sampleSummary();
    expect(s.legacy_loadgen_window_duration_ns).not.toBeNull();
    const text = renderConsoleSummary(s);
    expect(text.toLowerCase()).toContain("legacy");
    expect(text).toContain("--no-use-legacy-loadgen-qps-metrics");
    expect(renderConsoleSummary({ ...s, legacy_loadgen_window_duration_ns: null })).not.toContain("legacy");
  });
});

// not transcribed:
// - :137 [complete, 3 pending] — a drain timeout with metrics still pending; ours has no metrics service to wait
//   for: requests cut at the drain timeout are failures of a complete run (report-builder.test.ts, :518).
// - :93, :100, :108, :167 reading final_snapshot.json, :233 a malformed snapshot, :263, :284 the fallback to the
//   published snapshot — upstream's report source; ours is events.db, readable after a kill (test/e2e/main-crash).
// - :303, :313, :323, :341 killing upstream's metrics and event-logger subprocesses at the drain; ours has none.
