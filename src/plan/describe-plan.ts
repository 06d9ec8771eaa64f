/**
 * @module plan/describe-plan — the plan as text, for `--dry-run`: what would be sent, when.
 *
 * Pure: a plan in, lines out. Offsets are shown in ms from the phase start.
 */
import { isClosedLoop, type LoadPattern, type PhasePlan } from "./phase-plan.ts";

const SHOWN = 10;

const ms = (ns: number) => (ns / 1e6).toFixed(2);

function patternText(p: LoadPattern): string {
  switch (p.type) {
    case "max_throughput":
      return "max_throughput (every request due at the start)";
    case "concurrency":
      return `concurrency ${p.targetConcurrency} (closed loop)`;
    case "gamma":
      return `gamma at ${p.targetQps} QPS, burstiness ${p.burstiness ?? 1}`;
    default:
      return `${p.type} at ${p.targetQps} QPS`;
  }
}

export function describePlan(plan: PhasePlan): string[] {
  const n = plan.sampleIndex.length;
  const lines = [`${plan.phase}: ${n} requests, ${patternText(plan.pattern)}`];
  if ((plan.pattern.rampUpS ?? 0) > 0) lines.push(`  ramp: ${plan.pattern.rampUpS} s${isClosedLoop(plan) ? " (slots open one by one)" : ` from ${plan.pattern.rampStartQps ?? 0} QPS`}`);
  if (plan.maxConcurrency > 0) lines.push(`  at most ${plan.maxConcurrency} in flight (a due request waits for a slot; its wait is reported)`);
  if (isClosedLoop(plan)) {
    lines.push(`  slots open at (ms): ${Array.from(plan.slotOffsetsNs.subarray(0, SHOWN), ms).join(", ")}${plan.slotOffsetsNs.length > SHOWN ? ", …" : ""}`);
  } else if (n > 0 && plan.pattern.type !== "max_throughput") {
    const last = plan.offsetNs[n - 1] as number;
    lines.push(`  schedule: last arrival at ${(last / 1e9).toFixed(3)} s, mean rate ${last > 0 ? ((n / last) * 1e9).toFixed(1) : "∞"} req/s`);
    lines.push(`  first arrivals (ms): ${Array.from(plan.offsetNs.subarray(0, SHOWN), ms).join(", ")}${n > SHOWN ? ", …" : ""}`);
  }
  lines.push(`  first dataset rows: ${Array.from(plan.sampleIndex.subarray(0, SHOWN)).join(", ")}${n > SHOWN ? ", …" : ""}`);
  return lines;
}
