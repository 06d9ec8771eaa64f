/**
 * @module metrics/effect-size — how large a change is, beside whether it is noise: Hedges' g and the relative change of means.
 *
 * Hedges' g is Cohen's d (the difference of means over the pooled sample standard deviation)
 * times the small-sample correction J = 1 − 3 / (4(n₁ + n₂) − 9), which matters at the 3–5
 * runs a benchmark repeats. The relative change is what a reader quotes ("TTFT p99 +20 %"). Pure.
 */
import { mean, sampleStd } from "./sample-statistics.ts";

/** Hedges' g of `b` against `a` (positive: b's mean is higher); null below two values a side or with no spread. */
export function hedgesG(a: readonly number[], b: readonly number[]): number | null {
  const ma = mean(a);
  const mb = mean(b);
  const sa = sampleStd(a);
  const sb = sampleStd(b);
  if (ma === null || mb === null || sa === null || sb === null) return null;
  const pooled = Math.sqrt(((a.length - 1) * sa * sa + (b.length - 1) * sb * sb) / (a.length + b.length - 2));
  if (pooled === 0) return null;
  const correction = 1 - 3 / (4 * (a.length + b.length) - 9);
  return ((mb - ma) / pooled) * correction;
}

/** (mean(b) − mean(a)) ÷ |mean(a)| × 100; null when either is empty or a's mean is 0. */
export function relativeChangePct(a: readonly number[], b: readonly number[]): number | null {
  const ma = mean(a);
  const mb = mean(b);
  return ma === null || mb === null || ma === 0 ? null : ((mb - ma) / Math.abs(ma)) * 100;
}
