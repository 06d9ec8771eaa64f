/** @module test/report/html/cdf.test — CDF points, histogram bins and the distribution charts. */
import { describe, expect, test } from "bun:test";
import { sortedFinite } from "../../../src/metrics/percentiles.ts";
import { cdfPoints, histogramBins, renderDistributionCharts } from "../../../src/report/html/cdf.ts";

const MS = 1e6;

describe("report/html/cdf", () => {
  test.each([
    [[5], 10, [5], [100]],
    [[1, 2, 3, 4], 10, [1, 2, 3, 4], [25, 50, 75, 100]],
    [[10, 20, 30, 40, 50], 3, [10, 30, 50], [20, 60, 100]],
  ])("gives CDF points of %p (≤ %p points)", (values, max, xs, ps) => {
    expect(cdfPoints(Float64Array.from(values), max)).toEqual({ xs, ps });
  });

  test("keeps min, max and 2000 points for a million values", () => {
    const sorted = Float64Array.from({ length: 1_000_000 }, (_, i) => i + 1);
    const { xs, ps } = cdfPoints(sorted);
    expect(xs.length).toBe(2000);
    expect([xs[0], xs.at(-1), ps.at(-1)]).toEqual([1, 1_000_000, 100]);
    expect(xs.every((x, i) => i === 0 || x >= (xs[i - 1] as number))).toBe(true);
  });

  test.each([
    ["linear", [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10], false, 5, [0, 2, 4, 6, 8], [2, 2, 2, 2, 3]],
    ["log", [1, 5, 10, 50, 100, 500, 1000], true, 3, [1, 10, 100], [2, 2, 3]],
    ["log with zeros in the first bin", [0, 0, 1, 10, 100, 1000], true, 3, [1, 10, 100], [3, 1, 2]],
  ])("bins %s values", (_, values, log, bins, x0s, counts) => {
    const h = histogramBins(Float64Array.from(values), log, bins);
    expect(h.x0s.map((x) => Number(x.toPrecision(9)))).toEqual(x0s);
    expect(h.counts).toEqual(counts);
    expect(h.counts.reduce((a, b) => a + b, 0)).toBe(values.length);
  });

  test("puts a constant series in one bar", () => {
    expect(histogramBins(Float64Array.of(7, 7, 7), false)).toEqual({ x0s: [7], x1s: [7 * 1.001], counts: [3] });
  });

  test("draws a CDF and a histogram in ms, on a log axis when values span more than two decades", () => {
    const narrow = renderDistributionCharts({
      name: "ttft",
      label: "TTFT",
      unit: "ms",
      countLabel: "requests",
      sortedNs: sortedFinite(Float64Array.of(5 * MS, 7 * MS, Number.NaN)),
    });
    expect(narrow).toContain('data-chart="cdf-ttft"');
    expect(narrow).toContain('data-chart="histogram-ttft"');
    expect(narrow).toContain("TTFT (ms)");
    expect(narrow).toContain("TTFT — cumulative distribution (n = 2)");
    const wide = renderDistributionCharts({
      name: "itl",
      label: "ITL",
      unit: "ms",
      countLabel: "token gaps",
      sortedNs: sortedFinite(Float64Array.of(0.01 * MS, 1 * MS, 50 * MS)),
    });
    expect(wide).toContain("ITL (ms, log scale)");
    const withZeros = renderDistributionCharts({
      name: "itl",
      label: "ITL",
      unit: "ms",
      countLabel: "token gaps",
      sortedNs: sortedFinite(Float64Array.of(0, 0, 0.01 * MS, 50 * MS)),
    });
    expect(withZeros).toContain("ITL (ms, log scale; 2 values ≤ 0 at the left edge)");
  });

  test("draws nothing for a metric without values", () => {
    expect(
      renderDistributionCharts({
        name: "tpot",
        label: "TPOT",
        unit: "ms/token",
        countLabel: "requests",
        sortedNs: sortedFinite(Float64Array.of(Number.NaN)),
      }),
    ).toBe("");
  });
});
