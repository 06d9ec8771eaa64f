/**
 * @module report/html/downsample — bounds how many points a chart draws, deterministically.
 *
 * A 1M-request run must still give a report of a few MB, so every chart draws at most
 * MAX_CHART_POINTS marks. Distributions keep their shape through a quantile grid (evenly spaced
 * ranks, always including min and max); scatters keep an evenly spaced stride of the rows, so the
 * same run always draws the same points (no RNG, nothing to seed).
 */

/** The most points (marks, vertices, bars) any chart of report.html draws. */
export const MAX_CHART_POINTS = 2000;

/** `maxPoints` indices spread evenly over 0…count−1 (all of them when count ≤ maxPoints). */
export function strideIndices(count: number, maxPoints: number = MAX_CHART_POINTS): number[] {
  if (count <= 0 || maxPoints <= 0) return [];
  if (count <= maxPoints) return Array.from({ length: count }, (_, i) => i);
  return Array.from({ length: maxPoints }, (_, i) => Math.floor((i * count) / maxPoints));
}

/**
 * Ranks (0-based indices into a sorted array of `count` values) of a quantile grid: every rank
 * when count ≤ maxPoints, else maxPoints ranks evenly spaced from 0 to count − 1 inclusive.
 */
export function quantileRanks(count: number, maxPoints: number = MAX_CHART_POINTS): number[] {
  if (count <= 0 || maxPoints <= 0) return [];
  if (count <= maxPoints) return Array.from({ length: count }, (_, i) => i);
  if (maxPoints === 1) return [count - 1];
  return Array.from({ length: maxPoints }, (_, k) => Math.round((k * (count - 1)) / (maxPoints - 1)));
}
