/** @module test/import/percentile-methods.test — each tool's percentile over the same sorted values (numpy's and GuideLLM's by hand). */
import { describe, expect, test } from "bun:test";
import { percentileBy, type PercentileMethod } from "../../src/import/percentile-methods.ts";

const TEN = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
const NINETY_ONE = Array.from({ length: 91 }, (_, i) => i + 1);

describe("import/percentile-methods", () => {
  test.each<[PercentileMethod, number[], number, number]>([
    // Ours and upstream's: rank ⌊p·(n−1)⌋.
    ["lower", TEN, 50, 5],
    ["lower", TEN, 99, 9],
    ["lower", TEN, 0, 1],
    ["lower", TEN, 100, 10],
    // numpy's default: 4.5 between ranks 4 and 5 of 0…9.
    ["linear", TEN, 50, 5.5],
    ["linear", TEN, 90, 9.1],
    ["linear", TEN, 99, 9.91],
    ["linear", [7], 99, 7],
    // GuideLLM's: the smallest value whose share reaches p, rank ⌈p·n⌉ − 1.
    ["cdf", TEN, 50, 5],
    ["cdf", TEN, 99, 10],
    ["cdf", NINETY_ONE, 99, 91],
    ["cdf", NINETY_ONE, 50, 46],
    ["cdf", TEN, 0, 1],
  ])("%s p-th of its values: p%d → %d", (method, values, p, expected) => {
    expect(percentileBy(method, values, p)).toBeCloseTo(expected, 12);
  });

  test("is NaN over no values, whatever the method", () => {
    for (const method of ["lower", "linear", "cdf"] as const) expect(percentileBy(method, [], 50)).toBeNaN();
  });
});
