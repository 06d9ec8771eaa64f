/**
 * @module test/upstream/metrics-table — upstream's tests/unit/async_utils/services/metrics_aggregator/test_metrics_table.py,
 * run against metrics/throughput and metrics/summarize-phase.
 *
 * Upstream's table follows events; ours reads each request's columns after the run. Its LoadGen
 * window (first issue → completion of the last-issued completed request) is our
 * `legacyLoadgenWindowNs(sentNs, doneNs)`, and its tracked duration (block start → last
 * completion) is our duration_ns from the window start.
 */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { summarizePhase } from "../../src/metrics/summarize-phase.ts";
import { legacyLoadgenWindowNs } from "../../src/metrics/throughput.ts";
import { makeRecord } from "../metrics/make-record.ts";

const T = "tests/unit/async_utils/services/metrics_aggregator/test_metrics_table.py";
const ctx = { loadPatternType: "poisson", useLegacyQps: true, earlyStopping: true, plannedCount: null };

describe("upstream test_metrics_table.py", () => {
  test(`${T}:536 TestLoadgenWindow.test_first_issue_to_last_issued_completion`, () => {
    // s1 sent at 100, done at 1000; s2 sent at 200, done at 300: the window ends at s2's completion.
    expect(legacyLoadgenWindowNs(Float64Array.of(100, 200), Float64Array.of(1000, 300))).toBe(300 - 100);
  });

  test(`${T}:553 TestLoadgenWindow.test_no_completions_yields_zero (ours: null, and QPS falls back as upstream's 0 makes it)`, () => {
    expect(legacyLoadgenWindowNs(Float64Array.of(100), Float64Array.of(Number.NaN))).toBeNull();
  });

  test(`${T}:200 TestMetricsTable.test_tracked_block_updated_on_complete`, () => {
    // Tracking starts at 0; s1 issued at 100 completes at 500: duration 500, one completed sample.
    const cols = columnsFromRecords([
      makeRecord({ sentNs: 100, responseHeadersNs: 200, firstTokenNs: 300, doneNs: 500 }),
    ]);
    const m = summarizePhase(cols, { ...ctx, windowStartNs: 0 });
    expect(m.durationNs).toBe(500);
    expect(m.nSamplesCompleted).toBe(1);
  });

  test(`${T}:72 TestTrackedBlock.test_duration_ns (start 100, last completion 500)`, () => {
    const cols = columnsFromRecords([
      makeRecord({ sentNs: 150, responseHeadersNs: 200, firstTokenNs: 300, doneNs: 500 }),
    ]);
    expect(summarizePhase(cols, { ...ctx, windowStartNs: 100 }).durationNs).toBe(400);
  });
});

// not transcribed:
// - :57, :65 TestSampleRow, :76, :81 TestTrackedBlock's empty and incremented blocks, :91-:188 TestMetricsTable's row
//   lifecycle and session events: the event-driven table's internals; we have no rows in flight (the columns are read whole).
// - :220 test_multiple_tracking_windows: one performance window per phase here; upstream's several blocks do not occur.
// - :295-:360 OslTrigger and :405, :446 TpotTrigger with tool calls and reasoning: token counting (the lead's TPOT work).
