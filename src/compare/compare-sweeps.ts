/**
 * @module compare/compare-sweeps — two sweeps side by side (`compare SWEEP_A SWEEP_B`): the
 * max-goodput answers, then, for every step both ran at the same offered load, its achieved
 * rate, goodput and TTFT, TPOT and latency p99. Pure; rows as compare-summaries makes them.
 */
import { metricRow, type MetricRow } from "./compare-summaries.ts";
import type { SweepResult } from "../sweep/run-sweep.ts";
import type { SweepStep } from "../sweep/sweep-step.ts";

const stepKey = (s: SweepStep) => (s.kind === "max_throughput" ? "max throughput" : `${s.kind} ${s.offered}`);

export function compareSweeps(base: SweepResult, next: SweepResult, thresholdPct: number): MetricRow[] {
  const rows: MetricRow[] = [];
  if (base.answer || next.answer) rows.push(metricRow("max-goodput rate", "req/s", "higher_is_better", base.answer?.rate ?? null, next.answer?.rate ?? null, thresholdPct));
  const later = new Map(next.steps.map((s) => [stepKey(s), s]));
  for (const b of base.steps) {
    const n = later.get(stepKey(b));
    if (!n) continue;
    const key = stepKey(b);
    rows.push(
      metricRow(`${key}: achieved`, "req/s", "higher_is_better", b.achieved_qps, n.achieved_qps, thresholdPct),
      metricRow(`${key}: goodput`, "req/s", "higher_is_better", b.goodput_rps, n.goodput_rps, thresholdPct),
      metricRow(`${key}: ttft p99`, "ms", "lower_is_better", b.ttft_p99_ms, n.ttft_p99_ms, thresholdPct),
      // A sweep.json written before TPOT p99 was a step field has none: that row then reads N/A.
      metricRow(`${key}: tpot p99`, "ms", "lower_is_better", b.tpot_p99_ms ?? null, n.tpot_p99_ms ?? null, thresholdPct),
      metricRow(`${key}: latency p99`, "ms", "lower_is_better", b.latency_p99_ms, n.latency_p99_ms, thresholdPct),
    );
  }
  return rows;
}
