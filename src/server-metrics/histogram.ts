/**
 * @module server-metrics/histogram — quantiles of a Prometheus histogram's cumulative buckets, as PromQL's histogram_quantile reads them.
 */

/** The bucket of cumulative (bound, count) pairs, ascending, that holds quantile q, with the counts at its edges. */
function bucketOf(
  q: number,
  cumulative: readonly [number, number][],
): { lower: number; lowerCount: number; upper: number; count: number; rank: number } | null {
  const total = cumulative.at(-1)?.[1] ?? 0;
  if (total <= 0) return null;
  const rank = q * total;
  let [lower, lowerCount] = [0, 0];
  for (const [bound, count] of cumulative) {
    if (count >= rank) return { lower, lowerCount, upper: bound, count, rank };
    [lower, lowerCount] = [bound, count];
  }
  return { lower, lowerCount, upper: Number.POSITIVE_INFINITY, count: total, rank };
}

/** PromQL's histogram_quantile over cumulative (bound, count) pairs, ascending. */
export function histogramQuantile(q: number, cumulative: readonly [number, number][]): number | null {
  const b = bucketOf(q, cumulative);
  if (!b) return null;
  if (!Number.isFinite(b.upper)) return b.lower;
  return b.lower + (b.upper - b.lower) * ((b.rank - b.lowerCount) / (b.count - b.lowerCount || 1));
}

/** The bucket (lower, upper] that holds quantile q; upper null for +Inf. */
export function histogramBucket(q: number, cumulative: readonly [number, number][]): [number, number | null] | null {
  const b = bucketOf(q, cumulative);
  return b && [b.lower, Number.isFinite(b.upper) ? b.upper : null];
}
