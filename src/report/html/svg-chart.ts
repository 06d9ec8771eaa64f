/**
 * @module report/html/svg-chart — one chart as an inline <svg> string: frame, grid, ticks, title, axis labels, series, legend.
 *
 * Pure: a ChartSpec in, markup out. Every chart carries `data-chart="<name>"` and every series
 * `data-series="<label>"` (tests and users find them by these), explicit width/height and a
 * viewBox so CSS can scale it. Coordinates are rounded to 0.1 px to keep big reports small. A
 * NaN y breaks a line (an empty time bucket). Values outside a log axis (≤ 0) are drawn at its lower edge rather than dropped.
 */
import { escapeHtml } from "./escape-html.ts";
import { formatTick, linearAxis, logAxis, project, spansDecades, type Axis, type ScaleKind } from "./scale.ts";

export type ChartSeries =
  | { kind: "line"; label: string; color: string; xs: readonly number[]; ys: readonly number[] }
  | {
      kind: "points";
      label: string;
      color: string;
      /** ring: a hollow circle (a Pareto point that does not count); dot: a large solid one (a frontier point). */
      shape: "circle" | "cross" | "ring" | "dot";
      xs: readonly number[];
      ys: readonly number[];
    }
  | {
      kind: "bars";
      label: string;
      color: string;
      x0s: readonly number[];
      x1s: readonly number[];
      ys: readonly number[];
    };

export interface ChartSpec {
  /** The `data-chart` attribute: kebab-case, unique in the page. */
  name: string;
  title: string;
  /** Axis labels, with units: "TTFT (ms)". */
  xLabel: string;
  yLabel: string;
  series: readonly ChartSeries[];
  /** "auto" = log when the positive values span more than two decades. Default linear. */
  xScale?: ScaleKind | "auto";
  yScale?: ScaleKind | "auto";
  /** Fixed y domain (e.g. 0–100 % for a CDF); otherwise from the data, starting at 0 on linear axes. */
  yDomain?: [number, number];
  /** y values are counts: ticks on whole numbers only. */
  yCounts?: boolean;
  /** x values are whole numbers (turn indexes): ticks on whole numbers only. */
  xCounts?: boolean;
  /** A linear x axis starts at 0 (a Pareto chart's: a spread of 0.1 % must not fill the width). Default: from the data. */
  xFromZero?: boolean;
  width?: number;
  height?: number;
}

const CHART_WIDTH = 560;
const CHART_HEIGHT = 320;
const MARGIN = { top: 46, right: 18, bottom: 46, left: 66 };

const r1 = (v: number): string => String(Math.round(v * 10) / 10);

function seriesXs(s: ChartSeries): readonly number[] {
  return s.kind === "bars" ? [...s.x0s, ...s.x1s] : s.xs;
}

function extent(values: Iterable<number>): { min: number; max: number; minPositive: number } {
  let min = Infinity;
  let max = -Infinity;
  let minPositive = Infinity;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < min) min = v;
    if (v > max) max = v;
    if (v > 0 && v < minPositive) minPositive = v;
  }
  return { min, max, minPositive };
}

/** The axis for values with this extent; linear y axes start at 0 unless values go negative. */
export function chooseAxis(values: Iterable<number>, scale: ScaleKind | "auto", fromZero: boolean, minStep = 0): Axis {
  const e = extent(values);
  if (!Number.isFinite(e.min)) return linearAxis(0, 1, undefined, minStep);
  const log = scale === "log" || (scale === "auto" && spansDecades(e.minPositive, e.max));
  if (log && Number.isFinite(e.minPositive)) return logAxis(e.minPositive, e.max);
  return linearAxis(fromZero ? Math.min(0, e.min) : e.min, e.max, undefined, minStep);
}

interface Frame {
  x: Axis;
  y: Axis;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

const px = (f: Frame, v: number) => project(f.x, v, f.left, f.right);
const py = (f: Frame, v: number) => project(f.y, v, f.bottom, f.top);

function axesMarkup(f: Frame, spec: ChartSpec, height: number): string {
  const parts: string[] = [
    `<rect class="plot" x="${f.left}" y="${f.top}" width="${f.right - f.left}" height="${f.bottom - f.top}"/>`,
  ];
  for (const t of f.x.ticks) {
    const x = r1(px(f, t));
    parts.push(`<line class="grid" x1="${x}" y1="${f.top}" x2="${x}" y2="${f.bottom}"/>`);
    parts.push(`<text class="tick" x="${x}" y="${f.bottom + 16}" text-anchor="middle">${formatTick(t)}</text>`);
  }
  for (const t of f.y.ticks) {
    const y = r1(py(f, t));
    parts.push(`<line class="grid" x1="${f.left}" y1="${y}" x2="${f.right}" y2="${y}"/>`);
    parts.push(`<text class="tick" x="${f.left - 6}" y="${y}" dy="0.32em" text-anchor="end">${formatTick(t)}</text>`);
  }
  const midX = r1((f.left + f.right) / 2);
  const midY = r1((f.top + f.bottom) / 2);
  parts.push(
    `<text class="title" x="${f.left}" y="20">${escapeHtml(spec.title)}</text>`,
    `<text class="axis-label" x="${midX}" y="${height - 8}" text-anchor="middle">${escapeHtml(spec.xLabel)}</text>`,
    `<text class="axis-label" transform="translate(16 ${midY}) rotate(-90)" text-anchor="middle">${escapeHtml(spec.yLabel)}</text>`,
  );
  return parts.join("");
}

function linePath(f: Frame, xs: readonly number[], ys: readonly number[]): string {
  let d = "";
  let pen = false;
  let last = "";
  for (let i = 0; i < xs.length; i++) {
    const x = xs[i] as number;
    const y = ys[i] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      pen = false;
      continue;
    }
    const point = `${r1(px(f, x))} ${r1(py(f, y))}`;
    if (pen && point === last) continue; // same pixel as the previous vertex: adds bytes, not ink
    d += `${pen ? "L" : "M"}${point}`;
    last = point;
    pen = true;
  }
  return d;
}

function seriesMarkup(f: Frame, s: ChartSeries): string {
  if (s.kind === "line") {
    return `<path class="series" data-series="${escapeHtml(s.label)}" d="${linePath(f, s.xs, s.ys)}" fill="none" stroke="${s.color}" stroke-width="1.8"/>`;
  }
  if (s.kind === "bars") {
    const base = f.y.kind === "log" ? f.bottom : py(f, 0);
    const rects: string[] = [];
    s.ys.forEach((y, i) => {
      if (!(y > 0)) return;
      const x0 = px(f, s.x0s[i] as number);
      const x1 = px(f, s.x1s[i] as number);
      const top = py(f, y);
      rects.push(
        `<rect x="${r1(x0)}" y="${r1(top)}" width="${r1(Math.max(0.5, x1 - x0 - 0.5))}" height="${r1(Math.max(0.5, base - top))}"/>`,
      );
    });
    return `<g class="series" data-series="${escapeHtml(s.label)}" fill="${s.color}">${rects.join("")}</g>`;
  }
  const marks: string[] = [];
  for (let i = 0; i < s.xs.length; i++) {
    const x = s.xs[i] as number;
    const y = s.ys[i] as number;
    if (!Number.isFinite(x) || !Number.isFinite(y)) continue;
    const cx = r1(px(f, x));
    const cy = r1(py(f, y));
    marks.push(
      s.shape === "circle"
        ? `<circle cx="${cx}" cy="${cy}" r="2.2"/>`
        : s.shape === "ring"
          ? `<circle cx="${cx}" cy="${cy}" r="3.2"/>`
          : s.shape === "dot"
            ? `<circle cx="${cx}" cy="${cy}" r="4"/>`
            : `M${r1(px(f, x) - 3)} ${r1(py(f, y) - 3)}l6 6m0 -6l-6 6`,
    );
  }
  if (s.shape === "dot")
    return `<g class="series" data-series="${escapeHtml(s.label)}" fill="${s.color}">${marks.join("")}</g>`;
  if (s.shape === "ring")
    return `<g class="series" data-series="${escapeHtml(s.label)}" fill="none" stroke="${s.color}" stroke-width="1.4">${marks.join("")}</g>`;
  return s.shape === "circle"
    ? `<g class="series" data-series="${escapeHtml(s.label)}" fill="${s.color}" fill-opacity="0.55">${marks.join("")}</g>`
    : `<path class="series" data-series="${escapeHtml(s.label)}" d="${marks.join("")}" stroke="${s.color}" stroke-width="1.6" fill="none"/>`;
}

const LEGEND_ROW_PX = 14;
const legendWidth = (label: string) => label.length * 6.6 + 26;

/** Series in legend rows, right-aligned, each row as wide as fits between `left` and `right`. */
function legendRows(series: readonly ChartSeries[], left: number, right: number): ChartSeries[][] {
  if (series.length < 2) return [];
  const rows: ChartSeries[][] = [[]];
  let used = 0;
  for (const s of series) {
    const w = legendWidth(escapeHtml(s.label));
    const row = rows[rows.length - 1] as ChartSeries[];
    if (row.length > 0 && used + w > right - left) {
      rows.push([s]);
      used = w;
    } else {
      row.push(s);
      used += w;
    }
  }
  return rows;
}

function legendMarkup(rows: readonly ChartSeries[][], right: number): string {
  if (rows.length === 0) return "";
  const items: string[] = [];
  rows.forEach((row, r) => {
    const y = 31 + r * LEGEND_ROW_PX;
    let x = right;
    for (const s of [...row].reverse()) {
      const label = escapeHtml(s.label);
      x -= legendWidth(label);
      const swatch =
        s.kind !== "points"
          ? `<rect x="${r1(x)}" y="${y}" width="12" height="8" fill="${s.color}"/>`
          : s.shape === "cross"
            ? `<path d="M${r1(x)} ${y}l8 8m0 -8l-8 8" stroke="${s.color}" stroke-width="1.8"/>`
            : s.shape === "ring"
              ? `<circle cx="${r1(x + 5)}" cy="${y + 4}" r="3.5" fill="none" stroke="${s.color}" stroke-width="1.4"/>`
              : `<circle cx="${r1(x + 5)}" cy="${y + 4}" r="3.5" fill="${s.color}"/>`;
      items.push(`${swatch}<text class="legend" x="${r1(x + 16)}" y="${y + 8}">${label}</text>`);
    }
  });
  return `<g class="legend">${items.join("")}</g>`;
}

/** The chart as an <svg> element string. */
export function renderChart(spec: ChartSpec): string {
  const width = spec.width ?? CHART_WIDTH;
  const height = spec.height ?? CHART_HEIGHT;
  const x = chooseAxis(
    spec.series.flatMap(seriesXs),
    spec.xScale ?? "linear",
    spec.xFromZero ?? false,
    spec.xCounts ? 1 : 0,
  );
  const y = spec.yDomain
    ? linearAxis(spec.yDomain[0], spec.yDomain[1])
    : chooseAxis(
        spec.series.flatMap((s) => s.ys),
        spec.yScale ?? "linear",
        true,
        spec.yCounts ? 1 : 0,
      );
  const right = width - MARGIN.right;
  // A legend too wide for one row takes more rows, and the plot starts lower by as much.
  const legend = legendRows(spec.series, 8, right);
  const top = MARGIN.top + Math.max(0, legend.length - 1) * LEGEND_ROW_PX;
  const f: Frame = { x, y, left: MARGIN.left, right, top, bottom: height - MARGIN.bottom };
  const body = spec.series.map((s) => seriesMarkup(f, s)).join("");
  return (
    `<svg data-chart="${escapeHtml(spec.name)}" width="${width}" height="${height}" ` +
    `viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(spec.title)}">` +
    `${axesMarkup(f, spec, height)}${body}${legendMarkup(legend, f.right)}</svg>`
  );
}
