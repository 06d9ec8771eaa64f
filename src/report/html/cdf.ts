/**
 * @module report/html/cdf — a distribution's CDF and histogram charts.
 *
 * CDF: x = value, y = % of values ≤ x, drawn through a quantile grid of at most
 * MAX_CHART_POINTS ranks (min and max always included), so the curve keeps its tails whatever
 * the sample count. Histogram: HISTOGRAM_BINS bins over [min, max], log-spaced when the values
 * span more than two decades (the CDF then uses a log x axis too); on a log axis values ≤ 0
 * (e.g. ITL gaps of tokens that arrived together) sit at the left edge, and the axis label says how many.
 */
import { MAX_CHART_POINTS, quantileRanks } from "./downsample.ts";
import type { MetricValues } from "./metric-values.ts";
import { spansDecades } from "./scale.ts";
import { renderChart } from "./svg-chart.ts";
import type { SeriesArray } from "../../metrics/percentiles.ts";

const HISTOGRAM_BINS = 40;
const NS_PER_MS = 1e6;
const CDF_COLOR = "#2563eb";
const HISTOGRAM_COLOR = "#0d9488";

interface CdfPoints {
  xs: number[];
  /** Percent of values ≤ x (0–100]. */
  ps: number[];
}

/**
 * CDF points of ascending `sorted`: (value at rank r ÷ `unit`, 100·(r+1)/n) on a quantile grid.
 * `unit` converts as it reads (1e6: ns → ms), so a million values are never copied to convert them.
 */
export function cdfPoints(sorted: SeriesArray, maxPoints: number = MAX_CHART_POINTS, unit = 1): CdfPoints {
  const n = sorted.length;
  const ranks = quantileRanks(n, maxPoints);
  return { xs: ranks.map((r) => (sorted[r] as number) / unit), ps: ranks.map((r) => (100 * (r + 1)) / n) };
}

interface HistogramBins {
  x0s: number[];
  x1s: number[];
  counts: number[];
}

/** Index of the smallest value > 0 in ascending `sorted` (its length when there is none). */
function firstPositiveIndex(sorted: SeriesArray): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) > 0) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Smallest value > 0 in ascending `sorted` ÷ `unit`, or NaN. */
function firstPositive(sorted: SeriesArray, unit = 1): number {
  const i = firstPositiveIndex(sorted);
  return i < sorted.length ? (sorted[i] as number) / unit : Number.NaN;
}

/**
 * `binCount` bins over ascending, finite `sorted` ÷ `unit`: log-spaced from the smallest positive
 * value when `log` (values ≤ 0 fall in the first bin), else equal width. The last bin is closed.
 */
export function histogramBins(
  sorted: SeriesArray,
  log: boolean,
  binCount: number = HISTOGRAM_BINS,
  unit = 1,
): HistogramBins {
  const n = sorted.length;
  if (n === 0) return { x0s: [], x1s: [], counts: [] };
  const max = (sorted[n - 1] as number) / unit;
  const lo = log ? firstPositive(sorted, unit) : (sorted[0] as number) / unit;
  const edge = (k: number): number => (log ? lo * (max / lo) ** (k / binCount) : lo + ((max - lo) * k) / binCount);
  if (!(max > lo)) return { x0s: [lo], x1s: [lo === 0 ? 1 : lo * 1.001], counts: [n] };
  const edges = Array.from({ length: binCount + 1 }, (_, k) => edge(k));
  edges[binCount] = max;
  const counts: number[] = new Array(binCount).fill(0);
  let bin = 0;
  for (let i = 0; i < n; i++) {
    const v = (sorted[i] as number) / unit;
    while (bin < binCount - 1 && v >= (edges[bin + 1] as number)) bin++;
    counts[bin] = (counts[bin] as number) + 1;
  }
  return { x0s: edges.slice(0, binCount), x1s: edges.slice(1), counts };
}

/** The CDF and histogram <svg>s of one metric, or "" when it has no values. */
export function renderDistributionCharts(metric: MetricValues): string {
  const sorted = metric.sortedNs;
  if (sorted.length === 0) return "";
  const log = spansDecades(firstPositive(sorted, NS_PER_MS), (sorted[sorted.length - 1] as number) / NS_PER_MS);
  const scale = log ? "log" : "linear";
  const nonPositive = log ? firstPositiveIndex(sorted) : 0;
  const clipped = nonPositive > 0 ? `; ${nonPositive} value${nonPositive === 1 ? "" : "s"} ≤ 0 at the left edge` : "";
  const axisLabel = `${metric.label} (${metric.unit}${log ? `, log scale${clipped}` : ""})`;
  const cdf = cdfPoints(sorted, MAX_CHART_POINTS, NS_PER_MS);
  const bins = histogramBins(sorted, log, HISTOGRAM_BINS, NS_PER_MS);
  const label = metric.label;
  const n = `n = ${sorted.length.toLocaleString("en-US")}`;
  return [
    renderChart({
      name: `cdf-${metric.name}`,
      title: `${metric.label} — cumulative distribution (${n})`,
      xLabel: axisLabel,
      yLabel: `% of ${metric.countLabel} ≤ x`,
      xScale: scale,
      yDomain: [0, 100],
      series: [{ kind: "line", label, color: CDF_COLOR, xs: cdf.xs, ys: cdf.ps }],
    }),
    renderChart({
      name: `histogram-${metric.name}`,
      title: `${metric.label} — histogram (${n})`,
      xLabel: axisLabel,
      yLabel: metric.countLabel,
      yCounts: true,
      xScale: scale,
      series: [{ kind: "bars", label, color: HISTOGRAM_COLOR, x0s: bins.x0s, x1s: bins.x1s, ys: bins.counts }],
    }),
  ].join("");
}
