/**
 * @module metrics/t-interval — a metric over N repeats: mean, std, a Student-t confidence interval and the CV.
 *
 * The interval is mean ± t(1 − α/2, n − 1)·s/√n, as AIPerf reports its repeats: with three runs the
 * 95 % multiplier is 4.30, not 1.96, since s itself is estimated from three values. Pure.
 */
import { coefficientOfVariationPct, mean, sampleStd } from "./sample-statistics.ts";
import { studentTQuantile } from "./student-t.ts";

interface RepeatSpread {
  /** Values the figures are computed from (runs where the metric was defined). */
  n: number;
  mean: number | null;
  std: number | null;
  /** The interval's ends; null below two values. */
  ciLow: number | null;
  ciHigh: number | null;
  cvPct: number | null;
}

/** The spread of `values` with a two-sided interval at `confidence` (0.95 for 95 %). */
export function repeatSpread(values: readonly number[], confidence = 0.95): RepeatSpread {
  if (!(confidence > 0 && confidence < 1)) throw new RangeError(`confidence must be in (0, 1) (got ${confidence})`);
  const m = mean(values);
  const s = sampleStd(values);
  const n = values.length;
  if (m === null || s === null) return { n, mean: m, std: s, ciLow: null, ciHigh: null, cvPct: null };
  const halfWidth = (studentTQuantile(1 - (1 - confidence) / 2, n - 1) * s) / Math.sqrt(n);
  return { n, mean: m, std: s, ciLow: m - halfWidth, ciHigh: m + halfWidth, cvPct: coefficientOfVariationPct(values) };
}
