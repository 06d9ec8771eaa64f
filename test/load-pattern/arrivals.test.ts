/** @module test/load-pattern/arrivals.test — open-loop arrival instants: upstream's Poisson draws, the rate, the ramp, gamma's burstiness, slot openings. */
import { describe, expect, test } from "bun:test";
import { arrivalOffsets, poissonOffsets, secondsForArrivals, slotOffsets } from "../../src/load-pattern/arrivals.ts";

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

describe("load-pattern/arrivals", () => {
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
