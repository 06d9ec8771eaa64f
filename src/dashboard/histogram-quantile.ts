/**
 * @module dashboard/histogram-quantile — approximate percentiles from the live page's bounded histograms.
 *
 * The dashboard reads live-metrics/live-state's cumulative histograms, so its figures cost the
 * hot path nothing more. A percentile is interpolated linearly inside the bucket it falls in, as
 * Prometheus's `histogram_quantile` does; the dashboard labels these approximate (the report keeps
 * the exact ones). A window (the last 10 s) is the difference of two cumulative snapshots.
 */
import type { HistogramSnapshot } from "../live-metrics/histogram.ts";

/** The values observed between `older` and `newer` (two snapshots of one histogram, older first). */
export function histogramSince(newer: HistogramSnapshot, older: HistogramSnapshot | null): HistogramSnapshot {
  if (older === null) return newer;
  return {
    boundsS: newer.boundsS,
    cumulative: newer.cumulative.map((n, i) => n - (older.cumulative[i] ?? 0)),
    sumS: newer.sumS - older.sumS,
    count: newer.count - older.count,
  };
}

/**
 * The `q`-th percentile (0–100) in seconds; null without values. Values above the last bound
 * report that bound (the +Inf bucket has no upper edge), as `histogram_quantile` does.
 */
export function histogramQuantileS(h: HistogramSnapshot, q: number): number | null {
  if (h.count <= 0) return null;
  const rank = (q / 100) * h.count;
  let below = 0;
  for (let i = 0; i < h.boundsS.length; i++) {
    const upTo = h.cumulative[i] as number;
    if (upTo >= rank && upTo > below) {
      const lower = i === 0 ? 0 : (h.boundsS[i - 1] as number);
      const upper = h.boundsS[i] as number;
      return lower + (upper - lower) * ((rank - below) / (upTo - below));
    }
    below = upTo;
  }
  return h.boundsS[h.boundsS.length - 1] ?? null;
}

/** p50, p90 and p99 in milliseconds, or null without values. */
export interface PercentilesMs {
  p50: number;
  p90: number;
  p99: number;
}

export function percentilesMs(h: HistogramSnapshot): PercentilesMs | null {
  const p50 = histogramQuantileS(h, 50);
  const p90 = histogramQuantileS(h, 90);
  const p99 = histogramQuantileS(h, 99);
  if (p50 === null || p90 === null || p99 === null) return null;
  return { p50: p50 * 1000, p90: p90 * 1000, p99: p99 * 1000 };
}
