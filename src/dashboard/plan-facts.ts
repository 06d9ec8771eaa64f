/**
 * @module dashboard/plan-facts — what the dashboard needs of a phase's plan, computed once when the phase starts.
 *
 * The target (rate or concurrency), when the schedule's last request is due (for the ETA), and the
 * schedule-lag limit the load-generator verdict uses (metrics/load-generator-health: the larger of
 * 1 ms and the schedule's mean gap). Closed loops and max_throughput have no lag verdict: their
 * lag is queueing by design, as in the report.
 */
import { lagLimitNs, meanScheduleGapNs } from "../metrics/load-generator-health.ts";
import { isClosedLoop, type PhasePlan } from "../plan/phase-plan.ts";

export interface PlanFacts {
  planned: number;
  /** "target 50 req/s", "concurrency 16", or null (max_throughput). */
  target: string | null;
  /** Open loop: seconds after the phase start when the last request is due; null for closed loop. */
  lastDueS: number | null;
  /** The p99 lag the schedule may show and still be kept, ms; null without a verdict. */
  lagLimitMs: number | null;
}

export function planFacts(plan: PhasePlan): PlanFacts {
  const planned = plan.sampleIndex.length;
  if (isClosedLoop(plan))
    return { planned, target: `concurrency ${plan.slotOffsetsNs.length}`, lastDueS: null, lagLimitMs: null };
  if (plan.pattern.type === "max_throughput") return { planned, target: null, lastDueS: null, lagLimitMs: null };
  const qps = plan.pattern.targetQps;
  return {
    planned,
    target: qps ? `target ${qps} req/s` : "trace's own rate",
    lastDueS: (plan.offsetNs[planned - 1] ?? 0) / 1e9,
    lagLimitMs: lagLimitNs(meanScheduleGapNs(plan.offsetNs)) / 1e6,
  };
}
