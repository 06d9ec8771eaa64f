/** @module test/metrics/percentiles — tests for metrics/percentiles. */
import { describe, expect, test } from "bun:test";
import {
  gridPercentiles,
  lowerPercentile,
  lowerPercentileIndex,
  PERCENTILE_GRID,
  percentileKey,
  sortedFinite,
  sortFiniteInPlace,
} from "../../src/metrics/percentiles.ts";

const oneToHundred = Float64Array.from({ length: 100 }, (_, i) => i + 1);
const zeroTo999 = Float64Array.from({ length: 1000 }, (_, i) => i);

describe("metrics/percentiles", () => {
  test.each([
    [50, "50.0"],
    [99.9, "99.9"],
    [99, "99.0"],
    [1, "1.0"],
    [99.99, "99.99"],
    [0, "0.0"],
    [100, "100.0"],
  ])("formats percentile %p as key %p like Python str(float)", (p, key) => {
    expect(percentileKey(p)).toBe(key);
  });

  test("lists the grid keys in report order", () => {
    expect(PERCENTILE_GRID.map(percentileKey)).toEqual([
      "99.9",
      "99.0",
      "97.0",
      "95.0",
      "90.0",
      "80.0",
      "75.0",
      "50.0",
      "25.0",
      "10.0",
      "5.0",
      "1.0",
    ]);
  });

  test.each([
    // [p, n, index] = floor(p/100 · (n − 1))
    [50, 1, 0],
    [99.9, 1, 0],
    [50, 2, 0],
    [100, 2, 1],
    [50, 100, 49],
    [99, 100, 98],
    [99.9, 100, 98],
    [99.9, 1000, 998],
    [1, 100, 0],
    [0, 100, 0],
    [100, 100, 99],
  ])("p%p of %p values is index %p", (p, n, index) => {
    expect(lowerPercentileIndex(p, n)).toBe(index);
  });

  test.each([
    [oneToHundred, 50, 50],
    [oneToHundred, 90, 90],
    [oneToHundred, 99, 99],
    [oneToHundred, 99.9, 99],
    [oneToHundred, 1, 1],
    [zeroTo999, 99.9, 998],
    [zeroTo999, 50, 499],
    [Float64Array.of(7), 99, 7],
  ])("returns an observed value, never interpolated (case %#)", (sorted, p, expected) => {
    expect(lowerPercentile(sorted, p)).toBe(expected);
  });

  test("returns NaN for no values", () => {
    expect(lowerPercentile(new Float64Array(0), 50)).toBeNaN();
  });

  test("computes every grid percentile", () => {
    const p = gridPercentiles(oneToHundred);
    expect(Object.keys(p)).toEqual(PERCENTILE_GRID.map(percentileKey));
    expect(p["99.9"]).toBe(99);
    expect(p["50.0"]).toBe(50);
    expect(p["1.0"]).toBe(1);
  });

  test("sorts numerically and drops non-finite values", () => {
    const sorted = sortedFinite(Float64Array.of(10, Number.NaN, 2, 100, Number.POSITIVE_INFINITY, -1));
    expect(Array.from(sorted)).toEqual([-1, 2, 10, 100]);
  });

  test.each([
    [[], []],
    [[Number.NaN, Number.NaN], []],
    [
      [3, 1, 2],
      [1, 2, 3],
    ],
    [
      [10, Number.NaN, 2, 100, Number.POSITIVE_INFINITY, -1, Number.NEGATIVE_INFINITY],
      [-1, 2, 10, 100],
    ],
    [[Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY], []],
  ])("sorts %p in place and returns its finite part %p", (values, expected) => {
    const array = Float64Array.from(values);
    const finite = sortFiniteInPlace(array);
    expect(Array.from(finite)).toEqual(expected);
    expect(finite.buffer).toBe(array.buffer);
  });
});
