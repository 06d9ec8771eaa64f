/**
 * @module test/live-metrics/live-histogram.test — the live views' one histogram: percentiles within 2 % of the report's,
 * the live page's counts at its fixed bounds exact, windows as differences, fixed memory.
 */
import { describe, expect, test } from "bun:test";
import {
  cumulativeCounts,
  histogramSince,
  LAG_BOUNDS_S,
  LATENCY_BOUNDS_S,
  LiveHistogram,
  percentilesMs,
  quantileS,
  RELATIVE_ACCURACY,
  TPOT_BOUNDS_S,
} from "../../src/live-metrics/live-histogram.ts";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";
import { normalvariate } from "../../src/rng/normal-variate.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const rng = (seed: number) => new PythonRandom(seed);

/** Known data sets, seconds: each a shape a run's latencies or lags take. */
const DATA: [string, () => number[]][] = [
  ["one value", () => [0.135]],
  ["two values", () => [0.135, 0.148]],
  [
    "TTFT of 130–150 ms, as the audit's run (p50/p99 135/148 ms read 175/248.5 on the live page's buckets)",
    () => tight(rng(1), 5000, 0.13, 0.15),
  ],
  ["lognormal latencies around 800 ms", () => lognormal(rng(2), 20_000, Math.log(0.8), 0.6)],
  ["exponential, a long tail from 0", () => exponential(rng(3), 20_000, 50)],
  [
    "bimodal: cached prefixes at 4 ms, the rest at 2 s",
    () => [...tight(rng(4), 900, 0.003, 0.005), ...tight(rng(5), 100, 1.8, 2.2)],
  ],
  ["schedule lags from 2 µs to 40 ms", () => lognormal(rng(6), 10_000, Math.log(0.0002), 2)],
  ["inter-token gaps near 1 ms", () => tight(rng(7), 50_000, 0.0009, 0.0013)],
  ["one value repeated", () => Array(1000).fill(0.0421)],
  ["reasoning answers of minutes", () => tight(rng(8), 300, 60, 600)],
];

function tight(r: PythonRandom, n: number, lo: number, hi: number): number[] {
  return Array.from({ length: n }, () => lo + (hi - lo) * r.random());
}

function exponential(r: PythonRandom, n: number, perS: number): number[] {
  return Array.from({ length: n }, () => r.expovariate(perS));
}

function lognormal(r: PythonRandom, n: number, mu: number, sigma: number): number[] {
  return Array.from({ length: n }, () => Math.exp(normalvariate(r, mu, sigma)));
}

function filled(values: readonly number[], boundsS: readonly number[] = LATENCY_BOUNDS_S) {
  const h = new LiveHistogram(boundsS);
  for (const v of values) h.observe(v);
  return h.snapshot();
}

describe("live-metrics/live-histogram", () => {
  test.each(DATA)("%s: p50, p90, p99 and p99.9 within 2 %% of the report's exact percentiles", (_name, make) => {
    const values = make();
    const sorted = Float64Array.from(values).sort();
    const h = filled(values);
    for (const q of [50, 90, 99, 99.9]) {
      const exact = lowerPercentile(sorted, q);
      const got = quantileS(h, q) as number;
      const within = Math.abs(got - exact) <= exact * RELATIVE_ACCURACY * (1 + 1e-9);
      expect({ q, exact, got, within }).toEqual({ q, exact, got, within: true });
    }
  });

  test("the live page's fixed buckets read the audit's run far off; the log buckets do not", () => {
    const values = tight(rng(1), 5000, 0.13, 0.15);
    const exactP50 = lowerPercentile(Float64Array.from(values).sort(), 50);
    const snap = filled(values);
    // 100–250 ms is one bucket of the live page: interpolated (as PromQL does), p50 lands near its middle.
    const cumulative = cumulativeCounts(snap);
    const below = cumulative[4] as number;
    const inBucket = (cumulative[5] as number) - below;
    const fixedP50 = 0.1 + 0.15 * ((0.5 * snap.count - below) / inBucket);
    expect(Math.abs(fixedP50 - exactP50) / exactP50).toBeGreaterThan(0.2);
    expect(Math.abs((quantileS(snap, 50) as number) - exactP50) / exactP50).toBeLessThanOrEqual(0.02);
  });

  test.each([
    ["below the first bound", [0.0001], [1, 1, 1, 1]],
    ["on a bound (le is inclusive)", [0.01], [1, 1, 1, 1]],
    ["just above a bound", [0.0100001], [0, 1, 1, 1]],
    ["past the last bound: +Inf only", [5], [0, 0, 0, 1]],
    ["several", [0.001, 0.02, 0.1, 0.2, 3], [1, 3, 4, 5]],
    ["NaN is no value", [Number.NaN, 0.02], [0, 1, 1, 1]],
  ])("the live page's counts: %s, cumulatively at each bound, then +Inf", (_name, values, cumulative) => {
    const s = filled(values, [0.01, 0.1, 1]);
    expect([...cumulativeCounts(s), s.count]).toEqual(cumulative);
    expect(s.sumS).toBeCloseTo(
      values.filter((v) => !Number.isNaN(v)).reduce((a, b) => a + b, 0),
      12,
    );
  });

  test.each([
    ["latency", LATENCY_BOUNDS_S],
    ["tpot", TPOT_BOUNDS_S],
    ["lag", LAG_BOUNDS_S],
  ])(
    "the %s bounds rise strictly (Prometheus requires it), and each count is exact on every data set",
    (_n, bounds) => {
      for (let i = 1; i < bounds.length; i++) expect(bounds[i] as number).toBeGreaterThan(bounds[i - 1] as number);
      // Values on each bound and just either side of it, besides the data sets: a plain fixed-bound histogram's counts.
      const edges = bounds.flatMap((b) => [b, b * (1 - 1e-12), b * (1 + 1e-12)]);
      for (const values of [edges, ...DATA.map(([, make]) => make())]) {
        const expected = bounds.map((b) => values.filter((v) => v <= b).length);
        expect(cumulativeCounts(filled(values, bounds))).toEqual(expected);
      }
    },
  );

  test("bounds so close that one log bucket holds two are refused", () => {
    expect(() => new LiveHistogram([0.1, 0.1001])).toThrow(RangeError);
  });

  test.each<[string, number[], number, number | null]>([
    ["no values: null", [], 50, null],
    ["NaN is no value", [Number.NaN], 50, null],
    ["at or below 1 µs: 0", [0, 1e-7, 1e-6], 50, 0],
    ["above 10,000 s: 10,000 s", [2e4], 50, 1e4],
  ])("%s", (_name, values, q, expected) => {
    expect(quantileS(filled(values), q)).toBe(expected);
  });

  test("a window is the difference of two snapshots: the older values drop out, and a snapshot does not move", () => {
    const h = new LiveHistogram(LATENCY_BOUNDS_S);
    for (let i = 0; i < 100; i++) h.observe(0.4);
    const older = h.snapshot();
    for (let i = 0; i < 10; i++) h.observe(0.015);
    const recent = histogramSince(h.snapshot(), older);
    expect(recent.count).toBe(10);
    expect(quantileS(recent, 99) as number).toBeCloseTo(0.015, 3);
    expect(cumulativeCounts(recent)).toEqual(LATENCY_BOUNDS_S.map((b) => (b >= 0.015 ? 10 : 0)));
    expect(recent.sumS).toBeCloseTo(0.15, 9);
    expect(older.count).toBe(100);
    expect(histogramSince(h.snapshot(), null)).toEqual(h.snapshot());
  });

  test("memory is fixed: a million values take the counts ten do", () => {
    const few = new LiveHistogram();
    const many = new LiveHistogram();
    for (let i = 0; i < 10; i++) few.observe(i / 10);
    for (let i = 0; i < 1_000_000; i++) many.observe((i % 1000) / 100);
    expect(many.snapshot().counts.length).toBe(few.snapshot().counts.length);
    expect(few.snapshot().counts.length).toBeLessThan(1000);
  });

  test("percentilesMs gives p50, p90, p99 in milliseconds, null without values", () => {
    expect(percentilesMs(filled([]))).toBeNull();
    const p = percentilesMs(filled(Array(10).fill(0.015))) as { p50: number; p90: number; p99: number };
    for (const v of [p.p50, p.p90, p.p99]) expect(Math.abs(v - 15) / 15).toBeLessThanOrEqual(0.02);
  });
});
