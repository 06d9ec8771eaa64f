import { describe, expect, test } from "bun:test";
import { dealPlan } from "../../src/plan/deal-plan.ts";
import { buildPhasePlan, poissonOffsets } from "../../src/plan/phase-plan.ts";

describe("plan/phase-plan", () => {
  test("draws the same Poisson schedule for the same seed and a different one for another", () => {
    expect(Array.from(poissonOffsets(100, 1000, 42))).toEqual(Array.from(poissonOffsets(100, 1000, 42)));
    expect(Array.from(poissonOffsets(100, 1000, 43))).not.toEqual(Array.from(poissonOffsets(100, 1000, 42)));
  });

  test("Poisson offsets increase and average 1/qps", () => {
    const offsets = poissonOffsets(20000, 2000, 42);
    for (let i = 1; i < offsets.length; i++) expect(offsets[i]!).toBeGreaterThan(offsets[i - 1]!);
    const meanGapNs = offsets[offsets.length - 1]! / offsets.length;
    expect(Math.abs(meanGapNs - 500_000) / 500_000).toBeLessThan(0.03);
  });

  test.each([
    ["max_throughput", { type: "max_throughput" as const }, 0],
    ["concurrency", { type: "concurrency" as const, targetConcurrency: 8 }, 8],
  ])("%s plans are due at the phase start", (_name, pattern, concurrency) => {
    const plan = buildPhasePlan({ phase: "performance", pattern, count: 50, datasetSize: 10, schedulerSeed: 42, dataloaderSeed: 42 });
    expect(plan.offsetNs.every((x) => x === 0)).toBe(true);
    expect(plan.concurrency).toBe(concurrency);
    expect(plan.sampleIndex.length).toBe(50);
  });
});

describe("plan/deal-plan", () => {
  const plan = buildPhasePlan({ phase: "p", pattern: { type: "poisson", targetQps: 100 }, count: 10, datasetSize: 4, schedulerSeed: 1, dataloaderSeed: 1 });

  test("gives every entry to exactly one worker, round-robin, keeping offsets", () => {
    const shares = dealPlan(plan, 3);
    expect(shares.map((s) => Array.from(s.planIndex))).toEqual([[0, 3, 6, 9], [1, 4, 7], [2, 5, 8]]);
    expect(shares[1]!.offsetNs[0]).toBe(plan.offsetNs[1]!);
    expect(shares[2]!.sampleIndex[1]).toBe(plan.sampleIndex[5]!);
  });

  test.each([
    [10, 3, [4, 3, 3]],
    [2, 4, [1, 1, 0, 0]],
  ])("splits concurrency %d over %d workers as %j and feeds only slot holders", (concurrency, workers, slots) => {
    const closed = buildPhasePlan({ phase: "p", pattern: { type: "concurrency", targetConcurrency: concurrency }, count: 12, datasetSize: 4, schedulerSeed: 1, dataloaderSeed: 1 });
    const shares = dealPlan(closed, workers);
    expect(shares.map((s) => s.closedLoopSlots)).toEqual(slots);
    shares.forEach((s) => expect(s.planIndex.length > 0).toBe(s.closedLoopSlots > 0));
    expect(shares.reduce((n, s) => n + s.planIndex.length, 0)).toBe(12);
  });
});
