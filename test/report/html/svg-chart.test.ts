/** @module test/report/html/svg-chart.test — the SVG chart renderer. */
import { describe, expect, test } from "bun:test";
import { chooseAxis, renderChart, type ChartSpec } from "../../../src/report/html/svg-chart.ts";

const base: ChartSpec = { name: "demo", title: "Demo <chart>", xLabel: "time (s)", yLabel: "rate (1/s)", series: [] };

describe("report/html/svg-chart", () => {
  test("names the chart, sizes it and labels both axes, escaping the text", () => {
    const svg = renderChart({ ...base, series: [{ kind: "line", label: "a", color: "#000", xs: [0, 1], ys: [1, 2] }] });
    expect(svg).toStartWith('<svg data-chart="demo" width="560" height="320" viewBox="0 0 560 320"');
    expect(svg).toContain(">Demo &lt;chart&gt;</text>");
    expect(svg).toContain(">time (s)</text>");
    expect(svg).toContain(">rate (1/s)</text>");
    expect(svg).not.toContain("http");
  });

  test.each([
    [
      "a line, broken where y is NaN",
      { kind: "line", label: "l", color: "#111", xs: [0, 1, 2, 3], ys: [1, Number.NaN, 2, 3] },
      /d="M\S+ \S+M\S+ \S+L\S+ \S+"/,
    ],
    [
      "circles",
      { kind: "points", shape: "circle", label: "p", color: "#222", xs: [1, 2], ys: [3, 4] },
      /(<circle [^>]+\/>){2}/,
    ],
    [
      "crosses in one path",
      { kind: "points", shape: "cross", label: "x", color: "#333", xs: [1], ys: [1] },
      /<path class="series" data-series="x" d="M\S+ \S+l6 6m0 -6l-6 6"/,
    ],
    [
      "bars, skipping empty ones",
      { kind: "bars", label: "b", color: "#444", x0s: [0, 1, 2], x1s: [1, 2, 3], ys: [2, 0, 1] },
      /<g class="series" data-series="b" fill="#444">(<rect [^>]+\/>){2}<\/g>/,
    ],
  ] as const)("draws %s", (_, series, pattern) => {
    expect(renderChart({ ...base, series: [series] })).toMatch(pattern);
  });

  test("adds a legend only when there are several series", () => {
    const one = renderChart({
      ...base,
      series: [{ kind: "line", label: "first", color: "#000", xs: [0, 1], ys: [0, 1] }],
    });
    expect(one).not.toContain('class="legend"');
    const two = renderChart({
      ...base,
      series: [
        { kind: "line", label: "first", color: "#000", xs: [0, 1], ys: [0, 1] },
        { kind: "line", label: "<second>", color: "#f00", xs: [0, 1], ys: [1, 0] },
      ],
    });
    expect(two).toContain(">first</text>");
    expect(two).toContain(">&lt;second&gt;</text>");
  });

  test("a legend wider than the plot takes a second row, and the plot starts lower by one row", () => {
    const line = (label: string) => ({ kind: "line", label, color: "#000", xs: [0, 1], ys: [0, 1] }) as const;
    const rowsOf = (svg: string) =>
      new Set([...svg.matchAll(/<text class="legend" x="[\d.]+" y="(\d+)"/g)].map((m) => m[1])).size;
    const plotTop = (svg: string) => Number(/<rect class="plot" x="\d+" y="([\d.]+)"/.exec(svg)?.[1]);
    const narrow = renderChart({ ...base, series: [line("a"), line("b")] });
    const wide = renderChart({
      ...base,
      series: [
        "TTFT p50",
        "TTFT p99",
        "latency p99",
        "TTFT limit",
        "capacity: 26.49 req/s",
        "answer: 14.075 req/s",
      ].map(line),
    });
    expect([rowsOf(narrow), plotTop(narrow)]).toEqual([1, 46]);
    expect([rowsOf(wide), plotTop(wide)]).toEqual([2, 60]);
    expect(wide).toContain('data-series="answer: 14.075 req/s"');
  });

  test.each([
    ["linear from zero", [3, 7], "linear", true, { kind: "linear", min: 0, max: 8 }],
    ["linear from the data", [3, 7], "linear", false, { kind: "linear", min: 3, max: 7 }],
    ["auto stays linear within two decades", [2, 150], "auto", true, { kind: "linear", min: 0, max: 150 }],
    ["auto turns log beyond two decades", [0, 0.5, 800], "auto", true, { kind: "log", min: 0.1, max: 1000 }],
    ["no finite values", [Number.NaN], "auto", true, { kind: "linear", min: 0, max: 1 }],
  ] as const)("chooses an axis: %s", (_, values, scale, fromZero, expected) => {
    expect(chooseAxis(values, scale, fromZero)).toMatchObject(expected);
  });

  test("puts count axes on whole numbers", () => {
    expect(chooseAxis([0, 2], "linear", true, 1).ticks).toEqual([0, 1, 2]);
  });
});
