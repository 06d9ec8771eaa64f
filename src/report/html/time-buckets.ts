/**
 * @module report/html/time-buckets — per-request intervals folded into fixed time buckets (pure).
 *
 * Buckets are 1 s, finer for short runs (a 1-2-5 width giving 24–60 buckets, down to
 * 10 ms) and wider for runs longer than MAX_CHART_POINTS seconds, so a series never has more
 * points than a chart draws. An amount spread over [start, end] lands in each bucket in
 * proportion to the overlap (tokens of a stream, seconds in flight); start = end puts it all in
 * one bucket (a completion). O(1) per request via a difference array for the full buckets.
 * Requests are read through accessors, so a million of them cost no per-request arrays here.
 */
import { MAX_CHART_POINTS } from "./downsample.ts";
import { niceStep } from "./scale.ts";

/** Short runs get at most this many buckets (and at least 40 % of it). */
const MIN_BUCKETS = 60;
const MIN_BUCKET_S = 0.01;

/** Bucket width (s) for a run of `durationS`: ≤ 1 s, ≥ 10 ms, ≤ MAX_CHART_POINTS buckets. */
export function bucketWidthS(durationS: number, maxBuckets: number = MAX_CHART_POINTS): number {
  if (!(durationS > 0)) return 1;
  const fine = Math.max(MIN_BUCKET_S, Math.min(1, niceStep(durationS / MIN_BUCKETS)));
  return durationS / fine <= maxBuckets ? fine : niceStep(durationS / maxBuckets);
}

/** Number of buckets of `widthS` covering [0, durationS] (at least 1). */
export function bucketCount(durationS: number, widthS: number): number {
  return Math.max(1, Math.ceil(durationS / widthS - 1e-9));
}

/** Per-request intervals, read through accessors so that no per-request array is built for a chart. */
interface Intervals {
  count: number;
  /** Start and end of request i, s since the phase start. */
  startS(i: number): number;
  endS(i: number): number;
  /** What request i spreads over its interval (1 for a completion, its tokens, its seconds open). */
  amount(i: number): number;
}

/**
 * Σ over requests of `amount(i)` spread uniformly over [startS(i), endS(i)], per bucket. Rows
 * with a non-finite start, end or amount are skipped; times are clamped into the bucketed range.
 */
export function spreadOverBuckets(rows: Intervals, widthS: number, count: number): Float64Array {
  const totals = new Float64Array(count);
  const diff = new Float64Array(count + 1);
  const limit = count * widthS;
  for (let i = 0; i < rows.count; i++) {
    const amount = rows.amount(i);
    let s = rows.startS(i);
    let e = rows.endS(i);
    if (!Number.isFinite(s) || !Number.isFinite(e) || !Number.isFinite(amount)) continue;
    s = Math.min(Math.max(s, 0), limit);
    e = Math.min(Math.max(e, s), limit);
    const b0 = Math.min(count - 1, Math.floor(s / widthS));
    const b1 = Math.min(count - 1, Math.floor(e / widthS));
    if (b0 === b1 || !(e > s)) {
      totals[b0] = (totals[b0] as number) + amount;
      continue;
    }
    const rate = amount / (e - s);
    totals[b0] = (totals[b0] as number) + rate * ((b0 + 1) * widthS - s);
    totals[b1] = (totals[b1] as number) + rate * (e - b1 * widthS);
    diff[b0 + 1] = (diff[b0 + 1] as number) + rate * widthS;
    diff[b1] = (diff[b1] as number) - rate * widthS;
  }
  let running = 0;
  for (let b = 0; b < count; b++) {
    running += diff[b] as number;
    totals[b] = (totals[b] as number) + running;
  }
  return totals;
}

/** Per-request instants and values, read through accessors. */
interface TimedValues {
  count: number;
  /** When request i happened, s since the phase start. */
  timeS(i: number): number;
  value(i: number): number;
}

interface BucketStats {
  /** Per bucket; NaN where the bucket has no values. */
  p50: Float64Array;
  max: Float64Array;
}

/**
 * Median ("lower", as the report's percentiles) and max of the values grouped by the bucket of
 * their time. The values are counting-sorted into one array by bucket, and each bucket's part
 * sorted in place: one array of the finite values, however many buckets.
 */
export function bucketMedianMax(rows: TimedValues, widthS: number, count: number): BucketStats {
  const bucketOf = (i: number): number => {
    const t = rows.timeS(i);
    if (!Number.isFinite(t) || !Number.isFinite(rows.value(i))) return -1;
    return Math.min(count - 1, Math.max(0, Math.floor(t / widthS)));
  };
  const starts = new Uint32Array(count + 1);
  for (let i = 0; i < rows.count; i++) {
    const b = bucketOf(i);
    if (b >= 0) starts[b + 1] = (starts[b + 1] as number) + 1;
  }
  for (let b = 0; b < count; b++) starts[b + 1] = (starts[b + 1] as number) + (starts[b] as number);
  const grouped = new Float64Array(starts[count] as number);
  const next = starts.slice(0, count);
  for (let i = 0; i < rows.count; i++) {
    const b = bucketOf(i);
    if (b < 0) continue;
    const slot = next[b] as number;
    next[b] = slot + 1;
    grouped[slot] = rows.value(i);
  }
  const p50 = new Float64Array(count).fill(Number.NaN);
  const max = new Float64Array(count).fill(Number.NaN);
  for (let b = 0; b < count; b++) {
    const values = grouped.subarray(starts[b] as number, starts[b + 1] as number);
    if (values.length === 0) continue;
    values.sort();
    p50[b] = values[(values.length - 1) >> 1] as number;
    max[b] = values[values.length - 1] as number;
  }
  return { p50, max };
}
