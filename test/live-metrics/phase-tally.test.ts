/** @module test/live-metrics/phase-tally.test — one phase's records counted once for every live view: which values each histogram takes, the judged lags, the mean gap. */
import { describe, expect, test } from "bun:test";
import { histogramSince } from "../../src/live-metrics/live-histogram.ts";
import { failedEntries, PhaseTally } from "../../src/live-metrics/phase-tally.ts";
import type { LoadPattern } from "../../src/load-pattern/schedule.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;
const stream = (gapsMs: number[], extra: Parameters<typeof makeRecord>[0] = {}) =>
  makeRecord({ chunkGapsNs: Float64Array.from(gapsMs, (g) => g * MS), ...extra });

function tally(records: RequestRecord[], pattern: LoadPattern = { type: "poisson" }, slots = 0, startNs = 0) {
  const t = new PhaseTally({ pattern, slotOffsetsNs: new Float64Array(slots) }, startNs, true);
  t.add(records);
  return t.read();
}

describe("live-metrics/phase-tally", () => {
  test.each<[string, RequestRecord[], number]>([
    ["every gap of a stream is one ITL value", [stream([2, 3, 4])], 3],
    ["gaps of two streams add up", [stream([2]), stream([5, 6])], 3],
    ["a failed stream is left out", [stream([2, 3], { errorKind: "stalled_stream" })], 0],
    ["a record without gaps (not streamed) adds nothing", [stream([]), makeRecord({ chunkGapsNs: null })], 0],
    [
      "a chunk of k tokens gives k gaps, as the report's ITL",
      [stream([2, 6], { chunkTokens: Uint16Array.from([1, 3]) })],
      4,
    ],
  ])("%s", (_name, records, count) => {
    expect(tally(records).itl.count).toBe(count);
  });

  test("TTFT, TPOT and latency of successful requests; the lag of every send", () => {
    const ok = makeRecord({ sentNs: 0, firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 10 });
    const failed = makeRecord({ errorKind: "timeout", firstTokenNs: null, sentNs: 2 * MS, scheduledNs: 0 });
    const plain = makeRecord({ firstTokenNs: null, chunkGapsNs: null });
    const s = tally([ok, failed, plain]);
    expect([s.ttft.count, s.tpot.count, s.latency.count, s.scheduleLag.count]).toEqual([1, 1, 2, 3]);
  });

  test("TTFO of rows with a first answer; reasoned counts rows with reasoning chunks or usage's reasoning tokens", () => {
    const reasoning = makeRecord({ sentNs: 0, firstTokenNs: 10 * MS, firstAnswerNs: 90 * MS, reasoningChunks: 20 });
    const hidden = makeRecord({ firstAnswerNs: null, reasoningTokens: 12 });
    const plain = makeRecord({ firstAnswerNs: null });
    const failed = makeRecord({ errorKind: "timeout", firstAnswerNs: 5 * MS, reasoningChunks: 3 });
    const s = tally([reasoning, hidden, plain, failed]);
    expect([s.ttfo.count, s.reasoned, s.ttft.count]).toEqual([1, 2, 3]);
    expect(s.ttfo.sumS).toBeCloseTo(0.09, 9); // first answer − sent
  });

  test("ITL is tallied only when a view asked for it (a logarithm per chunk gap)", () => {
    const t = new PhaseTally({ pattern: { type: "poisson" }, slotOffsetsNs: new Float64Array(0) }, 0, false);
    t.add([stream([2, 3, 4])]);
    expect([t.read().itl.count, t.read().ttft.count]).toEqual([0, 1]);
  });

  test("counts: rows, plan entries, successes, failures by kind, and entries whose last attempt failed", () => {
    const s = tally([
      makeRecord({ planIndex: 0, outputTokens: 7, inputTokens: 3 }),
      makeRecord({ planIndex: 1, errorKind: "http_4xx" }),
      makeRecord({ planIndex: 1, attempt: 1, errorKind: "http_4xx" }),
      makeRecord({ planIndex: 2, errorKind: "timeout" }),
      makeRecord({ planIndex: 2, attempt: 1, outputTokens: 5, inputTokens: 3 }),
    ]);
    expect({ rows: s.rows, entries: s.entries, completed: s.completed, failed: s.failed }).toEqual({
      rows: 5,
      entries: 3,
      completed: 2,
      failed: { http_4xx: 2, timeout: 1 },
    });
    expect([s.outputTokens, s.inputTokens, failedEntries(s)]).toEqual([12, 6, 1]);
  });

  test.each<[string, LoadPattern, number, number]>([
    [
      "concurrency: the opening burst (at the start plus the first slot's offset) is not judged",
      { type: "concurrency" },
      4,
      2,
    ],
    ["conversations: every send is judged", { type: "agentic_inference" }, 4, 4],
    ["an open loop: every send is judged", { type: "poisson" }, 0, 4],
  ])("%s", (_name, pattern, slots, judged) => {
    const startNs = 7 * MS;
    const at = (scheduledMs: number, i: number) =>
      makeRecord({ planIndex: i, scheduledNs: startNs + scheduledMs * MS, sentNs: startNs + (scheduledMs + 1) * MS });
    const records = [at(0, 0), at(0, 1), at(12, 2), at(30, 3)];
    const s = tally(records, pattern, slots, startNs);
    expect(s.scheduleLag.count).toBe(4);
    expect(histogramSince(s.scheduleLag, s.openingLag).count).toBe(judged);
  });

  test("the recorded instants' mean gap: their span over their count less one", () => {
    const at = (ms: number) => makeRecord({ scheduledNs: ms * MS, sentNs: ms * MS });
    expect(tally([at(0)]).meanGapNs).toBeNull();
    expect(tally([at(30), at(0), at(10), at(60)]).meanGapNs).toBe(20 * MS);
  });
});
