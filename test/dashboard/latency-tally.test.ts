import { describe, expect, test } from "bun:test";
import { LatencyTally } from "../../src/dashboard/latency-tally.ts";
import type { LoadPattern } from "../../src/plan/phase-plan.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;
const stream = (gapsMs: number[], extra: Parameters<typeof makeRecord>[0] = {}) =>
  makeRecord({ chunkGapsNs: Float64Array.from(gapsMs, (g) => g * MS), ...extra });

function tally(records: RequestRecord[], pattern: LoadPattern = { type: "poisson" }, slots = 0, startNs = 0) {
  const t = new LatencyTally();
  t.startPhase({ phase: "performance", pattern, slotOffsetsNs: new Float64Array(slots) }, startNs);
  t.add(records);
  return t.snapshot();
}

describe("dashboard/latency-tally", () => {
  test.each<[string, RequestRecord[], number]>([
    ["every gap of a stream is one ITL value", [stream([2, 3, 4])], 3],
    ["gaps of two streams add up", [stream([2]), stream([5, 6])], 3],
    ["a failed stream is left out", [stream([2, 3], { errorKind: "stalled_stream" })], 0],
    ["a record without gaps (not streamed) adds nothing", [stream([]), makeRecord({ chunkGapsNs: null })], 0],
    ["another phase's records are left out", [stream([2, 3], { phase: "warmup" })], 0],
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
    expect([s.ttft.count, s.tpot.count, s.latency.count, s.lag.count]).toEqual([1, 1, 2, 3]);
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
    expect(tally(records, pattern, slots, startNs).lag.count).toBe(judged);
  });

  test("the recorded instants' mean gap: their span over their count less one", () => {
    const at = (ms: number) => makeRecord({ scheduledNs: ms * MS, sentNs: ms * MS });
    expect(tally([at(0)]).meanGapNs).toBeNull();
    expect(tally([at(30), at(0), at(10), at(60)]).meanGapNs).toBe(20 * MS);
  });

  test("a new phase starts from nothing", () => {
    const t = new LatencyTally();
    t.startPhase({ phase: "performance", pattern: { type: "poisson" }, slotOffsetsNs: new Float64Array(0) }, 0);
    t.add([stream([2, 4])]);
    expect(t.snapshot().itl.count).toBe(2);
    t.startPhase({ phase: "accuracy", pattern: { type: "poisson" }, slotOffsetsNs: new Float64Array(0) }, 0);
    expect(t.snapshot().itl.count).toBe(0);
  });
});
