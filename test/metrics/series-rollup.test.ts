/** @module test/metrics/series-rollup — tests for metrics/series-rollup. */
import { describe, expect, test } from "bun:test";
import { PERCENTILE_GRID, percentileKey } from "../../src/metrics/percentiles.ts";
import {
  hasValues,
  RollupSchema,
  rollupSeries,
  sampleStdDev,
  type SeriesRollup,
} from "../../src/metrics/series-rollup.ts";
import { scrubNonFinite } from "../../src/metrics/json-numbers.ts";

function expectValues(r: ReturnType<typeof rollupSeries>): SeriesRollup {
  if (!hasValues(r)) throw new Error("expected a rollup with values");
  return r;
}

describe("metrics/series-rollup", () => {
  test.each([[new Float64Array(0)], [Float64Array.of(Number.NaN, Number.NaN)]])(
    "returns {} for no values, or every early-stopping key null with early stopping on (case %#)",
    (values) => {
      expect(rollupSeries(values, { earlyStopping: false })).toEqual({});
      const nulls = {
        "99.9": null,
        "99.0": null,
        "97.0": null,
        "95.0": null,
        "90.0": null,
        "80.0": null,
        "75.0": null,
        "50.0": null,
      };
      expect(rollupSeries(values, { earlyStopping: true })).toEqual({ early_stopping_percentiles: nulls });
      expect(hasValues(rollupSeries(values, { earlyStopping: true }))).toBe(false);
    },
  );

  test("summarises a single value with std_dev 0", () => {
    const r = expectValues(rollupSeries(Float64Array.of(42), { earlyStopping: false }));
    expect(r).toMatchObject({ total: 42, min: 42, max: 42, median: 42, avg: 42, std_dev: 0 });
    for (const v of Object.values(r.percentiles)) expect(v).toBe(42);
    expect(r.early_stopping_percentiles).toBeUndefined();
  });

  test("has upstream's key order, early-stopping map right after percentiles", () => {
    const r = rollupSeries(Float64Array.of(1, 2, 3), { earlyStopping: true });
    expect(Object.keys(r)).toEqual([
      "total",
      "min",
      "max",
      "median",
      "avg",
      "std_dev",
      "percentiles",
      "early_stopping_percentiles",
      "histogram",
    ]);
    expect(Object.keys(rollupSeries(Float64Array.of(1), { earlyStopping: false }))).toEqual([
      "total",
      "min",
      "max",
      "median",
      "avg",
      "std_dev",
      "percentiles",
      "histogram",
    ]);
  });

  test("skips NaN and summarises the rest", () => {
    const r = expectValues(rollupSeries(Float64Array.of(4, Number.NaN, 2, 6, 8), { earlyStopping: false }));
    expect(r).toMatchObject({ total: 20, min: 2, max: 8, median: 4, avg: 5 });
    expect(r.std_dev).toBeCloseTo(Math.sqrt(20 / 3), 12);
    expect(r.histogram.counts.reduce((a, b) => a + b, 0)).toBe(4);
  });

  test.each([
    [[2, 4, 4, 4, 5, 5, 7, 9], Math.sqrt(32 / 7)],
    [[1, 1], 0],
    [[1e12, 1e12 + 2], Math.SQRT2],
  ])("uses the sample std (n − 1) for %p", (values, expected) => {
    expect(sampleStdDev(Float64Array.from(values))).toBeCloseTo(expected, 9);
  });

  test.each([
    // [values, float, upstream's std_dev from Python]: exact integers for whole values, Σx² − (Σx)²/n for TPOT's floats
    [[1e12, 1e12 + 2], false, 1.414213562373095],
    [[1e12, 1e12 + 2], true, 0],
    [[0.5, 1.5, 4.25], false, 1.9418633662885072],
  ])("computes upstream's std_dev of %p (float %p)", (values, float, expected) => {
    expect(sampleStdDev(Float64Array.from(values), { float })).toBe(expected);
  });

  /** Upstream's whole-value formula with a bigint step per value: what the blocked sums must equal bit for bit. */
  const bigintStdDev = (values: number[]) => {
    const n = BigInt(values.length);
    const total = values.reduce((a, v) => a + BigInt(v), 0n);
    const sumSq = values.reduce((a, v) => a + BigInt(v) * BigInt(v), 0n);
    return Math.sqrt(Number(n * sumSq - total * total)) / Math.sqrt(values.length * (values.length - 1));
  };
  const seeded = (count: number, of: (u: number) => number) => {
    let state = 12_345;
    return Array.from({ length: count }, () => {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      return of(state / 2 ** 31);
    });
  };
  test.each([
    ["ITL-sized ns over three blocks", seeded(10_000, (u) => Math.floor(u * 5e7))],
    ["every value the largest split one (sums at their bound)", Array.from({ length: 8_193 }, () => 2 ** 40 - 1)],
    ["around 2^40, some split, some not", seeded(5_000, (u) => Math.floor(2 ** 40 - 2_500 + u * 5_000))],
    ["negative values", seeded(300, (u) => Math.floor((u - 0.5) * 1e9))],
    ["near 2^53", [2 ** 53 - 1, 2 ** 53 - 3, 2 ** 52]],
  ])("the whole-value std_dev equals a bigint step per value: %s", (_, values) => {
    expect(sampleStdDev(Float64Array.from(values))).toBe(bigintStdDev(values));
  });

  test("keys percentiles by the grid and early stopping by 50 ≤ p < 100", () => {
    const r = expectValues(
      rollupSeries(
        Float64Array.from({ length: 100 }, (_, i) => i),
        { earlyStopping: true },
      ),
    );
    expect(Object.keys(r.percentiles)).toEqual(PERCENTILE_GRID.map(percentileKey));
    expect(Object.keys(r.early_stopping_percentiles ?? {})).toEqual([
      "99.9",
      "99.0",
      "97.0",
      "95.0",
      "90.0",
      "80.0",
      "75.0",
      "50.0",
    ]);
    // 100 samples: enough for p50…p90 (floor 64); not for p95 (floor 130) and up.
    expect(r.early_stopping_percentiles?.["99.0"]).toBeNull();
    expect(r.early_stopping_percentiles?.["95.0"]).toBeNull();
    expect(r.early_stopping_percentiles?.["90.0"]).not.toBeNull();
  });

  test("writes the p99 early-stopping estimate of 10000 uniform values", () => {
    const values = Float64Array.from({ length: 10_000 }, (_, i) => 9999 - i); // unsorted input
    const r = expectValues(rollupSeries(values, { earlyStopping: true }));
    expect(r.early_stopping_percentiles?.["99.0"]).toBe(9923);
    expect(r.percentiles["99.0"]).toBe(9899);
    expect(r.median).toBe(4999);
  });

  test.each([
    ["no values", new Float64Array(0), false],
    ["no values, early stopping on", new Float64Array(0), true],
    ["one value", Float64Array.of(42), false],
    ["a few values, early stopping on", Float64Array.of(1, 2, 3, 5, 8), true],
  ])(
    "%s: the rollup is what its schema (result_summary.json's) says, JSON round-trip unchanged",
    (_n, values, early) => {
      const json = JSON.parse(JSON.stringify(scrubNonFinite(rollupSeries(values, { earlyStopping: early }))));
      expect(RollupSchema.parse(json)).toEqual(json);
    },
  );

  test("a rollup with an unknown key, or an empty one with a number estimate, is refused", () => {
    expect(RollupSchema.safeParse({ early_stopping_percentiles: { "99.0": 5 } }).success).toBe(false);
    const full = JSON.parse(
      JSON.stringify(scrubNonFinite(rollupSeries(Float64Array.of(1, 2), { earlyStopping: false }))),
    );
    expect(RollupSchema.safeParse({ ...full, extra: 1 }).success).toBe(false);
  });
});
