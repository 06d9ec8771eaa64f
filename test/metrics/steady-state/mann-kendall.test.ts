import { describe, expect, test } from "bun:test";
import { mannKendall, median, normalUpperTail, theilSen } from "../../../src/metrics/steady-state/mann-kendall.ts";

describe("metrics/steady-state/mann-kendall", () => {
  test.each([
    [0, 0.5],
    [1.6448536, 0.05],
    [1.959964, 0.025],
    [-1.959964, 0.975],
    [3, 0.0013499],
  ])("P(Z ≥ %d) is %d", (z, p) => {
    expect(normalUpperTail(z)).toBeCloseTo(p, 6);
  });

  // S, and z = (S − sign S)/√var with var = n(n−1)(2n+5)/18 less the ties' term, worked by hand.
  test.each([
    ["a strict rise", [1, 2, 3, 4, 5, 6], 15, 14 / Math.sqrt(85 / 3)],
    ["a strict fall", [6, 5, 4, 3, 2, 1], -15, -14 / Math.sqrt(85 / 3)],
    ["a constant", [4, 4, 4, 4, 4, 4], 0, 0],
    ["one pair tied", [1, 2, 2, 3], 5, 4 / Math.sqrt((4 * 3 * 13 - 2 * 1 * 9) / 18)],
    ["NaN left out", [3, Number.NaN, 1, 2], -1, 0],
  ])("%s has S = %d and z = %d", (_, values, s, z) => {
    const mk = mannKendall(values);
    expect(mk.s).toBe(s);
    expect(mk.z).toBeCloseTo(z, 9);
    expect(mk.pRising).toBeCloseTo(normalUpperTail(z), 12);
  });

  test("a strict rise of six is significant at one-sided 95 %, noise around a level is not", () => {
    expect(mannKendall([1, 2, 3, 4, 5, 6]).pRising).toBeLessThan(0.005);
    expect(mannKendall([5, 7, 4, 6, 5, 7, 4, 6]).pRising).toBeGreaterThan(0.2);
  });

  test.each([
    ["a line", [0, 1, 2, 3], [1, 3, 5, 7], 2, 1],
    ["a line with one wild point", [0, 1, 2, 3, 4], [1, 3, 5, 100, 9], 2, 1],
    ["flat", [0, 1, 2], [4, 4, 4], 0, 4],
  ])("Theil–Sen through %s: slope %d, intercept %d", (_, xs, ys, slope, intercept) => {
    expect(theilSen(xs, ys)).toEqual({ slope, intercept });
  });

  test.each([
    [[3, 1, 2], 2],
    [[4, 1, 3, 2], 2.5],
    [[], Number.NaN],
  ])("the median of %j is %d", (values, m) => {
    expect(median(values)).toBe(m);
  });
});
