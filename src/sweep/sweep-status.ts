/**
 * @module sweep/sweep-status — the sweep's state as lines for the dashboard above each step's run: the step, the steps done with their verdicts, the bracket.
 *
 * Pure: from sweep.json's result so far and the step under way. A judged step shows whether it
 * met the SLO (and why not: fell behind, interrupted); an unjudged one its achieved rate. In a
 * `--find max-goodput` search the bracket is sweep/search-rate's: the highest rate that passed
 * and the lowest that failed, the capacity until one fails.
 */
import type { SweepResult } from "./run-sweep.ts";
import { bracketOf } from "./search-rate.ts";
import type { StepKind, SweepStep } from "./sweep-step.ts";

/** Steps shown on the "done" line: the newest, as the line has one terminal row. */
const SHOWN_STEPS = 6;

export interface CurrentStep {
  index: number;
  kind: StepKind;
  offered: number | null;
}

const stepLabel = (kind: StepKind, offered: number | null) =>
  kind === "rate" ? `rate ${offered} req/s` : kind === "concurrency" ? `concurrency ${offered}` : "max throughput";

function verdict(step: SweepStep): string {
  if (step.passed === true) return "met SLO";
  if (step.passed === false) return `missed SLO${step.note ? ` (${step.note})` : ""}`;
  if (step.state !== "complete") return step.note ?? step.state;
  return step.achieved_qps === null ? "done" : `${step.achieved_qps.toFixed(1)} req/s`;
}

export function sweepStatusLines(result: SweepResult, current: CurrentStep | null): string[] {
  const lines = [
    `sweep (${result.mode}): step ${current ? `${current.index}, ${stepLabel(current.kind, current.offered)}` : "-"}`,
  ];
  const done = result.steps.slice(-SHOWN_STEPS).map((s) => `${s.index} ${stepLabel(s.kind, s.offered)}: ${verdict(s)}`);
  if (done.length > 0) lines.push(`done: ${result.steps.length > SHOWN_STEPS ? "… " : ""}${done.join(" · ")}`);
  const capacity = result.steps.find((s) => s.kind === "max_throughput")?.achieved_qps;
  if (result.mode === "find" && capacity) {
    const trials = result.steps
      .filter((s) => s.kind === "rate" && s.offered !== null && s.passed !== null)
      .map((s) => ({ rate: s.offered as number, passed: s.passed === true }));
    const { lo, hi } = bracketOf(Math.round(capacity * 1000) / 1000, trials);
    lines.push(`bracket: highest passing ${lo > 0 ? lo : "none yet"}, lowest failing (or the capacity) ${hi} req/s`);
  }
  return lines;
}
