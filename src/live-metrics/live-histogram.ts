/**
 * @module live-metrics/live-histogram — the live views' one histogram: log-spaced buckets, split at the live page's fixed bounds.
 *
 * Bucket edges grow by GROWTH = (1 + α) / (1 − α): a value in bucket i lies in (γ^(i−1), γ^i] × MIN_S,
 * and the bucket's representative 2γ^i / (γ + 1) × MIN_S is within α of any value in it (DDSketch's
 * mapping, Masson et al., VLDB 2019). A percentile takes the report's rank (metrics/percentiles: the
 * lower one, index ⌊p/100 · (n − 1)⌋), so the dashboard and the progress line print a figure within
 * α of the report's over the same values. The live page's Prometheus histograms keep a dozen fixed
 * bounds (`le`, below; docs/metrics.md "Live metrics" lists them) so that every run and shard sums in PromQL: each such
 * bound splits the log bucket it falls in, so the count of values ≤ a bound is exact, as a plain
 * Prometheus histogram's, and a percentile still reads the log bucket's representative on either side
 * of the split. Memory is fixed, about 600 counts whatever the run; a value costs one logarithm.
 * Values at or below MIN_S read as 0; above MAX_S, as MAX_S.
 */

/** TTFT and latency: 5 ms to 2 min, for anything from a cached prefix to a long reasoning answer. */
export const LATENCY_BOUNDS_S = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120] as const;
/** TPOT: 1 ms (a fast engine at small batch) to 1 s per token (an overloaded one). */
export const TPOT_BOUNDS_S = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.25, 0.5, 1] as const;
/** Schedule lag: 100 µs (a quiet host) to 10 s (a run that cannot keep its rate). */
export const LAG_BOUNDS_S = [0.0001, 0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.5, 1, 10] as const;

/** Relative accuracy of a percentile: 2 %. */
export const RELATIVE_ACCURACY = 0.02;
const GROWTH = (1 + RELATIVE_ACCURACY) / (1 - RELATIVE_ACCURACY);
const LOG_GROWTH = Math.log(GROWTH);
/** 1 µs: below any latency, and below what the dashboard prints of a lag (0.01 ms). */
const MIN_S = 1e-6;
/** About 2.8 hours: above any request's latency. */
const MAX_S = 1e4;
/** Log bucket 0 holds values ≤ MIN_S; the last, values above MAX_S. */
const REGULAR = Math.ceil(Math.log(MAX_S / MIN_S) / LOG_GROWTH);
const LOG_BUCKETS = REGULAR + 2;

function logBucketOf(valueS: number): number {
  if (valueS <= MIN_S) return 0;
  if (valueS > MAX_S) return LOG_BUCKETS - 1;
  const i = Math.ceil(Math.log(valueS / MIN_S) / LOG_GROWTH);
  return Math.min(Math.max(i, 1), REGULAR);
}

function representativeS(logBucket: number): number {
  if (logBucket === 0) return 0;
  if (logBucket === LOG_BUCKETS - 1) return MAX_S;
  return (2 * MIN_S * GROWTH ** logBucket) / (GROWTH + 1);
}

/** Where the counts of one set of fixed bounds go: shared by every histogram and snapshot with those bounds. */
interface Layout {
  boundsS: readonly number[];
  /** The first count of each log bucket. */
  start: Int32Array;
  /** The bound splitting each log bucket (values above it count one further on); NaN where none does. */
  split: Float64Array;
  /** The log bucket of each count, for its representative. */
  logBucket: Int32Array;
  /** The count holding each bound's last values (≤ the bound). */
  boundEnd: Int32Array;
}

const layouts = new Map<readonly number[], Layout>();

function layoutOf(boundsS: readonly number[]): Layout {
  const known = layouts.get(boundsS);
  if (known) return known;
  const split = new Float64Array(LOG_BUCKETS).fill(Number.NaN);
  for (const bound of boundsS) {
    const at = logBucketOf(bound);
    // Our bounds are ≥ 1.5× apart, so a 4 % bucket holds at most one of them.
    if (!Number.isNaN(split[at] as number)) throw new RangeError(`bounds ${boundsS.join(", ")}: two in one log bucket`);
    split[at] = bound;
  }
  const start = new Int32Array(LOG_BUCKETS);
  const logBucket: number[] = [];
  for (let b = 0; b < LOG_BUCKETS; b++) {
    start[b] = logBucket.length;
    logBucket.push(b);
    if (!Number.isNaN(split[b] as number)) logBucket.push(b);
  }
  const boundEnd = Int32Array.from(boundsS, (bound) => start[logBucketOf(bound)] as number);
  const layout = { boundsS, start, split, logBucket: Int32Array.from(logBucket), boundEnd };
  layouts.set(boundsS, layout);
  return layout;
}

export interface LiveHistogramSnapshot {
  layout: Layout;
  /** Values per count (not cumulative). */
  counts: Float64Array;
  count: number;
  sumS: number;
}

export class LiveHistogram {
  private readonly layout: Layout;
  private readonly counts: Float64Array;
  private count = 0;
  private sumS = 0;

  /** `boundsS`: the fixed bounds (ascending, seconds) whose counts must be exact; one array per kind of figure. */
  constructor(boundsS: readonly number[] = []) {
    this.layout = layoutOf(boundsS);
    this.counts = new Float64Array(this.layout.logBucket.length);
  }

  /** Adds one value, in seconds; NaN (no such value) is skipped. */
  observe(valueS: number): void {
    if (Number.isNaN(valueS)) return;
    const b = logBucketOf(valueS);
    // NaN where no bound splits the bucket: the comparison is false.
    const i = (this.layout.start[b] as number) + (valueS > (this.layout.split[b] as number) ? 1 : 0);
    this.counts[i] = (this.counts[i] as number) + 1;
    this.count++;
    this.sumS += valueS;
  }

  /** A copy of the counts now (a few kB): later values do not change it. */
  snapshot(): LiveHistogramSnapshot {
    return { layout: this.layout, counts: this.counts.slice(), count: this.count, sumS: this.sumS };
  }
}

/** The values observed between `older` and `newer` (two snapshots of one histogram, older first); `newer` without `older`. */
export function histogramSince(
  newer: LiveHistogramSnapshot,
  older: LiveHistogramSnapshot | null,
): LiveHistogramSnapshot {
  if (older === null) return newer;
  const counts = newer.counts.map((n, i) => n - (older.counts[i] as number));
  return { layout: newer.layout, counts, count: newer.count - older.count, sumS: newer.sumS - older.sumS };
}

/** The `q`-th percentile (0–100) in seconds, at the report's rank; null without values. */
export function quantileS(h: LiveHistogramSnapshot, q: number): number | null {
  if (h.count <= 0) return null;
  const rank = Math.min(Math.max(Math.floor((q / 100) * (h.count - 1)), 0), h.count - 1);
  let seen = 0;
  for (let i = 0; i < h.counts.length; i++) {
    seen += h.counts[i] as number;
    if (seen > rank) return representativeS(h.layout.logBucket[i] as number);
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
export function percentilesMs(h: LiveHistogramSnapshot): PercentilesMs | null {
  if (h.count <= 0) return null;
  const ms = (q: number) => (quantileS(h, q) as number) * 1000;
  return { p50: ms(50), p90: ms(90), p99: ms(99) };
}

/** The values ≤ each fixed bound, as a Prometheus histogram's cumulative `_bucket` counts (then +Inf: `count`). */
export function cumulativeCounts(h: LiveHistogramSnapshot): number[] {
  const out: number[] = [];
  let running = 0;
  let next = 0;
  for (const end of h.layout.boundEnd) {
    for (; next <= end; next++) running += h.counts[next] as number;
    out.push(running);
  }
  return out;
}
