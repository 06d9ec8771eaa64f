/**
 * @module compare/compare-sweeps — two sweeps side by side (`compare SWEEP_A SWEEP_B`): the
 * max-goodput answers, then, for every step both ran at the same offered load, its achieved
 * rate, goodput and TTFT, TPOT and latency p99. Pure; rows as compare-summaries makes them.
 *
 * Only like is compared with like: answers found under different SLOs or shares are not (a
 * note says so); a step that fell behind or was interrupted in either sweep describes no
 * offered load and is left out (noted); of the capacity runs only the achieved rate is
 * compared, since their latency is queueing set by the request count, not by any load.
 */
import { metricRow, type MetricRow } from "./compare-summaries.ts";
import type { SweepResult } from "../sweep/run-sweep.ts";
import type { SweepStep } from "../sweep/sweep-step.ts";

/** sweep.json: the result and the SLO it judged against. */
export type SweepFile = SweepResult & { slo?: Record<string, number | null> };

interface SweepComparison {
  rows: MetricRow[];
  /** What was not compared, and why. */
  notes: string[];
}

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

export function compareSweeps(base: SweepFile, next: SweepFile, thresholdPct: number): SweepComparison {
  const rows: MetricRow[] = [];
  const notes: string[] = [];
  if (base.answer || next.answer) {
    const [a, b] = [judgedBy(base), judgedBy(next)];
    if (a === b)
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
    else notes.push(`the max-goodput answers are not compared: found under different SLOs (${a} against ${b})`);
  }
  const later = new Map(next.steps.map((s) => [stepKey(s), s]));
  for (const b of base.steps) {
    const n = later.get(stepKey(b));
    if (!n) continue;
    const key = stepKey(b);
    if (b.note !== null || n.note !== null) {
      notes.push(`${key}: not compared (${b.note ?? n.note})`);
      continue;
    }
    rows.push(metricRow(`${key}: achieved`, "req/s", "higher_is_better", b.achieved_qps, n.achieved_qps, thresholdPct));
    if (b.kind === "max_throughput") continue;
    rows.push(
      metricRow(`${key}: goodput`, "req/s", "higher_is_better", b.goodput_rps, n.goodput_rps, thresholdPct),
      metricRow(`${key}: ttft p99`, "ms", "lower_is_better", b.ttft_p99_ms, n.ttft_p99_ms, thresholdPct),
      // A sweep.json written before TPOT p99 was a step field has none: that row then reads N/A.
      metricRow(
        `${key}: tpot p99`,
        "ms",
        "lower_is_better",
        b.tpot_p99_ms ?? null,
        n.tpot_p99_ms ?? null,
        thresholdPct,
      ),
      metricRow(`${key}: latency p99`, "ms", "lower_is_better", b.latency_p99_ms, n.latency_p99_ms, thresholdPct),
    );
  }
  return { rows, notes };
}
