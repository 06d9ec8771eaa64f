/**
 * @module compare/compare-sweeps — two sweeps side by side (`compare SWEEP_A SWEEP_B`): the
 * max-goodput answers, then, for every step both ran at the same offered load, its achieved
 * rate, goodput, TTFT and latency p50 and p99, and TPOT p99. Pure; rows as compare-summaries makes them.
 *
 * Only like is compared with like: answers found under different SLOs or shares are not (a
 * note says so); a step that fell behind or was interrupted in either sweep describes no
 * offered load and is left out (noted); of the capacity runs only the achieved rate is
 * compared, since their latency is queueing set by the request count, not by any load. Two
 * sweeps whose steps ran N times each are judged by Welch's test instead (compare/compare-sweep-repeats),
 * over the same steps and figures.
 */
import { metricRow, type MetricRow } from "./compare-summaries.ts";
import type { Direction } from "../report/repeat-metrics.ts";
import type { SweepResult } from "../sweep/run-sweep.ts";
import type { SweepStep } from "../sweep/sweep-step.ts";

/** sweep.json: the result and the SLO it judged against. */
export type SweepFile = SweepResult & { slo?: Record<string, number | null> };

interface SweepComparison {
  rows: MetricRow[];
  /** What was not compared, and why. */
  notes: string[];
}

/** A step figure compared between two sweeps; `capacity`: compared on the capacity run too. */
interface StepFigure {
  key:
    | "achieved_qps"
    | "goodput_rps"
    | "ttft_p50_ms"
    | "ttft_p99_ms"
    | "tpot_p99_ms"
    | "latency_p50_ms"
    | "latency_p99_ms";
  name: string;
  unit: string;
  direction: Direction;
  capacity: boolean;
}

const STEP_FIGURES: readonly StepFigure[] = [
  { key: "achieved_qps", name: "achieved", unit: "req/s", direction: "higher_is_better", capacity: true },
  { key: "goodput_rps", name: "goodput", unit: "req/s", direction: "higher_is_better", capacity: false },
  { key: "ttft_p50_ms", name: "ttft p50", unit: "ms", direction: "lower_is_better", capacity: false },
  { key: "ttft_p99_ms", name: "ttft p99", unit: "ms", direction: "lower_is_better", capacity: false },
  { key: "tpot_p99_ms", name: "tpot p99", unit: "ms", direction: "lower_is_better", capacity: false },
  { key: "latency_p50_ms", name: "latency p50", unit: "ms", direction: "lower_is_better", capacity: false },
  { key: "latency_p99_ms", name: "latency p99", unit: "ms", direction: "lower_is_better", capacity: false },
];

// A grid's cells are told apart by their ISL/OSL pair too: concurrency 4 of 1024/128 is not concurrency 4 of 8192/1024.
const stepKey = (s: SweepStep) =>
  `${s.isl_osl ? `${s.isl_osl} ` : ""}${s.kind === "max_throughput" ? "max throughput" : `${s.kind} ${s.offered}`}`;

/** "ttft ≤ 100 ms, p99" — the SLO an answer was found under. */
function judgedBy(sweep: SweepFile): string {
  const limits = Object.entries(sweep.slo ?? {})
    .filter(([, v]) => v !== null)
    .map(([k, v]) => `${k.replace(/_ms$/, "")} ≤ ${v} ms`);
  return `${limits.join(", ") || "no limits"}, p${sweep.percentile}`;
}

/** A pair of steps both sweeps ran at one offered load, named by it, and the figures to compare. */
interface MatchedStep {
  key: string;
  base: SweepStep;
  next: SweepStep;
  figures: readonly StepFigure[];
}

/**
 * What both sweeps can be compared on: whether their answers are (null when neither has one; a note
 * when their SLOs differ), and the steps both ran, in the base's order, those that did not count in either noted.
 */
export function sweepMatches(
  base: SweepFile,
  next: SweepFile,
): { answers: boolean; steps: MatchedStep[]; notes: string[] } {
  const notes: string[] = [];
  let answers = false;
  if (base.answer || next.answer) {
    const [a, b] = [judgedBy(base), judgedBy(next)];
    answers = a === b;
    if (!answers)
      notes.push(`the max-goodput answers are not compared: found under different SLOs (${a} against ${b})`);
  }
  const later = new Map(next.steps.map((s) => [stepKey(s), s]));
  const steps: MatchedStep[] = [];
  for (const b of base.steps) {
    const key = stepKey(b);
    const n = later.get(key);
    if (!n) continue;
    if (b.note !== null || n.note !== null) notes.push(`${key}: not compared (${b.note ?? n.note})`);
    else
      steps.push({
        key,
        base: b,
        next: n,
        figures: STEP_FIGURES.filter((f) => b.kind !== "max_throughput" || f.capacity),
      });
  }
  return { answers, steps, notes };
}

export function compareSweeps(base: SweepFile, next: SweepFile, thresholdPct: number): SweepComparison {
  const { answers, steps, notes } = sweepMatches(base, next);
  const rows: MetricRow[] = [];
  if (answers)
    rows.push(
      metricRow(
        "max-goodput rate",
        "req/s",
        "higher_is_better",
        base.answer?.rate ?? null,
        next.answer?.rate ?? null,
        thresholdPct,
      ),
    );
  // A sweep.json written before TPOT p99 was a step field has none: that row then reads N/A.
  for (const m of steps)
    for (const f of m.figures)
      rows.push(
        metricRow(
          `${m.key}: ${f.name}`,
          f.unit,
          f.direction,
          m.base[f.key] ?? null,
          m.next[f.key] ?? null,
          thresholdPct,
        ),
      );
  return { rows, notes };
}
