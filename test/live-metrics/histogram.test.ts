import { describe, expect, test } from "bun:test";
import { Histogram, LAG_BOUNDS_S, LATENCY_BOUNDS_S, TPOT_BOUNDS_S } from "../../src/live-metrics/histogram.ts";

describe("live-metrics/histogram", () => {
  test.each([
    ["below the first bound", [0.0001], [1, 1, 1, 1]],
    ["on a bound (le is inclusive)", [0.01], [1, 1, 1, 1]],
    ["just above a bound", [0.0100001], [0, 1, 1, 1]],
    ["past the last bound: +Inf only", [5], [0, 0, 0, 1]],
    ["several", [0.001, 0.02, 0.1, 0.2, 3], [1, 3, 4, 5]],
    ["NaN is no value", [Number.NaN, 0.02], [0, 1, 1, 1]],
  ])("counts %s cumulatively", (_name, values, cumulative) => {
    const h = new Histogram([0.01, 0.1, 1]);
    for (const v of values) h.observe(v);
    const s = h.snapshot();
    expect(s.cumulative).toEqual(cumulative);
    expect(s.count).toBe(cumulative.at(-1) as number);
    expect(s.sumS).toBeCloseTo(
      values.filter((v) => !Number.isNaN(v)).reduce((a, b) => a + b, 0),
      12,
    );
  });

  test.each([
    ["latency", LATENCY_BOUNDS_S],
    ["tpot", TPOT_BOUNDS_S],
    ["lag", LAG_BOUNDS_S],
  ])("the %s bounds rise strictly (Prometheus requires it)", (_name, bounds) => {
    for (let i = 1; i < bounds.length; i++) expect(bounds[i] as number).toBeGreaterThan(bounds[i - 1] as number);
  });
});
