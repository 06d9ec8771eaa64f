/** @module test/plan/trace-plan.test — a trace's instants as offsets: time order, speed-up, the earliest N. */
import { describe, expect, test } from "bun:test";
import { buildTracePlan } from "../../src/plan/trace-plan.ts";

describe("plan/trace-plan", () => {
  test.each<[string, number[], number, number | null, number[], number[]]>([
    ["in time order, from the first instant", [1000, 1010, 1005], 1, null, [0, 2, 1], [0, 5e6, 10e6]],
    ["twice as fast", [0, 10, 20], 2, null, [0, 1, 2], [0, 5e6, 10e6]],
    ["half as fast", [0, 10], 0.5, null, [0, 1], [0, 20e6]],
    ["ties keep file order", [5, 5, 0], 1, null, [2, 0, 1], [0, 5e6, 5e6]],
    ["the earliest N only", [30, 10, 20], 1, 2, [1, 2], [0, 10e6]],
  ])("%s", (_name, times, speedup, count, rows, offsets) => {
    const plan = buildTracePlan({
      phase: "performance",
      timesMs: Float64Array.from(times),
      speedup,
      count,
      maxConcurrency: 0,
    });
    expect(Array.from(plan.sampleIndex)).toEqual(rows);
    expect(Array.from(plan.offsetNs)).toEqual(offsets);
    expect(plan.slotOffsetsNs.length).toBe(0);
  });
});
