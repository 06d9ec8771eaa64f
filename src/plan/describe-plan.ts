/**
 * @module plan/describe-plan — the plan as text, for `--dry-run`: what would be sent, when.
 *
 * Pure: a plan in, lines out. Offsets are shown in ms from the phase start.
 */
import { isConversationPlan, type ConversationPlan } from "./conversation-plan.ts";
import type { LoadPattern } from "../load-pattern/schedule.ts";
import { isClosedLoop, type PhasePlan } from "./phase-plan.ts";

const SHOWN = 10;

const ms = (ns: number) => (ns / 1e6).toFixed(2);

function patternText(p: LoadPattern): string {
  switch (p.type) {
    case "max_throughput":
      return "max_throughput (every request due at the start)";
    case "concurrency":
      return `concurrency ${p.targetConcurrency} (closed loop)`;
    case "trace":
      return "trace replay (each request at its recorded instant ÷ --trace-speedup)";
    case "agentic_inference":
      return `agentic_inference, ${p.targetConcurrency} conversation(s) at once (each turn waits for the previous response)`;
    case "gamma":
      return `gamma at ${p.targetQps} QPS, burstiness ${p.burstiness ?? 1}`;
    default:
      return `${p.type} at ${p.targetQps} QPS`;
  }
}

/** A conversation phase: how many trajectories, turns and think time, and what each turn carries. */
function describeConversations(plan: ConversationPlan): string[] {
  const table = plan.conversations;
  const trajectories = table.ids.length;
  const thinkS = plan.offsetNs.reduce((sum, ns) => sum + ns, 0) / 1e9;
  return [
    `${plan.phase}: ${plan.sampleIndex.length} turns in ${trajectories} conversation(s), ${patternText(plan.pattern)}`,
    `  think time: ` +
      `${thinkS > 0 ? `${thinkS.toFixed(3)} s in all (the dataset's delay_seconds)` : "none"}; ` +
      `turn timeout ${table.turnTimeoutMs / 1000} s; salt ` +
      `${table.salts.length > 0 ? "on" : "off"}`,
    `  headers: ${table.routingHeaders.length > 0 ? table.routingHeaders.map((h) => `${h}: <conversation id>`).join(", ") : "none"}`,
    `  first conversations: ${table.ids.slice(0, SHOWN).join(", ")}${trajectories > SHOWN ? ", …" : ""}`,
  ];
}

export function describePlan(plan: PhasePlan): string[] {
  if (isConversationPlan(plan)) return describeConversations(plan);
  const n = plan.sampleIndex.length;
  const lines = [`${plan.phase}: ${n} requests, ${patternText(plan.pattern)}`];
  if ((plan.pattern.rampUpS ?? 0) > 0)
    lines.push(
      `  ramp: ${plan.pattern.rampUpS} s${isClosedLoop(plan) ? " (slots open one by one)" : ` from ${plan.pattern.rampStartQps ?? 0} QPS`}`,
    );
  if (plan.maxConcurrency > 0)
    lines.push(`  at most ${plan.maxConcurrency} in flight (a due request waits for a slot; its wait is reported)`);
  if (isClosedLoop(plan)) {
    lines.push(
      `  slots open at (ms): ${Array.from(plan.slotOffsetsNs.subarray(0, SHOWN), ms).join(", ")}${plan.slotOffsetsNs.length > SHOWN ? ", …" : ""}`,
    );
  } else if (n > 0 && plan.pattern.type !== "max_throughput") {
    const last = plan.offsetNs[n - 1] as number;
    lines.push(
      `  schedule: last arrival at ${(last / 1e9).toFixed(3)} s, mean rate ${last > 0 ? ((n / last) * 1e9).toFixed(1) : "∞"} req/s`,
    );
    lines.push(
      `  first arrivals (ms): ${Array.from(plan.offsetNs.subarray(0, SHOWN), ms).join(", ")}${n > SHOWN ? ", …" : ""}`,
    );
  }
  lines.push(
    `  first dataset rows: ${Array.from(plan.sampleIndex.subarray(0, SHOWN)).join(", ")}${n > SHOWN ? ", …" : ""}`,
  );
  return lines;
}
