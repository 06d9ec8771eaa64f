/**
 * @module metrics/load-generator-health — did the client keep to its schedule?
 *
 * A benchmark's latencies only describe the server if requests left when the plan said.
 * - delayed: requests sent more than DELAYED_LAG_NS after their scheduled instant (waiting
 *   for a connection or a concurrency ceiling, or a busy client).
 * - dropped: planned requests never sent (the phase was stopped by a cap, a timeout or Ctrl-C).
 * - verdict: "fell_behind" when the schedule lag p99 exceeds FELL_BEHIND_LAG_P99_NS, else "ok";
 *   null for max_throughput, where every request is due at the start and lag is queueing by design.
 */
import { lowerPercentile, type SeriesArray } from "./percentiles.ts";

/** Schedule lag p99 above this means the load generator fell behind (1 ms). */
export const FELL_BEHIND_LAG_P99_NS = 1_000_000;
/** A request sent more than this after its scheduled instant counts as delayed (1 ms). */
export const DELAYED_LAG_NS = 1_000_000;

export type LoadGeneratorVerdict = "ok" | "fell_behind";

export interface LoadGeneratorHealth {
  verdict: LoadGeneratorVerdict | null;
  delayed: number | null;
  dropped: number | null;
  lagP99Ns: number | null;
}

/** Least index of ascending `sorted` whose value exceeds `limit` (sorted.length when none does). */
function firstAbove(sorted: SeriesArray, limit: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as number) > limit) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `sortedLagNs`: the finite schedule lags, ascending; `issued`: requests of the phase (a request
 * without a send time, e.g. worker_lost, is issued but has no lag).
 */
export function loadGeneratorHealth(sortedLagNs: SeriesArray, issued: number, planned: number | null, loadPatternType: string): LoadGeneratorHealth {
  const dropped = planned === null ? null : Math.max(0, planned - issued);
  if (loadPatternType === "max_throughput") return { verdict: null, delayed: null, dropped, lagP99Ns: null };
  const sorted = sortedLagNs;
  if (sorted.length === 0) return { verdict: null, delayed: 0, dropped, lagP99Ns: null };
  const delayed = sorted.length - firstAbove(sorted, DELAYED_LAG_NS);
  const lagP99Ns = lowerPercentile(sorted, 99);
  return { verdict: lagP99Ns > FELL_BEHIND_LAG_P99_NS ? "fell_behind" : "ok", delayed, dropped, lagP99Ns };
}
