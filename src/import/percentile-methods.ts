/**
 * @module import/percentile-methods — how each tool turns sorted values into a percentile, so an
 * imported figure that differs from ours can be recomputed the source's way and the difference named.
 *
 * Ours (and mlcommons/endpoints') is the observed value at rank ⌊p/100·(n−1)⌋ (metrics/percentiles).
 * AIPerf and `vllm bench serve` call numpy's default, a linear interpolation between the two ranks
 * around p/100·(n−1). GuideLLM's is the smallest value whose empirical CDF reaches p: rank ⌈p/100·n⌉ − 1
 * (its DistributionSummary); on its own files the two agree at most ranks and differ at a few (p99 of 91
 * values is its largest). Pure.
 */
import { lowerPercentile } from "../metrics/percentiles.ts";

export type PercentileMethod = "lower" | "linear" | "cdf";

/** The p-th percentile (0 ≤ p ≤ 100) of ascending `sorted` by `method`; NaN when empty. */
export function percentileBy(method: PercentileMethod, sorted: ArrayLike<number>, p: number): number {
  const n = sorted.length;
  if (n === 0) return Number.NaN;
  if (method === "lower") return lowerPercentile(Float64Array.from(sorted), p);
  if (method === "cdf") {
    const rank = Math.min(Math.max(Math.ceil((p / 100) * n) - 1, 0), n - 1);
    return sorted[rank] as number;
  }
  const position = (p / 100) * (n - 1);
  const below = Math.floor(position);
  const above = Math.min(below + 1, n - 1);
  const low = sorted[below] as number;
  return low + (position - below) * ((sorted[above] as number) - low);
}

/** Each method in words, for the note that names it. */
export const METHOD_WORDS: Record<PercentileMethod, string> = {
  lower: "the observed value at rank ⌊p·(n−1)⌋",
  linear: "numpy's linear interpolation between the ranks around p·(n−1)",
  cdf: "the smallest value whose share of the requests reaches p (rank ⌈p·n⌉−1)",
};

/** Ascending copy of the finite values of `values`. */
export function ascending(values: ArrayLike<number>): Float64Array {
  return Float64Array.from(values)
    .filter((v) => Number.isFinite(v))
    .sort();
}

/** Mean of the finite values; NaN when there are none. */
export function meanOf(values: ArrayLike<number>): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) {
      sum += v;
      n++;
    }
  }
  return n === 0 ? Number.NaN : sum / n;
}
