/**
 * @module metrics/welch-test — Welch's unequal-variance t-test of two samples: t, the Welch–Satterthwaite df, a two-sided p.
 *
 * Welch's rather than Student's pooled test: a slower server is often a noisier one, and Welch's
 * test does not assume the two runs' variances are equal (scipy's `ttest_ind(equal_var=False)`).
 * Two samples with no spread at all have no standard error: equal means give p = 1, unequal p = 0
 * (the difference is exact), and df is null. Pure.
 */
import { mean, sampleStd } from "./sample-statistics.ts";
import { studentTCdf } from "./student-t.ts";

interface WelchResult {
  /** (mean(b) − mean(a)) ÷ the standard error of the difference. */
  t: number;
  /** Welch–Satterthwaite degrees of freedom; null when neither sample varies. */
  df: number | null;
  /** Two-sided p-value. */
  p: number;
}

/** Welch's test of whether `b`'s mean differs from `a`'s; null when a side has fewer than two values. */
export function welchTest(a: readonly number[], b: readonly number[]): WelchResult | null {
  const ma = mean(a);
  const mb = mean(b);
  const sa = sampleStd(a);
  const sb = sampleStd(b);
  if (ma === null || mb === null || sa === null || sb === null) return null;
  const va = (sa * sa) / a.length;
  const vb = (sb * sb) / b.length;
  const se = Math.sqrt(va + vb);
  if (se === 0) {
    return ma === mb ? { t: 0, df: null, p: 1 } : { t: mb > ma ? Infinity : -Infinity, df: null, p: 0 };
  }
  const t = (mb - ma) / se;
  const df = (va + vb) ** 2 / (va ** 2 / (a.length - 1) + vb ** 2 / (b.length - 1));
  const p = 2 * studentTCdf(-Math.abs(t), df);
  return { t, df, p: Math.min(1, p) };
}
