import { describe, expect, test } from "bun:test";
import { ItlTally } from "../../src/dashboard/itl-tally.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;
const stream = (gapsMs: number[], extra: Parameters<typeof makeRecord>[0] = {}) =>
  makeRecord({ chunkGapsNs: Float64Array.from(gapsMs, (g) => g * MS), ...extra });

describe("dashboard/itl-tally", () => {
  test.each<[string, ReturnType<typeof stream>[], number]>([
    ["every gap of a stream is one value", [stream([2, 3, 4])], 3],
    ["gaps of two streams add up", [stream([2]), stream([5, 6])], 3],
    ["a failed stream is left out", [stream([2, 3], { errorKind: "stalled_stream" })], 0],
    ["a record without gaps (not streamed) adds nothing", [stream([], {}), makeRecord({ chunkGapsNs: null })], 0],
    ["another phase's records are left out", [stream([2, 3], { phase: "warmup" })], 0],
  ])("%s", (_name, records, count) => {
    const tally = new ItlTally();
    tally.startPhase("performance");
    tally.add(records);
    expect(tally.snapshot().count).toBe(count);
  });

  test("values are in seconds, and a new phase starts from nothing", () => {
    const tally = new ItlTally();
    tally.startPhase("performance");
    tally.add([stream([2, 4])]);
    expect(tally.snapshot().sumS).toBeCloseTo(0.006, 12);
    tally.startPhase("accuracy");
    expect(tally.snapshot().count).toBe(0);
  });
});
