/**
 * @module metrics/percentiles — exact "lower" percentiles over sorted values and the report grid.
 *
 * "Lower" means an observed value, never an interpolation: `sorted[floor(p/100 · (n − 1))]`,
 * the same order statistic as numpy's `method="lower"` that upstream's final report uses.
 */

/** A series' values: float64 columns, or the ITL column's uint32 when every gap is whole ns (metrics/token-gaps). */
export type SeriesArray = Float64Array | Uint32Array;

/** The report grid, highest first, as in result_summary.json. */
export const PERCENTILE_GRID: readonly number[] = [
  99.9, 99.0, 97.0, 95.0, 90.0, 80.0, 75.0, 50.0, 25.0, 10.0, 5.0, 1.0,
];

/**
 * Key of a percentile in JSON maps, formatted like Python's `str(float)`: 50 → "50.0", 99.9 → "99.9".
 * Valid for the grid's magnitudes (Python switches to exponent notation only below 1e-4 / above 1e16).
 */
export function percentileKey(p: number): string {
  return Number.isInteger(p) ? `${p}.0` : String(p);
}

/** Index of the "lower" p-th percentile in a sorted array of n values (n ≥ 1). */
export function lowerPercentileIndex(p: number, n: number): number {
  const index = Math.floor((p / 100) * (n - 1));
  return Math.min(Math.max(index, 0), n - 1);
}

/** The "lower" p-th percentile (0 ≤ p ≤ 100) of ascending `sorted`; NaN when empty. */
export function lowerPercentile(sorted: SeriesArray, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[lowerPercentileIndex(p, sorted.length)] as number;
}

/** Every grid percentile of ascending `sorted`, keyed like result_summary.json. */
export function gridPercentiles(
  sorted: SeriesArray,
  grid: readonly number[] = PERCENTILE_GRID,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of grid) out[percentileKey(p)] = lowerPercentile(sorted, p);
  return out;
}

/** Finite values of `values`, sorted ascending, in a new array (NaN means "not measured" and is dropped). */
export function sortedFinite(values: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (Number.isFinite(values[i] as number)) n++;
  const out = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    if (Number.isFinite(v)) out[k++] = v;
  }
  return out.sort();
}

/**
 * Sorts `values` ascending in place and returns the view of its finite part: typed-array sort
 * puts −∞ first and +∞ then NaN last. For arrays the caller owns; no copy of a large series.
 */
export function sortFiniteInPlace<T extends SeriesArray>(values: T): T {
  values.sort();
  let start = 0;
  let end = values.length;
  while (start < end && values[start] === Number.NEGATIVE_INFINITY) start++;
  while (end > start && !Number.isFinite(values[end - 1] as number)) end--;
  return values.subarray(start, end) as T;
}
