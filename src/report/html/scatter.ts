/**
 * @module report/html/scatter — per-request scatter: send time (x) against latency (y), errors marked.
 *
 * Every finished request is a candidate, errors included (latency = done − sent, so a fast 500
 * shows as a low red cross rather than vanishing). At most MAX_CHART_POINTS marks: errors keep
 * up to a quarter of the budget so rare failures stay visible, successes take the rest; both are
 * strided deterministically. The y axis turns logarithmic when latencies span > 2 decades.
 */
import type { PhaseColumns } from "../../metrics/phase-columns.ts";
import { latencyNsAt } from "../../metrics/request-values.ts";
import { MAX_CHART_POINTS, strideIndices } from "./downsample.ts";
import { renderChart, type ChartSeries } from "./svg-chart.ts";

const NS_PER_S = 1e9;
const NS_PER_MS = 1e6;

interface ScatterSample {
  /** Row indices drawn as successes and as errors, ascending. */
  ok: number[];
  failed: number[];
}

/** Is row i a scatter candidate: finished, with a send time? */
function candidate(cols: PhaseColumns, i: number): boolean {
  return Number.isFinite(cols.doneNs[i] as number) && Number.isFinite(cols.sentNs[i] as number);
}

/**
 * Rows to draw: finished requests, errors first in the budget (≤ maxPoints/4), strided. Two passes
 * over the columns (count, then pick the strided ordinals) instead of listing every candidate row.
 */
export function scatterSample(cols: PhaseColumns, maxPoints: number = MAX_CHART_POINTS): ScatterSample {
  let okCount = 0;
  let failedCount = 0;
  for (let i = 0; i < cols.count; i++) {
    if (!candidate(cols, i)) continue;
    if (cols.failed[i]) failedCount++;
    else okCount++;
  }
  const failedPicks = strideIndices(failedCount, Math.min(failedCount, Math.floor(maxPoints / 4)));
  const okPicks = strideIndices(okCount, maxPoints - failedPicks.length);
  const sample: ScatterSample = { ok: [], failed: [] };
  let okOrdinal = 0;
  let failedOrdinal = 0;
  for (let i = 0; i < cols.count; i++) {
    if (!candidate(cols, i)) continue;
    if (cols.failed[i]) {
      if (failedPicks[sample.failed.length] === failedOrdinal++) sample.failed.push(i);
    } else if (okPicks[sample.ok.length] === okOrdinal++) sample.ok.push(i);
  }
  return sample;
}

function points(cols: PhaseColumns, rows: number[], windowStartNs: number): { xs: number[]; ys: number[] } {
  return {
    xs: rows.map((i) => ((cols.sentNs[i] as number) - windowStartNs) / NS_PER_S),
    ys: rows.map((i) => latencyNsAt(cols, i) / NS_PER_MS),
  };
}

/** The scatter <svg>, or "" when no request finished. */
export function renderScatterChart(cols: PhaseColumns, windowStartNs: number): string {
  const sample = scatterSample(cols);
  if (sample.ok.length + sample.failed.length === 0) return "";
  const series: ChartSeries[] = [];
  const shown = (rows: number[], total: number) => (rows.length < total ? ` (${rows.length} of ${total})` : "");
  let okTotal = 0;
  let failedTotal = 0;
  for (let i = 0; i < cols.count; i++) {
    if (!Number.isFinite(cols.doneNs[i] as number)) continue;
    if (cols.failed[i]) failedTotal++;
    else okTotal++;
  }
  if (sample.ok.length > 0) {
    series.push({
      kind: "points",
      shape: "circle",
      label: `success${shown(sample.ok, okTotal)}`,
      color: "#2563eb",
      ...points(cols, sample.ok, windowStartNs),
    });
  }
  if (sample.failed.length > 0) {
    series.push({
      kind: "points",
      shape: "cross",
      label: `error${shown(sample.failed, failedTotal)}`,
      color: "#dc2626",
      ...points(cols, sample.failed, windowStartNs),
    });
  }
  return renderChart({
    name: "latency-scatter",
    title: "Latency of each request by send time",
    xLabel: "send time since phase start (s)",
    yLabel: "latency, done − sent (ms)",
    yScale: "auto",
    width: 1140,
    height: 380,
    series,
  });
}
