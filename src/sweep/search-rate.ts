/**
 * @module sweep/search-rate — `--find max-goodput`: the highest offered rate whose run meets the
 * SLO, by bisection between a rate known to pass and one known to fail. Pure.
 *
 * The capacity step (max throughput) gives the first upper bound. Each step then tries the
 * middle of the bracket; the search ends when the bracket is within `precision` of its lower
 * end, after `maxSteps` rates, or when nothing has passed down to 1/64 of the capacity. A step
 * whose load generator fell behind, that was interrupted, or that never settled (metrics/
 * steady-state/stability) fails: its latencies do not describe the offered rate.
 *
 * A burst's throughput is not a ceiling: an engine may batch a steady stream better than a
 * flood of queued requests (llama.cpp's server on one core held Poisson at the burst's 11.3
 * req/s with TTFT p95 118 ms over 40 s). So when the capacity itself passes — and a pass is a
 * stable step now — the search goes on above it, each try ABOVE_CAPACITY_GROWTH times the last
 * pass, until one fails; then it bisects as below.
 */

/** While nothing passes, each try is a quarter of the last: C, C/4, C/16, C/64, then the search gives up (no answer near the capacity). */
const TRIES_WITHOUT_A_PASS = 4;
/** Above a capacity that passed, each try is this many times the highest pass. */
export const ABOVE_CAPACITY_GROWTH = 1.25;

export interface RateTrial {
  rate: number;
  passed: boolean;
}

interface RateBracket {
  /** Highest rate that passed (0: none yet). */
  lo: number;
  /** Lowest rate that failed (the capacity until one fails). */
  hi: number;
}

/** The bracket the trials so far leave, starting from `capacity` as the upper bound. */
export function bracketOf(capacity: number, trials: readonly RateTrial[]): RateBracket {
  const fails = trials.filter((t) => !t.passed).map((t) => t.rate);
  const passes = trials.filter((t) => t.passed).map((t) => t.rate);
  const metCapacity = passes.some((r) => r >= capacity);
  // Met at the capacity or above, nothing failing yet: no upper bound is known, the highest pass stands for both ends.
  if (fails.length === 0 && metCapacity) return { lo: Math.max(...passes), hi: Math.max(...passes) };
  // Once the capacity passed, it bounds nothing: only a failure above it does.
  const hi = Math.min(metCapacity ? Number.POSITIVE_INFINITY : capacity, ...fails);
  // A pass above a failure (noise near the knee) does not count: the failure is the bound that holds.
  const below = passes.filter((r) => r < hi);
  return { lo: below.length > 0 ? Math.max(...below) : 0, hi };
}

/** True when the bracket pins the answer to within `precision` (a fraction, 0.05 = 5 %). */
export function converged(bracket: RateBracket, precision: number): boolean {
  return bracket.lo > 0 && (bracket.hi - bracket.lo) / bracket.lo <= precision;
}

/** True when every pass so far is at or above the capacity and nothing failed: the search is still climbing. */
export function climbing(capacity: number, trials: readonly RateTrial[]): boolean {
  return trials.length > 0 && trials.every((t) => t.passed) && trials.some((t) => t.rate >= capacity);
}

/** The search pinned its answer: a failure bounds it from above, within `precision` of a pass. */
export function searchConverged(capacity: number, trials: readonly RateTrial[], precision: number): boolean {
  return !climbing(capacity, trials) && converged(bracketOf(capacity, trials), precision);
}

/**
 * The next rate to try, or null when done. The first trial is the capacity itself; while it and
 * every try after it pass, ABOVE_CAPACITY_GROWTH times the highest; then the bracket's middle,
 * and while nothing has passed, a quarter of the way up (a strict SLO sits far below the capacity).
 */
export function nextRate(
  capacity: number,
  trials: readonly RateTrial[],
  precision: number,
  maxSteps: number,
): number | null {
  if (trials.length >= maxSteps || capacity <= 0) return null;
  if (trials.length === 0) return capacity;
  if (climbing(capacity, trials)) return Math.max(...trials.map((t) => t.rate)) * ABOVE_CAPACITY_GROWTH;
  const bracket = bracketOf(capacity, trials);
  if (converged(bracket, precision)) return null;
  if (bracket.lo > 0) return (bracket.lo + bracket.hi) / 2;
  // Nothing passed yet: a quarter as much, down to C/64 (each step's time grows as its rate falls).
  // Counted in tries, not compared as rates: a rate rounded for display may sit a hair below C/64.
  return trials.length < TRIES_WITHOUT_A_PASS ? bracket.hi / 4 : null;
}

/** Evenly spread rates strictly between `low` and `high` (GuideLLM's sweep between synchronous and throughput). */
export function spreadRates(low: number, high: number, count: number): number[] {
  if (count <= 0 || !(high > low)) return [];
  return Array.from({ length: count }, (_, i) => low + ((high - low) * (i + 1)) / (count + 1));
}
