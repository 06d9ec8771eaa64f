/**
 * @module report/html/time-buckets — per-request intervals folded into fixed time buckets (pure).
 *
 * Buckets are 1 s, finer for short runs (a 1-2-5 width giving 24–60 buckets, down to
 * 10 ms) and wider for runs longer than MAX_CHART_POINTS seconds, so a series never has more
 * points than a chart draws. An amount spread over [start, end] lands in each bucket in
 * proportion to the overlap (tokens of a stream, seconds in flight); start = end puts it all in
 * one bucket (a completion). O(1) per request via a difference array for the full buckets.
 */
import { MAX_CHART_POINTS } from "./downsample.ts";
import { niceStep } from "./scale.ts";

/** Short runs get at most this many buckets (and at least 40 % of it). */
export const MIN_BUCKETS = 60;
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

/**
 * Σ over requests of `amounts[i]` spread uniformly over [starts[i], ends[i]] (seconds since the
 * phase start), per bucket. Rows with a non-finite start, end or amount are skipped; times are
 * clamped into the bucketed range.
 */
export function spreadOverBuckets(
  starts: Float64Array,
  ends: Float64Array,
  amounts: Float64Array,
  widthS: number,
  count: number,
): Float64Array {
  const totals = new Float64Array(count);
  const diff = new Float64Array(count + 1);
  const limit = count * widthS;
  for (let i = 0; i < starts.length; i++) {
    const amount = amounts[i] as number;
    let s = starts[i] as number;
    let e = ends[i] as number;
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

export interface BucketStats {
  /** Per bucket; NaN where the bucket has no values. */
  p50: Float64Array;
  max: Float64Array;
}

/** Median ("lower", as the report's percentiles) and max of `values` grouped by the bucket of `times` (s). */
export function bucketMedianMax(times: Float64Array, values: Float64Array, widthS: number, count: number): BucketStats {
  const groups: number[][] = Array.from({ length: count }, () => []);
  for (let i = 0; i < times.length; i++) {
    const t = times[i] as number;
    const v = values[i] as number;
    if (!Number.isFinite(t) || !Number.isFinite(v)) continue;
    const b = Math.min(count - 1, Math.max(0, Math.floor(t / widthS)));
    (groups[b] as number[]).push(v);
  }
  const p50 = new Float64Array(count).fill(Number.NaN);
  const max = new Float64Array(count).fill(Number.NaN);
  groups.forEach((g, b) => {
    if (g.length === 0) return;
    const sorted = Float64Array.from(g).sort();
    p50[b] = sorted[Math.floor((sorted.length - 1) / 2)] as number;
    max[b] = sorted[sorted.length - 1] as number;
  });
  return { p50, max };
}
