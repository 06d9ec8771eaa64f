/** @module test/report/html/downsample.test — deterministic strides and quantile grids stay within the chart budget. */
import { describe, expect, test } from "bun:test";
import { MAX_CHART_POINTS, quantileRanks, strideIndices } from "../../../src/report/html/downsample.ts";

describe("report/html/downsample", () => {
  test.each([
    [0, 5, []],
    [3, 5, [0, 1, 2]],
    [10, 5, [0, 2, 4, 6, 8]],
    [7, 3, [0, 2, 4]],
  ])("strides %p rows down to at most %p: %p", (count, max, expected) => {
    expect(strideIndices(count, max)).toEqual(expected);
  });

  test.each([
    [0, 5, []],
    [4, 5, [0, 1, 2, 3]],
    [11, 5, [0, 3, 5, 8, 10]],
    [1_000_000, 3, [0, 500_000, 999_999]],
    [9, 1, [8]],
  ])("puts a quantile grid over %p ranks with %p points, min and max included: %p", (count, max, expected) => {
    expect(quantileRanks(count, max)).toEqual(expected);
  });

  test("never exceeds the chart budget, and is the same on every call", () => {
    const a = strideIndices(1_000_003);
    expect(a.length).toBe(MAX_CHART_POINTS);
    expect(strideIndices(1_000_003)).toEqual(a);
    expect(quantileRanks(1_000_003).length).toBe(MAX_CHART_POINTS);
  });
});
