/**
 * @module report/pareto/pareto-chart — one ISL/OSL pair's Pareto chart as inline SVG: tokens/s per
 * GPU against tokens/s per user, one curve per label (its points, its frontier as a line), hollow
 * rings for points that do not count; then the frontier's points with their cost. Pure.
 *
 * The figure carries its points as JSON in `data-points` (escaped, no script: the page stays
 * self-contained), so a test or a user reads exactly what was drawn.
 */
import { escapeHtml } from "../html/escape-html.ts";
import { renderChart, type ChartSeries } from "../html/svg-chart.ts";
import type { ParetoPoint } from "./pareto-schema.ts";

const COLORS = ["#2563eb", "#dc2626", "#16a34a", "#9333ea", "#ea580c", "#0891b2", "#4d7c0f", "#be185d"];

const fixed = (v: number | null, digits = 2) => (v === null ? "N/A" : v.toFixed(digits));

/** The series of one label's points: filled, hollow, and the frontier through the filled ones. */
function curveSeries(points: readonly ParetoPoint[], label: string, color: string): ChartSeries[] {
  const mine = points.filter((p) => p.label === label);
  const filled = mine.filter((p) => p.hollow === null);
  const hollow = mine.filter((p) => p.hollow !== null);
  const frontier = filled.filter((p) => p.on_frontier).sort((a, b) => a.x - b.x || b.y - a.y);
  const xs = (ps: readonly ParetoPoint[]) => ps.map((p) => p.x);
  const ys = (ps: readonly ParetoPoint[]) => ps.map((p) => p.y);
  const dominated = filled.filter((p) => !p.on_frontier);
  return [
    ...(frontier.length > 0
      ? [
          { kind: "line" as const, label: `${label} frontier`, color, xs: xs(frontier), ys: ys(frontier) },
          // Large dots: a frontier of one point is no line, and still has to show.
          {
            kind: "points" as const,
            label: `${label} on the frontier`,
            color,
            shape: "dot" as const,
            xs: xs(frontier),
            ys: ys(frontier),
          },
        ]
      : []),
    ...(dominated.length > 0
      ? [{ kind: "points" as const, label, color, shape: "circle" as const, xs: xs(dominated), ys: ys(dominated) }]
      : []),
    ...(hollow.length > 0
      ? [
          {
            kind: "points" as const,
            label: `${label}: missed SLO or accuracy`,
            color,
            shape: "ring" as const,
            xs: xs(hollow),
            ys: ys(hollow),
          },
        ]
      : []),
  ];
}

/** The frontier's points with their throughput and cost, one row each. */
function frontierTable(points: readonly ParetoPoint[]): string {
  const rows = points
    .filter((p) => p.on_frontier)
    .sort((a, b) => a.label.localeCompare(b.label) || a.x - b.x)
    .map(
      (p) =>
        `<tr>${[
          p.label,
          String(p.step),
          p.offered === null ? "-" : String(p.offered),
          fixed(p.x),
          fixed(p.y),
          fixed(p.usd_per_million_output_tokens, 4),
          fixed(p.usd_per_million_tokens, 4),
        ]
          .map((c) => `<td>${escapeHtml(c)}</td>`)
          .join("")}</tr>`,
    )
    .join("");
  const head = ["curve", "step", "offered", "tok/s/user", "tok/s/GPU", "$/1M out", "$/1M tokens"];
  return `<table class="percentiles"><thead><tr>${head.map((h) => `<th scope="col">${h}</th>`).join("")}</tr></thead><tbody>${rows}</tbody></table>`;
}

/** The chart and frontier table of `pair`'s points; `yPerGpu` names the y axis. */
export function renderParetoFigure(pair: string, points: readonly ParetoPoint[], yPerGpu: boolean): string {
  const mine = points.filter((p) => p.isl_osl === pair);
  // A label keeps its colour in every pair's chart, also in one where another label has no point.
  const allLabels = [...new Set(points.map((p) => p.label))];
  const series = allLabels
    .filter((label) => mine.some((p) => p.label === label))
    .flatMap((label) => curveSeries(mine, label, COLORS[allLabels.indexOf(label) % COLORS.length] as string));
  const chart = renderChart({
    name: `pareto-${pair}`,
    title: `Pareto: ${pair}`,
    xLabel: "interactivity (tok/s per user)",
    // From 0 on both axes, as InferenceMAX draws it: noise of a fraction of a token/s must not look like a trade-off.
    xFromZero: true,
    yLabel: yPerGpu ? "output tok/s per GPU" : "output tok/s (no --gpus: whole endpoint)",
    series,
  });
  return (
    `<figure class="pareto" style="margin:0" data-pareto="${escapeHtml(pair)}" data-points="${escapeHtml(JSON.stringify(mine))}">` +
    `${chart}<figcaption>Frontier (${escapeHtml(pair)}): filled points no other beats on both axes; ` +
    `hollow rings missed the SLO or the accuracy threshold and are left out.</figcaption>` +
    `<div class="scroll">${frontierTable(mine)}</div></figure>`
  );
}
