import { describe, expect, test } from "bun:test";
import { arrivalOffsets, poissonOffsets, secondsForArrivals, slotOffsets } from "../../src/plan/arrivals.ts";
import { dealPlan } from "../../src/plan/deal-plan.ts";
import { buildPhasePlan, type LoadPattern } from "../../src/plan/phase-plan.ts";

const plan = (pattern: LoadPattern, count = 50, datasetSize = 10) =>
  buildPhasePlan({ phase: "performance", pattern, count, datasetSize, schedulerSeed: 42, dataloaderSeed: 42 });

/** Kolmogorov–Smirnov statistic of gaps against the exponential with the given mean. */
function ksExponential(gaps: number[], mean: number): number {
  const sorted = [...gaps].sort((a, b) => a - b);
  let d = 0;
  sorted.forEach((x, i) => {
    const cdf = 1 - Math.exp(-x / mean);
    d = Math.max(d, Math.abs(cdf - i / sorted.length), Math.abs(cdf - (i + 1) / sorted.length));
  });
  return d;
}

const gapsOf = (offsets: Float64Array) => Array.from(offsets, (t, i) => t - (i === 0 ? 0 : (offsets[i - 1] as number)));

describe("plan/arrivals", () => {
  test("draws the same Poisson schedule for the same seed and a different one for another", () => {
    expect(Array.from(poissonOffsets(100, 1000, 42))).toEqual(Array.from(poissonOffsets(100, 1000, 42)));
    expect(Array.from(poissonOffsets(100, 1000, 43))).not.toEqual(Array.from(poissonOffsets(100, 1000, 42)));
  });

  test("matches upstream's first Poisson gaps (CPython Random(42).expovariate(2000/1e9))", () => {
    // python3: r = random.Random(42); [max(1, int(r.expovariate(2000/1e9))) for _ in range(3)]
    expect(gapsOf(poissonOffsets(3, 2000, 42))).toEqual([510030, 12664, 160812]);
  });

  test("Poisson gaps pass a KS test against the exponential at 1 % significance", () => {
    const gaps = gapsOf(poissonOffsets(20_000, 2000, 42));
    expect(ksExponential(gaps, 500_000)).toBeLessThan(1.63 / Math.sqrt(gaps.length));
  });

  test.each([
    ["constant", 1],
    ["gamma", 0.25],
    ["gamma", 4],
  ] as const)("%s arrivals (burstiness %d) average 1/qps", (kind, burstiness) => {
    const offsets = arrivalOffsets({
      kind,
      count: 20_000,
      schedule: { targetQps: 1000, rampUpS: 0, rampStartQps: 0 },
      seed: 7,
      burstiness,
    });
    const meanGapNs = offsets[offsets.length - 1]! / (offsets.length - (kind === "constant" ? 1 : 0));
    expect(Math.abs(meanGapNs - 1e6) / 1e6).toBeLessThan(0.05);
  });

  test("constant arrivals are evenly spaced from the phase start", () => {
    const offsets = arrivalOffsets({
      kind: "constant",
      count: 4,
      schedule: { targetQps: 100, rampUpS: 0, rampStartQps: 0 },
      seed: 1,
      burstiness: 1,
    });
    expect(Array.from(offsets)).toEqual([0, 10e6, 20e6, 30e6]);
  });

  test("lower burstiness gives more variable gaps", () => {
    const cv = (b: number) => {
      const gaps = gapsOf(
        arrivalOffsets({
          kind: "gamma",
          count: 10_000,
          schedule: { targetQps: 1000, rampUpS: 0, rampStartQps: 0 },
          seed: 3,
          burstiness: b,
        }),
      );
      const mean = gaps.reduce((a, x) => a + x, 0) / gaps.length;
      return Math.sqrt(gaps.reduce((a, x) => a + (x - mean) ** 2, 0) / gaps.length) / mean;
    };
    expect(cv(0.25)).toBeGreaterThan(1.5);
    expect(cv(4)).toBeLessThan(0.7);
  });

  test.each([
    [0, { targetQps: 10, rampUpS: 0, rampStartQps: 0 }, 0],
    [5, { targetQps: 10, rampUpS: 0, rampStartQps: 0 }, 0.5],
    [5, { targetQps: 10, rampUpS: 1, rampStartQps: 0 }, 1],
    [15, { targetQps: 10, rampUpS: 1, rampStartQps: 0 }, 2],
    [1.25, { targetQps: 10, rampUpS: 1, rampStartQps: 0 }, 0.5],
    [10, { targetQps: 10, rampUpS: 2, rampStartQps: 10 }, 1],
  ])("Λ⁻¹(%d) for %j is %d s", (units, schedule, seconds) => {
    expect(secondsForArrivals(units, schedule)).toBeCloseTo(seconds, 9);
  });

  test("a concurrency ramp opens slots evenly over the ramp", () => {
    expect(Array.from(slotOffsets(4, 2))).toEqual([0, 0.5e9, 1e9, 1.5e9]);
    expect(Array.from(slotOffsets(3, 0))).toEqual([0, 0, 0]);
  });
});

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
