/**
 * @module dashboard/plan-facts — what the dashboard needs of a phase's plan, computed once when the phase starts.
 *
 * The target (rate or concurrency), when the schedule's last request is due (for the ETA), and
 * where the load-generator verdict's lag limit comes from (metrics/load-generator-health: the
 * larger of 1 ms and the schedule's mean gap). An open loop's schedule is the plan's; a closed
 * loop's instants follow completions, so its mean gap is the recorded instants' (the report's
 * rule, over the run so far). max_throughput is not judged: every request is due at once.
 * A closed loop's concurrency is its target: main learns of a request only when it is recorded,
 * so the requests in flight are the slots the plan keeps busy, not a measure.
 */
import { hasLagVerdict, meanScheduleGapNs } from "../metrics/load-generator-health.ts";
import { isClosedLoop, type PhasePlan } from "../plan/phase-plan.ts";

/** Where the lag limit's mean gap comes from; null: the load generator is not judged. */
type LagGap = { from: "plan"; meanGapNs: number | null } | { from: "records" } | null;

export interface PlanFacts {
  planned: number;
  /** "target 50 req/s", "concurrency target 16", or null (max_throughput). */
  target: string | null;
  /** Sends follow completions: in flight is the slots the plan keeps busy. */
  closedLoop: boolean;
  /** Open loop: seconds after the phase start when the last request is due; null for closed loop. */
  lastDueS: number | null;
  lagGap: LagGap;
}

export function planFacts(plan: PhasePlan): PlanFacts {
  const planned = plan.sampleIndex.length;
  const judged = hasLagVerdict(plan.pattern.type);
  if (isClosedLoop(plan))
    return {
      planned,
      target: `concurrency target ${plan.slotOffsetsNs.length}`,
      closedLoop: true,
      lastDueS: null,
      lagGap: judged ? { from: "records" } : null,
    };
  const base = { planned, closedLoop: false };
  if (!judged) return { ...base, target: null, lastDueS: null, lagGap: null };
  const qps = plan.pattern.targetQps;
  return {
    ...base,
    target: qps ? `target ${qps} req/s` : "trace's own rate",
    lastDueS: (plan.offsetNs[planned - 1] ?? 0) / 1e9,
    lagGap: { from: "plan", meanGapNs: meanScheduleGapNs(plan.offsetNs) },
  };
}
