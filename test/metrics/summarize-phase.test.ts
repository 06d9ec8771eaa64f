/** @module test/metrics/summarize-phase — tests for metrics/summarize-phase. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { hasValues, type Rollup, type SeriesRollup } from "../../src/metrics/series-rollup.ts";
import { summarizePhase, type PhaseContext } from "../../src/metrics/summarize-phase.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const MS = 1e6;
const ctx: PhaseContext = {
  windowStartNs: 0,
  loadPatternType: "max_throughput",
  useLegacyQps: true,
  earlyStopping: true,
  plannedCount: null,
};

function summarize(records: RequestRecord[], overrides: Partial<PhaseContext> = {}) {
  return summarizePhase(columnsFromRecords(records), { ...ctx, ...overrides });
}

function values(r: Rollup): SeriesRollup {
  if (!hasValues(r)) throw new Error("expected values");
  return r;
}

/** Four successes sent 0.5 s apart, each 100 ms long with 10 tokens; last done at 1.6 s. */
const fourOk = [0, 1, 2, 3].map((i) =>
  makeRecord({
    planIndex: i,
    sentNs: i * 500 * MS,
    scheduledNs: i * 500 * MS,
    firstTokenNs: i * 500 * MS + 10 * MS,
    doneNs: i * 500 * MS + 100 * MS,
  }),
);

describe("metrics/summarize-phase", () => {
  test("counts issued, completed (failures included), failed and successful", () => {
    const m = summarize([...fourOk, makeFailure({ sentNs: 0, doneNs: 1 * MS })]);
    expect([m.nSamplesIssued, m.nSamplesCompleted, m.nSamplesFailed, m.nSuccessful]).toEqual([5, 5, 1, 4]);
  });

  test("requests the run cancelled are issued and failed, never completed: no rate, window or scheduled latency counts them", () => {
    // Cancelled at 3 s by --run-timeout while waiting on the server: 3 s is when the run gave up, not a completion.
    const cancelled = [5, 6].map((i) =>
      makeFailure({
        planIndex: i,
        sentNs: 1900 * MS,
        scheduledNs: 1900 * MS,
        doneNs: 3000 * MS,
        errorKind: "cancelled",
      }),
    );
    for (const pattern of ["max_throughput", "poisson"]) {
      const m = summarize([...fourOk, ...cancelled], { windowStartNs: -400 * MS, loadPatternType: pattern });
      expect([m.nSamplesIssued, m.nSamplesCompleted, m.nSamplesFailed, m.nSuccessful]).toEqual([6, 4, 2, 4]);
      expect(m.durationNs).toBe(2000 * MS);
      expect(m.qpsNative).toBeCloseTo(2, 12);
      expect(values(m.scheduledLatencyNs).max).toBe(100 * MS);
      expect(m.errorCounts).toEqual({ cancelled: 2 });
    }
    // The legacy window ends at the completion of the last-sent completed request (1.6 s): (4 − 1) / 1.6 s.
    expect(summarize([...fourOk, ...cancelled], { loadPatternType: "poisson" }).qps).toBeCloseTo(3 / 1.6, 12);
  });

  test("nothing succeeded: 0 tokens per second, as 0 requests per second", () => {
    const m = summarize([makeFailure({ sentNs: 0, doneNs: 10 * MS }), makeFailure({ sentNs: 0, doneNs: 20 * MS })]);
    expect([m.qpsNative, m.tpsNative]).toEqual([0, 0]);
  });

  test("computes duration, QPS and TPS from the window start to the last completion", () => {
    const m = summarize(fourOk, { windowStartNs: -400 * MS }); // window = 1.6 s + 0.4 s = 2 s
    expect(m.durationNs).toBe(2000 * MS);
    expect(m.qps).toBeCloseTo(2, 12);
    expect(m.tps).toBeCloseTo(20, 12);
    expect(m.qpsNative).toBe(m.qps);
    expect(m.legacyLoadgenWindowDurationNs).toBeNull();
  });

  test("counts only successful requests in native QPS and TPS", () => {
    const m = summarize([...fourOk, makeFailure({ sentNs: 0, doneNs: 2000 * MS })]);
    expect(m.durationNs).toBe(2000 * MS);
    expect(m.qps).toBeCloseTo(2, 12);
    expect(m.tps).toBeCloseTo(20, 12);
  });

  test("uses the LoadGen legacy window for Poisson runs", () => {
    // first send 0, last-sent request (1.5 s) done at 1.6 s → window 1.6 s; (4 − 1) / 1.6 s
    const m = summarize(fourOk, { loadPatternType: "poisson" });
    expect(m.legacyLoadgenWindowDurationNs).toBe(1600 * MS);
    expect(m.qps).toBeCloseTo(3 / 1.6, 12);
    expect(m.tps).toBeCloseTo(40 / 1.6, 12);
    expect(m.qpsNative).toBeCloseTo(4 / 1.6, 12);
    expect(m.tpsNative).toBeCloseTo(40 / 1.6, 12);
  });

  test.each([
    ["poisson without legacy", { loadPatternType: "poisson", useLegacyQps: false }],
    ["concurrency", { loadPatternType: "concurrency" }],
  ])("uses native throughput for %s", (_name, overrides) => {
    const m = summarize(fourOk, overrides);
    expect(m.legacyLoadgenWindowDurationNs).toBeNull();
    expect(m.qps).toBeCloseTo(4 / 1.6, 12);
  });

  test("leaves TPS null without output token counts", () => {
    const m = summarize(fourOk.map((r) => ({ ...r, outputTokens: null })));
    expect(m.tps).toBeNull();
    expect(m.qps).not.toBeNull();
  });

  test("excludes failed requests from latency but not from schedule lag", () => {
    const m = summarize([
      makeRecord({ sentNs: 0, scheduledNs: 0, doneNs: 100 * MS }),
      makeFailure({ sentNs: 3 * MS, scheduledNs: 1 * MS, doneNs: 4 * MS }),
    ]);
    expect(values(m.latencyNs)).toMatchObject({ min: 100 * MS, max: 100 * MS, total: 100 * MS });
    expect(values(m.scheduleLagNs)).toMatchObject({ min: 0, max: 2 * MS, total: 2 * MS });
    expect(values(m.scheduledLatencyNs)).toMatchObject({ min: 3 * MS, max: 100 * MS });
    expect(values(m.ttftNs).total).toBe(10 * MS);
    expect(values(m.outputSequenceLengths).total).toBe(10);
  });

  test.each([
    // [record overrides, expected TPOT values] — (done − first) / (tokens − 1)
    ["10 tokens over 90 ms", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 10 }, [10 * MS]],
    ["2 tokens over 90 ms", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 2 }, [90 * MS]],
    ["a single token (skipped)", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 1 }, []],
    ["no first token (skipped)", { firstTokenNs: null, doneNs: 100 * MS, outputTokens: 10 }, []],
    ["no token count (skipped)", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: null }, []],
  ] as [string, Partial<RequestRecord>, number[]][])("computes TPOT for %s", (_name, overrides, expected) => {
    const m = summarize([makeRecord(overrides)]);
    // Empty with early stopping on: upstream's all-null early-stopping map, no values.
    if (expected.length === 0) expect(hasValues(m.tpotNs)).toBe(false);
    else expect(values(m.tpotNs).total).toBeCloseTo(expected[0] as number, 6);
  });

  test("reports TTFT only where a first token arrived", () => {
    const m = summarize([makeRecord({ firstTokenNs: null }), makeRecord({ firstTokenNs: 20 * MS })]);
    expect(values(m.ttftNs)).toMatchObject({ min: 20 * MS, max: 20 * MS });
    expect(values(m.ttfbNs)).toMatchObject({ min: 5 * MS, max: 5 * MS });
  });

  test("spreads a chunk of k tokens after gap g into k ITL gaps of g/k", () => {
    const m = summarize([
      makeRecord({ chunkGapsNs: Float64Array.of(30 * MS, 10 * MS), chunkTokens: Uint16Array.of(3, 1) }),
      makeRecord({ chunkGapsNs: Float64Array.of(4 * MS), chunkTokens: null }),
      makeFailure({ chunkGapsNs: Float64Array.of(999 * MS) }),
    ]);
    const itl = values(m.itlNs);
    expect(itl.total).toBeCloseTo(44 * MS, 3);
    expect(itl.min).toBe(4 * MS);
    expect(itl.max).toBe(10 * MS);
    expect(itl.histogram.counts.reduce((a, b) => a + b, 0)).toBe(5);
  });

  test("adds early-stopping estimates to ttft, tpot and latency only", () => {
    const m = summarize(fourOk);
    expect(values(m.ttftNs).early_stopping_percentiles).toBeDefined();
    expect(values(m.tpotNs).early_stopping_percentiles).toBeDefined();
    expect(values(m.latencyNs).early_stopping_percentiles).toBeDefined();
    expect(values(m.ttfbNs).early_stopping_percentiles).toBeUndefined();
    expect(values(m.outputSequenceLengths).early_stopping_percentiles).toBeUndefined();
    expect(values(summarize(fourOk, { earlyStopping: false }).latencyNs).early_stopping_percentiles).toBeUndefined();
  });

  test("counts finish reasons of successful requests", () => {
    const m = summarize([
      makeRecord({ finishReason: "stop" }),
      makeRecord({ finishReason: "length" }),
      makeRecord({ finishReason: null }),
      makeRecord({ finishReason: "eos" }),
      makeFailure({ finishReason: "stop" }),
    ]);
    expect(m.finishReasonCounts).toEqual({
      stop: 1,
      length: 1,
      tool_calls: 0,
      content_filter: 0,
      function_call: 0,
      other: 2,
    });
  });

  test.each([
    [["server_usage", "server_usage"], "server_usage", { server_usage: 2 }],
    [["server_usage", "tokenizer", "tokenizer"], "mixed", { server_usage: 1, tokenizer: 2 }],
  ] as const)("reports token sources %p as %p", (sources, source, counts) => {
    const m = summarize([
      ...sources.map((s) => makeRecord({ tokenSource: s })),
      makeFailure({ tokenSource: "chunk_count" }),
    ]);
    expect(m.tokenCountSource).toBe(source);
    expect(m.tokenCountSources).toEqual(counts);
  });

  test("reports error counts and samples", () => {
    const m = summarize([
      makeRecord(),
      makeFailure({ errorKind: "http_5xx", errorMessage: "502 bad gateway" }),
      makeFailure({ errorKind: "http_5xx", errorMessage: "503" }),
      makeFailure({ errorKind: "timeout", errorMessage: "timed out after 60 s" }),
    ]);
    expect(m.errorCounts).toEqual({ http_5xx: 2, timeout: 1 });
    expect(m.errorSamples).toEqual([
      { kind: "http_5xx", message: "502 bad gateway" },
      { kind: "http_5xx", message: "503" },
      { kind: "timeout", message: "timed out after 60 s" },
    ]);
  });

  test("summarises an empty phase", () => {
    const m = summarize([]);
    expect([m.nSamplesIssued, m.nSamplesCompleted, m.durationNs, m.qps, m.tps]).toEqual([0, 0, null, null, null]);
    expect(Object.keys(m.latencyNs)).toEqual(["early_stopping_percentiles"]);
    expect(m.itlNs).toEqual({});
    expect(m.tokenCountSource).toBe("none");
  });
});
