/**
 * @module sweep/sweep-status — the sweep's state as lines for the dashboard above each step's run: the step, the steps done with their verdicts, the bracket.
 *
 * Pure: from sweep.json's result so far and the step under way. A judged step shows whether it
 * met the SLO (and why not: fell behind, interrupted); an unjudged one its achieved rate. In a
 * `--find max-goodput` search the bracket is sweep/search-rate's: the highest rate that passed
 * and the lowest that failed, the capacity until one fails. The lines fit the dashboard's width:
 * the "done" line keeps the newest steps that fit (the older ones become "…"), and a bracket
 * too wide for one line takes two.
 */
import type { SweepResult } from "./run-sweep.ts";
import { bracketOf } from "./search-rate.ts";
import type { StepKind, SweepStep } from "./sweep-step.ts";

/** Steps shown on the "done" line at most: the newest, as the line has one terminal row. */
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

const chars = (text: string) => Array.from(text).length;

/** "done: …" with the newest steps that fit `width` (at least the newest one). */
function doneLine(steps: readonly SweepStep[], width: number): string | null {
  if (steps.length === 0) return null;
  const items = steps.map((s) => `${s.index} ${stepLabel(s.kind, s.offered)}: ${verdict(s)}`);
  for (let shown = Math.min(SHOWN_STEPS, items.length); shown > 1; shown--) {
    const line = `done: ${steps.length > shown ? "… " : ""}${items.slice(-shown).join(" · ")}`;
    if (chars(line) <= width) return line;
  }
  return `done: ${steps.length > 1 ? "… " : ""}${items.at(-1)}`;
}

/** The lines for a terminal `width` columns wide (unbounded by default). */
export function sweepStatusLines(result: SweepResult, current: CurrentStep | null, width = Infinity): string[] {
  const lines = [
    `sweep (${result.mode}): step ${current ? `${current.index}, ${stepLabel(current.kind, current.offered)}` : "-"}`,
  ];
  const done = doneLine(result.steps, width);
  if (done !== null) lines.push(done);
  const capacity = result.steps.find((s) => s.kind === "max_throughput")?.achieved_qps;
  if (result.mode === "find" && capacity) {
    const trials = result.steps
      .filter((s) => s.kind === "rate" && s.offered !== null && s.passed !== null)
      .map((s) => ({ rate: s.offered as number, passed: s.passed === true }));
    const { lo, hi } = bracketOf(Math.round(capacity * 1000) / 1000, trials);
    const passing = `bracket: highest passing ${lo > 0 ? lo : "none yet"}`;
    const failing = `lowest failing (or the capacity) ${hi} req/s`;
    if (chars(`${passing}, ${failing}`) <= width) lines.push(`${passing}, ${failing}`);
    else lines.push(`${passing},`, `  ${failing}`);
  }
  return lines;
}
