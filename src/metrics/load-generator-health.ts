/**
 * @module metrics/load-generator-health — did the client keep to its schedule?
 *
 * A benchmark's latencies only describe the server if requests left when the plan said.
 * - delayed: requests sent more than DELAYED_LAG_NS after their scheduled instant (waiting
 *   for a connection or a concurrency ceiling, or a busy client).
 * - dropped: planned requests never sent (the phase was stopped by a cap, a timeout or Ctrl-C).
 * - verdict: "fell_behind" when the schedule lag p99 exceeds the lag limit, else "ok"; null for
 *   max_throughput, where every request is due at the start and lag is queueing by design.
 * - concurrency: the opening burst (every slot opens at the phase start) is not judged.
 * - lag limit: the larger of MIN_LAG_LIMIT_NS and the schedule's mean gap (scheduled span ÷
 *   (requests − 1)). A late send matters in proportion to the spacing of the schedule: 3 ms at
 *   20 req/s moves one arrival by 6 % of its gap, at 2,000 req/s past six others. Within one
 *   mean gap, 99 % of requests leave inside their own arrival slot, a shift smaller than a
 *   Poisson schedule's own spread (its gaps vary by one mean gap); beyond it, the client no
 *   longer offers the schedule. The 1 ms floor keeps fast schedules to the strict bound.
 */
import { z } from "zod";
import { loadPatternSpec } from "../load-pattern/load-patterns.ts";
import { lowerPercentile, type SeriesArray } from "./percentiles.ts";
import { scheduleLagNsAt } from "./request-values.ts";

/** The lag limit is never below this (1 ms). */
const MIN_LAG_LIMIT_NS = 1_000_000;
/** The lag limit is at least this fraction of the schedule's mean gap. */
const LAG_LIMIT_GAP_FRACTION = 1;
/** A request sent more than this after its scheduled instant counts as delayed (1 ms). */
export const DELAYED_LAG_NS = 1_000_000;

/** The load generator's verdict, as result_summary.json and its shards block write it. */
export const LoadGeneratorVerdictSchema = z.enum(["ok", "fell_behind"]);
type LoadGeneratorVerdict = z.infer<typeof LoadGeneratorVerdictSchema>;

export interface LoadGeneratorHealth {
  verdict: LoadGeneratorVerdict | null;
  delayed: number | null;
  dropped: number | null;
  /** The p99 lag the verdict judged (for concurrency, after the opening burst). */
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

/** Mean gap of a schedule from its first and last instants and how many it has (span ÷ (n − 1)); null below two. */
export function meanGapNs(firstNs: number, lastNs: number, count: number): number | null {
  return count < 2 ? null : (lastNs - firstNs) / (count - 1);
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
  return meanGapNs(min, max, count);
}

/**
 * The rate the schedule itself offered: 1 ÷ its mean gap. A Poisson schedule of n arrivals is a
 * draw: its own rate is the target ± about 1/√n (4 % at 600), the same in every run of one seed.
 * Null for closed-loop patterns and schedules of fewer than two instants.
 */
export function scheduledRate(meanGapNs: number | null, loadPatternType: string): number | null {
  // Closed loops' send instants follow completions, not a schedule of arrivals: no rate is scheduled.
  const offersRate = loadPatternSpec(loadPatternType)?.offersRate ?? true;
  return !offersRate || meanGapNs === null || !(meanGapNs > 0) ? null : 1e9 / meanGapNs;
}

/** Whether a pattern's sends are judged at all: not max_throughput's, all due at the start by design. */
export function hasLagVerdict(loadPatternType: string): boolean {
  return loadPatternSpec(loadPatternType)?.judged ?? true;
}

/** The verdict on the lag p99 judged against the limit. */
export function lagVerdict(lagP99Ns: number, limitNs: number): LoadGeneratorVerdict {
  return lagP99Ns > limitNs ? "fell_behind" : "ok";
}

/**
 * Whether the verdict leaves out a send due at `scheduledNs`: a concurrency run's opening burst,
 * due at `openingNs` (the phase's earliest scheduled instant, when every slot opens) by design.
 */
export function inOpeningBurst(scheduledNs: number, openingNs: number, loadPatternType: string): boolean {
  return scheduledNs <= openingNs && (loadPatternSpec(loadPatternType)?.openingBurst ?? false);
}

/** The p99 lag a schedule with this mean gap may show and still count as kept. */
export function lagLimitNs(meanGapNs: number | null): number {
  return Math.round(Math.max(MIN_LAG_LIMIT_NS, (meanGapNs ?? 0) * LAG_LIMIT_GAP_FRACTION));
}

/**
 * The lags the verdict judges, ascending, for a closed loop (concurrency): every slot opens at
 * the phase start, so the opening burst is due at one instant by design (as max_throughput's
 * requests are) and is left out. Null for other patterns: the verdict judges every lag.
 */
export function verdictLagsNs(
  scheduledNs: ArrayLike<number>,
  sentNs: ArrayLike<number>,
  loadPatternType: string,
): Float64Array | null {
  if (!loadPatternSpec(loadPatternType)?.openingBurst) return null;
  let opening = Infinity;
  for (let i = 0; i < scheduledNs.length; i++)
    if ((scheduledNs[i] as number) < opening) opening = scheduledNs[i] as number;
  const lags: number[] = [];
  const cols = { scheduledNs, sentNs };
  for (let i = 0; i < scheduledNs.length; i++) {
    const lag = scheduleLagNsAt(cols, i);
    if (!inOpeningBurst(scheduledNs[i] as number, opening, loadPatternType) && Number.isFinite(lag)) lags.push(lag);
  }
  return Float64Array.from(lags).sort();
}

interface ScheduleShape {
  /** See meanScheduleGapNs. */
  meanGapNs: number | null;
  /** See verdictLagsNs; null or absent: the verdict judges `sortedLagNs`. */
  verdictLagNs?: SeriesArray | null;
}

/**
 * `sortedLagNs`: the finite schedule lags, ascending; `issued`: requests of the phase (a request
 * without a send time, e.g. worker_lost, is issued but has no lag).
 */
export function loadGeneratorHealth(
  sortedLagNs: SeriesArray,
  issued: number,
  planned: number | null,
  loadPatternType: string,
  schedule: ScheduleShape,
): LoadGeneratorHealth {
  const dropped = planned === null ? null : Math.max(0, planned - issued);
  if (!hasLagVerdict(loadPatternType))
    return { verdict: null, delayed: null, dropped, lagP99Ns: null, lagLimitNs: null };
  if (sortedLagNs.length === 0) return { verdict: null, delayed: 0, dropped, lagP99Ns: null, lagLimitNs: null };
  const delayed = sortedLagNs.length - firstAbove(sortedLagNs, DELAYED_LAG_NS);
  const judged = schedule.verdictLagNs ?? sortedLagNs;
  const limit = lagLimitNs(schedule.meanGapNs);
  if (judged.length === 0) return { verdict: "ok", delayed, dropped, lagP99Ns: null, lagLimitNs: limit };
  const lagP99Ns = lowerPercentile(judged, 99);
  return { verdict: lagVerdict(lagP99Ns, limit), delayed, dropped, lagP99Ns, lagLimitNs: limit };
}
