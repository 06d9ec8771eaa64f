/** @module test/report/series-text — tests for report/series-text. */
import { describe, expect, test } from "bun:test";
import { barLength, histogramLines, seriesLines } from "../../src/report/series-text.ts";

describe("report/series-text", () => {
  test.each([
    [0, 10, 0],
    [10, 10, 30],
    [5, 10, 15],
    [1, 1000, 1],
    [0, 0, 0],
  ])("draws %p of max %p as %p marks", (count, max, length) => {
    expect(barLength(count, max)).toBe(length);
  });

  test("aligns bars and closes the last bucket", () => {
    const lines = histogramLines(
      [
        [1e6, 10e6],
        [10e6, 100e6],
      ],
      [2, 4],
      "ms",
    );
    expect(lines).toEqual([`[1.00, 10.00)   |${"#".repeat(15)} 2`, `[10.00, 100.00] |${"#".repeat(30)} 4`]);
  });

  test("renders an empty series as one line", () => {
    expect(seriesLines("ITL", {}, "ms")).toEqual(["ITL: not recorded"]);
  });
});
