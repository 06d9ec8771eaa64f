/**
 * @module metrics/early-stopping — MLPerf LoadGen early-stopping percentile estimates.
 *
 * The empirical p-th percentile of n samples may be optimistic. Early stopping instead reports
 * the t-th highest sample, where t is the largest number of "over-latency" samples for which we
 * are still `confidence`-sure that the true p-th percentile is below that sample. Fraction domain
 * q = p/100, confidence c = 0.99, tolerance d = 0 (fixed, as in upstream).
 *
 *   odds(h, t)            = I_q(h, t + 1): chance of ≤ t over-latency samples among h + t trials
 *                           when the over-latency rate is 1 − q.
 *   findMinPassing(t, q)  = least h ≥ 1 with odds(h, t) < 1 − c (doubling, then binary search).
 *   min queries (floor)   = findMinPassing(1, q) + 1; below it the estimate is null.
 *   t                     = largest t ≥ 1 with findMinPassing(t, q) + t ≤ n; estimate = sorted[n − t].
 */
import { regularizedIncompleteBeta } from "./incomplete-beta.ts";
import { lowerPercentile, type SeriesArray } from "./percentiles.ts";

export const EARLY_STOPPING_CONFIDENCE = 0.99;

interface EarlyStoppingEstimate {
  /** Percentile on the 0–100 scale, e.g. 99. */
  percentile: number;
  /** Number of samples. */
  n: number;
  /** Fewest samples for which an estimate exists. */
  minQueries: number;
  /** The t-th highest sample; null when n < minQueries. */
  estimate: number | null;
  /** The plain "lower" percentile of the same samples; null when n = 0. */
  empirical: number | null;
  /** Over-latency samples allowed (t); null without an estimate. */
  overLatencyCount: number | null;
  /** Samples above the estimate (t − 1); null without an estimate. */
  discarded: number | null;
}

/** Early stopping is defined for report percentiles 50 ≤ p < 100. */
export function isEarlyStoppingPercentile(p: number): boolean {
  return p >= 50 && p < 100;
}

function checkFraction(q: number, confidence: number): void {
  if (!(q > 0 && q < 1)) throw new RangeError(`percentile fraction must be in (0, 1), got ${q}`);
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1), got ${confidence}`);
}

/** I_q(h, t + 1): probability of at most t over-latency samples among h + t. */
export function earlyStoppingOdds(h: number, t: number, q: number): number {
  return regularizedIncompleteBeta(q, h, t + 1);
}

/**
 * Least h ≥ 1 such that h in-bound samples plus t over-latency samples prove, with `confidence`,
 * that the q-quantile is not exceeded. `q` is the percentile as a fraction (0.99 for p99).
 */
export function findMinPassing(t: number, q: number, confidence = EARLY_STOPPING_CONFIDENCE): number {
  checkFraction(q, confidence);
  const passes = (h: number): boolean => earlyStoppingOdds(h, t, q) < 1 - confidence;
  let hi = 1;
  while (!passes(hi)) hi *= 2;
  let lo = hi / 2; // fails (or is 0.5 when hi = 1, where there is nothing to search)
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (passes(mid)) hi = mid;
    else lo = mid;
  }
  return hi;
}

/** The fewest samples for which an estimate at fraction q exists: findMinPassing(1, q) + 1. */
export function earlyStoppingMinQueries(q: number, confidence = EARLY_STOPPING_CONFIDENCE): number {
  return findMinPassing(1, q, confidence) + 1;
}

/** Largest t ≥ 1 with findMinPassing(t) + t ≤ n; assumes n ≥ the floor. */
function largestOverLatencyCount(n: number, q: number, confidence: number): number {
  const fits = (t: number): boolean => findMinPassing(t, q, confidence) + t <= n;
  let good = 1;
  let bad = 2;
  while (fits(bad)) {
    good = bad;
    bad *= 2;
  }
  while (bad - good > 1) {
    const mid = Math.floor((good + bad) / 2);
    if (fits(mid)) good = mid;
    else bad = mid;
  }
  return good;
}

/**
 * Early-stopping estimate of the p-th percentile (1 ≤ p < 100) of ascending `sorted`.
 * Fractions such as 0.99 are rejected: they almost always mean 99.
 */
export function earlyStoppingEstimate(
  sorted: SeriesArray,
  percentile: number,
  confidence = EARLY_STOPPING_CONFIDENCE,
): EarlyStoppingEstimate {
  if (!(percentile >= 1 && percentile < 100)) {
    const hint = percentile > 0 && percentile < 1 ? ` (did you mean ${(percentile * 100).toFixed(1)}?)` : "";
    throw new RangeError(`early-stopping percentile must be in [1, 100), got ${percentile}${hint}`);
  }
  const q = percentile / 100;
  const n = sorted.length;
  const minQueries = earlyStoppingMinQueries(q, confidence);
  const empirical = n === 0 ? null : lowerPercentile(sorted, percentile);
  if (n < minQueries) {
    return { percentile, n, minQueries, estimate: null, empirical, overLatencyCount: null, discarded: null };
  }
  const t = largestOverLatencyCount(n, q, confidence);
  const estimate = sorted[n - t] as number;
  return { percentile, n, minQueries, estimate, empirical, overLatencyCount: t, discarded: t - 1 };
}
