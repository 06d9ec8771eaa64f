/** @module test/report/pareto/pareto-chart.test — a pair's figure: axes from 0, a label's colour the same in every pair's chart. */
import { describe, expect, test } from "bun:test";
import { renderParetoFigure } from "../../../src/report/pareto/pareto-chart.ts";
import { paretoPoints, type ParetoStep } from "../../../src/report/pareto/pareto-points.ts";

const step = (index: number, pair: string, x: number, y: number): ParetoStep => ({
  index,
  kind: "concurrency",
  offered: index,
  report_dir: "",
  state: "complete",
  interactivity: x,
  output_tps_per_gpu: y,
  usd_per_million_output_tokens: null,
  passed: null,
  note: null,
  isl_osl: pair,
});

describe("report/pareto/pareto-chart", () => {
  const points = paretoPoints([
    { label: "tp4", steps: [step(1, "a", 100.01, 10), step(2, "a", 100.02, 40)] },
    { label: "tp8", steps: [step(1, "a", 200, 80), step(2, "b", 150, 60)] },
  ]);
  const seriesColor = (html: string, label: string) =>
    new RegExp(`data-series="${label} on the frontier" fill="(#[0-9a-f]{6})"`).exec(html)?.[1];

  test("a label keeps its colour in a pair's chart where the other label has no point", () => {
    const a = renderParetoFigure("a", points, true);
    const b = renderParetoFigure("b", points, true);
    expect(seriesColor(b, "tp8")).toBe(seriesColor(a, "tp8") as string);
    expect(seriesColor(a, "tp8")).not.toBe(seriesColor(a, "tp4") as string);
    expect(b).not.toContain('data-series="tp4');
  });

  test("x starts at 0: a spread of a hundredth of a token/s is not drawn as the chart's width", () => {
    const a = renderParetoFigure("a", points, true);
    expect(a).toMatch(/<text class="tick" x="[\d.]+" y="[\d.]+" text-anchor="middle">0<\/text>/);
  });
});
