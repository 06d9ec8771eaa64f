/**
 * @module sweep/sweep-pareto-html — sweep.html's Pareto section: per ISL/OSL pair, output tokens/s per GPU
 * against tokens/s per user, the frontier marked, SLO misses hollow (report/pareto); empty when no step
 * has both axes (no TPOT, or nothing completed).
 */
import { renderParetoFigure } from "../report/pareto/pareto-chart.ts";
import { pairsOf, paretoPoints, perGpu } from "../report/pareto/pareto-points.ts";
import type { SweepResult } from "./run-sweep.ts";

/** The curve's name in sweep.html (`report pareto` names curves by directory or --label). */
const THIS_SWEEP = "this sweep";

export function sweepParetoSection(result: SweepResult): string {
  const curves = [{ label: THIS_SWEEP, steps: result.steps }];
  const points = paretoPoints(curves);
  if (points.length === 0) return "";
  const yPerGpu = perGpu(curves);
  const figures = pairsOf(points).map((pair) => renderParetoFigure(pair, points, yPerGpu));
  return `<section id="pareto"><h2>Pareto: throughput against interactivity</h2><div class="charts">${figures.join("")}</div></section>`;
}
