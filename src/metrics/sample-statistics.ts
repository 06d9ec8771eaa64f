/**
 * @module metrics/sample-statistics — the mean, the sample standard deviation and the coefficient of variation of a few repeats.
 *
 * The standard deviation divides by n − 1 (Bessel's correction, numpy's `std(ddof=1)`): the runs are a
 * sample of what the endpoint does, not the whole of it. Pure; null where a figure is undefined.
 */

/** The arithmetic mean; null for no values. */
export function mean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** The sample standard deviation (n − 1 in the denominator); null below two values. */
export function sampleStd(values: readonly number[]): number | null {
  const m = mean(values);
  if (m === null || values.length < 2) return null;
  let squares = 0;
  for (const v of values) squares += (v - m) ** 2;
  return Math.sqrt(squares / (values.length - 1));
}

/** std ÷ |mean| × 100; null below two values or when the mean is 0. */
export function coefficientOfVariationPct(values: readonly number[]): number | null {
  const m = mean(values);
  const s = sampleStd(values);
  return m === null || s === null || m === 0 ? null : (100 * s) / Math.abs(m);
}
