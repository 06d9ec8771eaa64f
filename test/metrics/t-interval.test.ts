/**
 * @module test/metrics/t-interval.test — mean, sample std, the 95 % t-interval and the CV of fixed repeats.
 *
 * Expected values: numpy 2 / scipy 1.17.1 — `a.mean()`, `a.std(ddof=1)`,
 * `scipy.stats.t.interval(0.95, n - 1, loc=mean, scale=std / sqrt(n))`, and 100 · std / mean.
 */
import { describe, expect, test } from "bun:test";
import { coefficientOfVariationPct, mean, sampleStd } from "../../src/metrics/sample-statistics.ts";
import { repeatSpread } from "../../src/metrics/t-interval.ts";

describe("metrics/t-interval", () => {
  test.each([
    [[10, 12, 11], 11, 1, 8.51586228824967, 13.48413771175033, 9.090909090909092],
    [[100, 102, 98, 101, 99], 100, 1.5811388300841898, 98.03675683852244, 101.96324316147756, 1.5811388300841898],
    [[1, 2, 3, 4], 2.5, 1.2909944487358056, 0.4457397432394794, 4.554260256760521, 51.63977794943222],
    // No spread: the interval is the point itself (scipy answers nan for a zero scale).
    [[5, 5], 5, 0, 5, 5, 0],
  ])("%p: mean %p, std %p, 95 %% interval [%p, %p], CV %p %%", (values, m, s, low, high, cv) => {
    const spread = repeatSpread(values);
    expect(spread.n).toBe(values.length);
    expect(spread.mean).toBeCloseTo(m, 12);
    expect(spread.std).toBeCloseTo(s, 12);
    expect(spread.ciLow).toBeCloseTo(low, 9);
    expect(spread.ciHigh).toBeCloseTo(high, 9);
    expect(spread.cvPct).toBeCloseTo(cv, 12);
  });

  test("one value has a mean and nothing else; none has nothing", () => {
    expect(repeatSpread([7])).toEqual({ n: 1, mean: 7, std: null, ciLow: null, ciHigh: null, cvPct: null });
    expect(repeatSpread([])).toEqual({ n: 0, mean: null, std: null, ciLow: null, ciHigh: null, cvPct: null });
  });

  test("a 99 % interval is wider than the 95 % one (t(0.995, 2) = 9.924843 by scipy)", () => {
    const spread = repeatSpread([10, 12, 11], 0.99);
    expect(spread.ciHigh! - 11).toBeCloseTo((9.924843200918276 * 1) / Math.sqrt(3), 8);
  });

  test.each([
    [[], null, null, null],
    [[3], 3, null, null],
    [[0, 0], 0, 0, null],
    [[-2, -4], -3, Math.SQRT2, (100 * Math.SQRT2) / 3],
  ])("%p: mean %p, std %p, CV %p", (values, m, s, cv) => {
    expect(mean(values)).toBe(m);
    if (s === null) expect(sampleStd(values)).toBeNull();
    else expect(sampleStd(values)).toBeCloseTo(s, 12);
    if (cv === null) expect(coefficientOfVariationPct(values)).toBeNull();
    else expect(coefficientOfVariationPct(values)).toBeCloseTo(cv, 12);
  });
});
