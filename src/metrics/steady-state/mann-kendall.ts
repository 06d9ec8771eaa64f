/**
 * @module metrics/steady-state/mann-kendall — is a series rising? The Mann–Kendall trend test
 * and the Theil–Sen slope. Pure.
 *
 * Mann–Kendall is rank based: S counts pairs (i < j) with x_j > x_i minus those with x_j < x_i;
 * under no trend S is near normal with variance n(n−1)(2n+5)/18, less a term for each group of
 * tied values. z = (S − sign S) / √var (the continuity correction); the one-sided p-value of a
 * rise is P(Z ≥ z). It assumes nothing about the noise's shape, so a single slow request
 * cannot make a trend the way it tilts a least-squares fit; the Theil–Sen slope (the median of
 * the pairwise slopes) is its matching robust estimate of how fast the series rises.
 */

interface MannKendall {
  n: number;
  s: number;
  z: number;
  /** One-sided p-value of an upward trend. */
  pRising: number;
}

/** The upper tail P(Z ≥ z) of the standard normal (erfc by Numerical Recipes' Chebyshev fit, |error| < 1.2e-7). */
export function normalUpperTail(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.5 * x);
  const erfc =
    t *
    Math.exp(
      -x * x -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 + t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return z >= 0 ? erfc / 2 : 1 - erfc / 2;
}

/** Mann–Kendall over `values` in order; NaN entries are left out. */
export function mannKendall(values: readonly number[]): MannKendall {
  const x = values.filter((v) => Number.isFinite(v));
  const n = x.length;
  let s = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) s += Math.sign((x[j] as number) - (x[i] as number));
  const ties = new Map<number, number>();
  for (const v of x) ties.set(v, (ties.get(v) ?? 0) + 1);
  let tieTerm = 0;
  for (const t of ties.values()) tieTerm += t * (t - 1) * (2 * t + 5);
  const variance = (n * (n - 1) * (2 * n + 5) - tieTerm) / 18;
  const z = variance > 0 ? (s - Math.sign(s)) / Math.sqrt(variance) : 0;
  return { n, s, z, pRising: normalUpperTail(z) };
}

/** The Theil–Sen line through (x, y): the median pairwise slope, and the median of y − slope·x as intercept; NaN pairs left out. */
export function theilSen(xs: readonly number[], ys: readonly number[]): { slope: number; intercept: number } {
  const pts = xs
    .map((x, i) => [x, ys[i] as number] as const)
    .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y));
  const slopes: number[] = [];
  for (let i = 0; i < pts.length; i++)
    for (let j = i + 1; j < pts.length; j++) {
      const [xi, yi] = pts[i] as readonly [number, number];
      const [xj, yj] = pts[j] as readonly [number, number];
      if (xj !== xi) slopes.push((yj - yi) / (xj - xi));
    }
  const slope = median(slopes);
  return { slope, intercept: median(pts.map(([x, y]) => y - slope * x)) };
}

/** The median of `values` (the mean of the middle two for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}
