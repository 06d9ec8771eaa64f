/**
 * @module metrics/log-histogram — result_summary.json's fixed log-spaced `histogram`, over exact values.
 *
 * 30 buckets with edges spaced evenly in log space from `lo = max(min, 1)` to
 * `hi = max(max, 10 · lo)` (so even a constant series spreads over a decade). Values outside
 * the first and last edges (zero, negatives, and `min` or `max` a rounding outside them) are
 * clipped into the first or last bucket, as upstream clips before `np.histogram`. Buckets are
 * half-open [e_i, e_{i+1}) except the last, which is closed.
 */
import type { SeriesArray } from "./percentiles.ts";

export const HISTOGRAM_BUCKETS = 30;

interface Histogram {
  /** [lower edge, upper edge] of each bucket, ascending. */
  buckets: [number, number][];
  /** Values per bucket; sums to the number of values. */
  counts: number[];
}

/**
 * Bucket edges (bucketCount + 1 of them) spaced evenly in log space from lo to hi, computed as
 * upstream computes them: exp(ln lo + i · step), ends included, so the JSON carries its very numbers.
 */
export function logEdges(lo: number, hi: number, bucketCount = HISTOGRAM_BUCKETS): number[] {
  const logLo = Math.log(lo);
  const step = (Math.log(hi) - logLo) / bucketCount;
  const edges: number[] = [];
  for (let i = 0; i <= bucketCount; i++) edges.push(Math.exp(logLo + i * step));
  return edges;
}

/** Histogram of ascending, finite, non-empty `sorted`. */
export function logHistogram(sorted: SeriesArray, bucketCount = HISTOGRAM_BUCKETS): Histogram {
  if (sorted.length === 0) throw new RangeError("histogram of no values");
  const min = sorted[0] as number;
  const max = sorted[sorted.length - 1] as number;
  const lo = Math.max(min, 1);
  const hi = Math.max(max, 10 * lo);
  const edges = logEdges(lo, hi, bucketCount);
  const counts: number[] = new Array(bucketCount).fill(0);
  // One sweep: values are ascending, so the bucket index only moves up.
  let bucket = 0;
  for (let i = 0; i < sorted.length; i++) {
    const v = sorted[i] as number;
    while (bucket < bucketCount - 1 && v >= (edges[bucket + 1] as number)) bucket++;
    counts[bucket] = (counts[bucket] as number) + 1;
  }
  const buckets: [number, number][] = [];
  for (let i = 0; i < bucketCount; i++) buckets.push([edges[i] as number, edges[i + 1] as number]);
  return { buckets, counts };
}
