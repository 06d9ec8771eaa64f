/** @module test/report/series-text — tests for report/series-text. */
import { describe, expect, test } from "bun:test";
import { barLength, histogramLines, seriesLines } from "../../src/report/series-text.ts";

describe("report/series-text", () => {
  test.each([
    [0, 10, 0],
    [10, 10, 30],
    [5, 10, 15],
    [1, 1000, 0],
    [0, 0, 0],
  ])("draws %p of max %p as %p marks (truncated, as upstream's report)", (count, max, length) => {
    expect(barLength(count, max)).toBe(length);
  });

  test("right-aligns the labels so the bars line up, and closes the last bucket", () => {
    const lines = histogramLines(
      [
        [1e6, 10e6],
        [10e6, 100e6],
      ],
      [2, 4],
      "ms",
    );
    expect(lines).toEqual([`  [1.00, 10.00) |${"#".repeat(15)} 2`, `[10.00, 100.00] |${"#".repeat(30)} 4`]);
  });

  test.each([
    [
      "microsecond ITL buckets get the decimals that tell their edges apart (declared difference: upstream prints 2 always)",
      [
        [5_000, 7_000],
        [7_000, 9_000],
      ],
      "ms",
      ["[0.005, 0.007)", "[0.007, 0.009]"],
    ],
    [
      "millisecond buckets keep 2",
      [
        [1e6, 1.5e6],
        [1.5e6, 2e6],
      ],
      "ms",
      ["[1.00, 1.50)", "[1.50, 2.00]"],
    ],
    ["a single-value histogram (lo = hi) keeps 2", [[3e6, 3e6]], "ms", ["[3.00, 3.00]"]],
    [
      "token buckets of fractions",
      [
        [1.001, 1.004],
        [1.004, 1.008],
      ],
      "tokens",
      ["[1.001, 1.004)", "[1.004, 1.008]"],
    ],
  ] as const)("labels: %s", (_what, buckets, unit, labels) => {
    const lines = histogramLines(
      buckets.map(([a, b]) => [a, b] as [number, number]),
      buckets.map(() => 1),
      unit,
    );
    expect(lines.map((l) => l.split(" |")[0]?.trim())).toEqual([...labels]);
  });

  test("renders an empty series as nothing", () => {
    expect(seriesLines("ITL", {}, "ms")).toEqual([]);
  });
});
