/**
 * @module dashboard/log-histogram — the dashboard's own histogram: log-spaced buckets, so a percentile is within 2 % of the exact one.
 *
 * The live page's histograms (live-metrics/histogram) keep a dozen fixed bounds, so that every
 * run and shard sums in PromQL; a percentile interpolated between them can be off by half a
 * bucket (135 ms read as 175 ms). The dashboard files each value again here, in buckets whose
 * edges grow by GROWTH = (1 + α) / (1 − α): a value in bucket i lies in (γ^(i−1), γ^i] × MIN_S,
 * and the bucket's representative 2γ^i / (γ + 1) × MIN_S is within α of any value in it
 * (DDSketch's mapping, Masson et al., VLDB 2019). A percentile takes the report's rank
 * (metrics/percentiles: the lower one, index ⌊p/100 · (n − 1)⌋), so it is within α of the
 * report's figure over the same values. Memory is fixed: BUCKETS counts, whatever the run.
 * Values at or below MIN_S read as 0; above MAX_S, as MAX_S.
 */

/** Relative accuracy of a percentile: 2 %. */
export const RELATIVE_ACCURACY = 0.02;
const GROWTH = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GROWTH = Math.log(GROWTH);
/** 1 µs: below any latency, and below what the dashboard prints of a lag (0.01 ms). */
const MIN_S = 1e-6;
/** About 2.8 hours: above any request's latency. */
const MAX_S = 1e4;
/** Bucket 0 holds values ≤ MIN_S; the last, values above MAX_S. */
const REGULAR = Math.ceil(Math.log(MAX_S / MIN_S) / LOG_GROWTH);
const BUCKETS = REGULAR + 2;

export interface LogHistogramSnapshot {
  /** Values per bucket (not cumulative). */
  counts: Float64Array;
  count: number;
}

function bucketOf(valueS: number): number {
  if (valueS <= MIN_S) return 0;
  if (valueS > MAX_S) return BUCKETS - 1;
  const i = Math.ceil(Math.log(valueS / MIN_S) / LOG_GROWTH);
  return Math.min(Math.max(i, 1), REGULAR);
}

function representativeS(bucket: number): number {
  if (bucket === 0) return 0;
  if (bucket === BUCKETS - 1) return MAX_S;
  return (2 * MIN_S * GROWTH ** bucket) / (GROWTH + 1);
}

export class LogHistogram {
  private readonly counts = new Float64Array(BUCKETS);
  private count = 0;

  /** Adds one value, in seconds; NaN (no such value) is skipped. */
  observe(valueS: number): void {
    if (Number.isNaN(valueS)) return;
    const i = bucketOf(valueS);
    this.counts[i] = (this.counts[i] as number) + 1;
    this.count++;
  }

  /** A copy of the counts now (a few kB): later values do not change it. */
  snapshot(): LogHistogramSnapshot {
    return { counts: this.counts.slice(), count: this.count };
  }
}

/** The values observed between `older` and `newer` (two snapshots of one histogram, older first). */
export function logHistogramSince(
  newer: LogHistogramSnapshot,
  older: LogHistogramSnapshot | null,
): LogHistogramSnapshot {
  if (older === null) return newer;
  const counts = new Float64Array(BUCKETS);
  for (let i = 0; i < BUCKETS; i++) counts[i] = (newer.counts[i] as number) - (older.counts[i] as number);
  return { counts, count: newer.count - older.count };
}

/** The `q`-th percentile (0–100) in seconds, at the report's rank; null without values. */
export function logQuantileS(h: LogHistogramSnapshot, q: number): number | null {
  if (h.count <= 0) return null;
  const rank = Math.min(Math.max(Math.floor((q / 100) * (h.count - 1)), 0), h.count - 1);
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += h.counts[i] as number;
    if (seen > rank) return representativeS(i);
  }
  return MAX_S;
}

/** p50, p90 and p99 in milliseconds. */
export interface PercentilesMs {
  p50: number;
  p90: number;
  p99: number;
}

/** p50, p90 and p99 in milliseconds, or null without values. */
export function percentilesMs(h: LogHistogramSnapshot): PercentilesMs | null {
  if (h.count <= 0) return null;
  const ms = (q: number) => (logQuantileS(h, q) as number) * 1000;
  return { p50: ms(50), p90: ms(90), p99: ms(99) };
}
