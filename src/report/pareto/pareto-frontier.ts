/**
 * @module report/pareto/pareto-frontier — which operating points no other beats on both axes. Pure.
 *
 * As InferenceMAX draws it: x is interactivity (tokens/s per user), y is output tokens/s per GPU,
 * and both are to be maximised. A point is dominated when another is at least as good on both and
 * better on one; the frontier is every point that is not. Two equal points are both on it.
 */

interface XY {
  x: number;
  y: number;
}

/** True when `q` is at least as good as `p` on both axes and better on one. */
export function dominates(q: XY, p: XY): boolean {
  return q.x >= p.x && q.y >= p.y && (q.x > p.x || q.y > p.y);
}

/** Indexes (into `points`) of the frontier, ordered by x ascending (then y descending), ready to draw as a line. */
export function paretoFrontier(points: readonly XY[]): number[] {
  // Quadratic, and clear: a sweep has tens of points, not thousands.
  return points
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => Number.isFinite(p.x) && Number.isFinite(p.y))
    .filter(({ p }, _, all) => !all.some(({ p: q }) => dominates(q, p)))
    .sort((a, b) => a.p.x - b.p.x || b.p.y - a.p.y)
    .map(({ i }) => i);
}
