/**
 * @module sweep/verdict-resolution — is a step large enough for its pass or fail to mean much?
 * Pure.
 *
 * A step passes when at most n × (1 − p/100) of its n requests miss the SLO. When that allowance
 * is a handful of requests, one or two slow ones — a GC pause, a scheduler hiccup — decide the
 * step, and with it where the search goes. The count of misses is roughly Poisson, so an
 * allowance of 10 or more keeps its noise (√10 ≈ 3) well below the allowance; under that the
 * sweep warns, naming the request count that would reach it.
 */
import type { SweepStep } from "./sweep-step.ts";

/** Misses a step should be allowed for its verdict to be steadier than its noise. */
const STEADY_ALLOWANCE = 10;

/** Requests a step needs for `STEADY_ALLOWANCE` misses at percentile `p`. */
export function requestsForSteadyVerdict(percentile: number): number {
  // The relative nudge undoes float error in 1 − p/100 (p99.9 would ask for 10001).
  return Math.ceil((STEADY_ALLOWANCE / (1 - percentile / 100)) * (1 - 1e-9));
}

/**
 * A warning when the smallest judged step allowed fewer than `STEADY_ALLOWANCE` misses, else
 * null; null too when nothing was judged or the percentile is 100 (no miss is ever allowed).
 */
export function thinVerdictWarning(
  steps: readonly Pick<SweepStep, "passed" | "judged_requests">[],
  percentile: number | null,
): string | null {
  if (percentile === null || percentile >= 100) return null;
  const counts = steps
    .filter((s) => s.passed !== null && s.judged_requests !== null && s.judged_requests > 0)
    .map((s) => s.judged_requests as number);
  if (counts.length === 0) return null;
  const fewest = Math.min(...counts);
  const allowed = Math.floor(fewest * (1 - percentile / 100) * (1 + 1e-9));
  if (allowed >= STEADY_ALLOWANCE) return null;
  const need = requestsForSteadyVerdict(percentile);
  return (
    `a judged step had only ${fewest} requests: at p${percentile} it passes with at most ` +
    `${allowed} over the SLO, so a few slow requests decide it; ${need} requests per step ` +
    `allow ${STEADY_ALLOWANCE} (raise --num-samples or --duration)`
  );
}
