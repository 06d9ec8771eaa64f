/**
 * @module metrics/load-generator-health — did the client keep to its schedule?
 *
 * A benchmark's latencies only describe the server if requests left when the plan said.
 * - delayed: requests sent more than DELAYED_LAG_NS after their scheduled instant (waiting
 *   for a connection or a concurrency ceiling, or a busy client).
 * - dropped: planned requests never sent (the phase was stopped by a cap, a timeout or Ctrl-C).
 * - verdict: "fell_behind" when the schedule lag p99 exceeds the lag limit, else "ok"; null for
 *   max_throughput, where every request is due at the start and lag is queueing by design.
 * - lag limit: the larger of MIN_LAG_LIMIT_NS and a tenth of the schedule's mean gap
 *   (scheduled span ÷ (requests − 1)). A late send matters in proportion to the spacing of the
 *   schedule: 3 ms at 20 req/s moves one arrival by 6 % of its gap, at 2,000 req/s it moves it
 *   past six others. The 1 ms floor keeps fast schedules to the strict bound.
 */
import { lowerPercentile, type SeriesArray } from "./percentiles.ts";

/** The lag limit is never below this (1 ms). */
const MIN_LAG_LIMIT_NS = 1_000_000;
/** The lag limit is at least this fraction of the schedule's mean gap. */
const LAG_LIMIT_GAP_FRACTION = 0.1;
/** A request sent more than this after its scheduled instant counts as delayed (1 ms). */
export const DELAYED_LAG_NS = 1_000_000;

export type LoadGeneratorVerdict = "ok" | "fell_behind";

export interface LoadGeneratorHealth {
  verdict: LoadGeneratorVerdict | null;
  delayed: number | null;
  dropped: number | null;
  lagP99Ns: number | null;
  /** The p99 lag the verdict allowed (null without a verdict). */
  lagLimitNs: number | null;
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

/** Mean gap between consecutive scheduled instants (span ÷ (n − 1)); null below two finite instants. */
export function meanScheduleGapNs(scheduledNs: ArrayLike<number>): number | null {
  let min = Infinity;
  let max = -Infinity;
  let count = 0;
  for (let i = 0; i < scheduledNs.length; i++) {
    const t = scheduledNs[i] as number;
    if (!Number.isFinite(t)) continue;
    count++;
    if (t < min) min = t;
    if (t > max) max = t;
  }
  return count < 2 ? null : (max - min) / (count - 1);
}

/** The p99 lag a schedule with this mean gap may show and still count as kept. */
export function lagLimitNs(meanGapNs: number | null): number {
  return Math.round(Math.max(MIN_LAG_LIMIT_NS, (meanGapNs ?? 0) * LAG_LIMIT_GAP_FRACTION));
}

/**
 * `sortedLagNs`: the finite schedule lags, ascending; `issued`: requests of the phase (a request
 * without a send time, e.g. worker_lost, is issued but has no lag); `meanGapNs`: see meanScheduleGapNs.
 */
export function loadGeneratorHealth(
  sortedLagNs: SeriesArray, issued: number, planned: number | null, loadPatternType: string, meanGapNs: number | null,
): LoadGeneratorHealth {
  const dropped = planned === null ? null : Math.max(0, planned - issued);
  if (loadPatternType === "max_throughput") return { verdict: null, delayed: null, dropped, lagP99Ns: null, lagLimitNs: null };
  const sorted = sortedLagNs;
  if (sorted.length === 0) return { verdict: null, delayed: 0, dropped, lagP99Ns: null, lagLimitNs: null };
  const delayed = sorted.length - firstAbove(sorted, DELAYED_LAG_NS);
  const lagP99Ns = lowerPercentile(sorted, 99);
  const limit = lagLimitNs(meanGapNs);
  return { verdict: lagP99Ns > limit ? "fell_behind" : "ok", delayed, dropped, lagP99Ns, lagLimitNs: limit };
}
