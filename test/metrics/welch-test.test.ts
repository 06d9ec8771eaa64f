/**
 * @module test/metrics/welch-test.test — Welch's t-test and the effect sizes on fixed samples.
 *
 * Expected values: scipy 1.17.1 `scipy.stats.ttest_ind(b, a, equal_var=False)` (t, p), the
 * Welch–Satterthwaite df from numpy's `var(ddof=1)`, and Hedges' g as
 * (mean(b) − mean(a)) / pooled std × (1 − 3 / (4(n₁ + n₂) − 9)).
 */
import { describe, expect, test } from "bun:test";
import { hedgesG, relativeChangePct } from "../../src/metrics/effect-size.ts";
import { welchTest } from "../../src/metrics/welch-test.ts";

const CASES = [
  // name, a, b, t, df, p, g, relative change %
  [
    "a 24 % rise over three runs",
    [10, 12, 11],
    [13, 14.5, 13.5],
    3.6706517419289875,
    3.740932642487047,
    0.02401810846153485,
    2.397659677649136,
    24.24242424242424,
  ],
  [
    "noise: five runs against three",
    [100, 102, 98, 101, 99],
    [100.5, 99.5, 101],
    0.4,
    5.924170616113744,
    0.7031799240047845,
    0.21246859888052783,
    0.3333333333333286,
  ],
  ["the same samples", [1, 2, 3], [1, 2, 3], 0, 4, 1, 0, 0],
  [
    "a 20 % rise over four and five runs",
    [20, 21, 19.5, 20.5],
    [24, 23.5, 25, 24.6, 24.1],
    9.655423896379588,
    6.170664771731589,
    5.9644494732129e-5,
    5.839709915253583,
    19.703703703703695,
  ],
] as const;

describe("metrics/welch-test", () => {
  test.each(CASES)("%s: t, df, p, Hedges' g and the relative change", (_name, a, b, t, df, p, g, rel) => {
    const result = welchTest(a, b);
    expect(result?.t).toBeCloseTo(t, 10);
    expect(result?.df ?? Number.NaN).toBeCloseTo(df, 10);
    expect(result?.p).toBeCloseTo(p, 10);
    expect(hedgesG(a, b)).toBeCloseTo(g, 10);
    expect(relativeChangePct(a, b)).toBeCloseTo(rel, 10);
  });

  test("swapping the samples flips t and g and keeps p", () => {
    const forward = welchTest([10, 12, 11], [13, 14.5, 13.5]);
    const back = welchTest([13, 14.5, 13.5], [10, 12, 11]);
    expect(back?.t).toBeCloseTo(-(forward?.t ?? 0), 12);
    expect(back?.p).toBeCloseTo(forward?.p ?? 0, 12);
    expect(hedgesG([13, 14.5, 13.5], [10, 12, 11])).toBeCloseTo(-2.397659677649136, 10);
  });

  test.each([
    ["equal constants", [5, 5, 5], [5, 5], { t: 0, df: null, p: 1 }],
    ["different constants", [5, 5, 5], [6, 6], { t: Infinity, df: null, p: 0 }],
  ])("%s have no standard error: %p", (_name, a, b, expected) => {
    expect(welchTest(a, b)).toEqual(expected);
    expect(hedgesG(a, b)).toBeNull();
  });

  test("fewer than two values a side is no test", () => {
    expect(welchTest([1], [1, 2])).toBeNull();
    expect(welchTest([1, 2], [])).toBeNull();
    expect(hedgesG([1], [1, 2])).toBeNull();
    expect(relativeChangePct([0, 0], [1, 2])).toBeNull();
  });
});
