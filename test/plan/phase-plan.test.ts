import { describe, expect, test } from "bun:test";
import { dealPlan } from "../../src/plan/deal-plan.ts";
import type { LoadPattern } from "../../src/load-pattern/schedule.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";

const plan = (pattern: LoadPattern, count = 50, datasetSize = 10) =>
  buildPhasePlan({ phase: "performance", pattern, count, datasetSize, schedulerSeed: 42, dataloaderSeed: 42 });

describe("plan/phase-plan", () => {
  test.each([
    ["max_throughput", { type: "max_throughput" as const }, 0],
    ["concurrency", { type: "concurrency" as const, targetConcurrency: 8 }, 8],
  ])("%s plans are due at the phase start", (_name, pattern, slots) => {
    const p = plan(pattern);
    expect(p.offsetNs.every((x) => x === 0)).toBe(true);
    expect(p.slotOffsetsNs.length).toBe(slots);
    expect(p.sampleIndex.length).toBe(50);
  });

  test("same seeds give the identical plan", () => {
    const a = plan({ type: "gamma", targetQps: 50, burstiness: 0.5 }, 200);
    const b = plan({ type: "gamma", targetQps: 50, burstiness: 0.5 }, 200);
    expect(Array.from(a.offsetNs)).toEqual(Array.from(b.offsetNs));
    expect(Array.from(a.sampleIndex)).toEqual(Array.from(b.sampleIndex));
  });
});

describe("plan/deal-plan", () => {
  const poisson = plan({ type: "poisson", targetQps: 100 }, 10, 4);

  test("gives every entry to exactly one worker, round-robin, keeping offsets", () => {
    const shares = dealPlan(poisson, 3);
    expect(shares.map((s) => Array.from(s.planIndex))).toEqual([
      [0, 3, 6, 9],
      [1, 4, 7],
      [2, 5, 8],
    ]);
    expect(shares[1]!.offsetNs[0]).toBe(poisson.offsetNs[1]!);
    expect(shares[2]!.sampleIndex[1]).toBe(poisson.sampleIndex[5]!);
  });

  test("a mix's model and body of each entry go with the entry", () => {
    const bodyIndex = Uint32Array.from(poisson.sampleIndex, (row, i) => (i % 3) * 4 + row);
    const mixed = { ...poisson, modelIndex: Uint16Array.from({ length: 10 }, (_, i) => i % 3), bodyIndex };
    for (const share of dealPlan(mixed, 3)) {
      expect(Array.from(share.modelIndex as Uint16Array)).toEqual(Array.from(share.planIndex, (i) => i % 3));
      expect(Array.from(share.bodyIndex as Uint32Array)).toEqual(
        Array.from(share.planIndex, (i) => bodyIndex[i] as number),
      );
    }
    expect(dealPlan(poisson, 3)[0]?.modelIndex).toBeUndefined();
  });

  test.each([
    [10, 3, [4, 3, 3]],
    [2, 4, [1, 1, 0, 0]],
  ])("splits concurrency %d over %d workers as %j and feeds only slot holders", (concurrency, workers, slots) => {
    const shares = dealPlan(plan({ type: "concurrency", targetConcurrency: concurrency }, 12, 4), workers);
    expect(shares.map((s) => s.slotOffsetsNs.length)).toEqual(slots);
    shares.forEach((s) => expect(s.planIndex.length > 0).toBe(s.slotOffsetsNs.length > 0));
    expect(shares.reduce((n, s) => n + s.planIndex.length, 0)).toBe(12);
  });

  test("splits an open-loop ceiling and feeds only workers that may send", () => {
    const shares = dealPlan(plan({ type: "poisson", targetQps: 100, maxConcurrency: 3 }, 12, 4), 4);
    expect(shares.map((s) => s.inFlightCap)).toEqual([1, 1, 1, 0]);
    expect(shares.map((s) => s.planIndex.length)).toEqual([4, 4, 4, 0]);
  });
});
