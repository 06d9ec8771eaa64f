/**
 * @module metrics/student-t — Student's t distribution: its CDF and its quantile, for any df > 0.
 *
 * The CDF comes from the regularized incomplete beta (metrics/incomplete-beta): for t ≥ 0,
 * P(T ≤ t) = 1 − ½·I_{df/(df+t²)}(df/2, ½). The quantile inverts it by bisection, which needs
 * only that the CDF is monotone; Welch's test needs a fractional df, so no table will do. Pure.
 */
import { regularizedIncompleteBeta } from "./incomplete-beta.ts";

/** P(T ≤ t) for Student's t with `df` degrees of freedom (df > 0, fractional allowed). */
export function studentTCdf(t: number, df: number): number {
  if (!(df > 0)) throw new RangeError(`studentTCdf needs df > 0 (got ${df})`);
  if (Number.isNaN(t)) return Number.NaN;
  if (t === Number.POSITIVE_INFINITY) return 1;
  if (t === Number.NEGATIVE_INFINITY) return 0;
  const tail = 0.5 * regularizedIncompleteBeta(df / (df + t * t), df / 2, 0.5);
  return t >= 0 ? 1 - tail : tail;
}

/** Bisection steps: the bracket [0, 2⁴⁰] halves to below 1e-12 well before this. */
const MAX_BISECTIONS = 200;

/** The t with P(T ≤ t) = p, for 0 < p < 1: e.g. p 0.975, df 2 → 4.302653. */
export function studentTQuantile(p: number, df: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`studentTQuantile needs 0 < p < 1 (got ${p})`);
  if (!(df > 0)) throw new RangeError(`studentTQuantile needs df > 0 (got ${df})`);
  if (p < 0.5) return -studentTQuantile(1 - p, df);
  if (p === 0.5) return 0;
  let low = 0;
  let high = 1;
  while (studentTCdf(high, df) < p) high *= 2;
  for (let i = 0; i < MAX_BISECTIONS && high - low > 1e-13 * Math.max(1, high); i++) {
    const mid = (low + high) / 2;
    if (studentTCdf(mid, df) < p) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}
