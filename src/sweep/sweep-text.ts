/** @module sweep/sweep-text — the sweep's console table: one line per step, then the answer of a --find. */
import type { SweepResult } from "./run-sweep.ts";
import { economyColumns } from "./step-economy.ts";
import { BURST_CAPACITY_NOTE } from "./unstable-step.ts";

const cell = (v: number | null, width: number) => (v === null ? "N/A" : v.toFixed(2)).padStart(width);

/** "its schedule offered X req/s; " when the answer's step knew, else "". */
export function offeredBy(scheduled: number | null | undefined): string {
  return scheduled == null ? "" : `its schedule offered ${scheduled.toFixed(2)} req/s; `;
}

export function sweepLines(result: SweepResult): string[] {
  const economy = economyColumns(result.steps);
  // A grid's rows name their ISL/OSL pair: concurrency 4 is in the table once per pair.
  const pairWidth = Math.max(0, ...(result.pairs ?? []).map((p) => p.length + 2));
  const pairCell = (text: string) => (pairWidth === 0 ? "" : text.padEnd(pairWidth));
  const lines = [
    `Sweep (${result.mode}, ${result.state}):`,
    `  step  ${pairCell("ISL/OSL")}` +
      "kind            offered  achieved  goodput  attain%  TTFT p50  TTFT p99  lat p99  " +
      economy.map((c) => `${c.short.padStart(10)}  `).join("") +
      "load gen     pass",
  ];
  for (const s of result.steps) {
    const offered = s.offered === null ? "-" : String(s.offered);
    const pass = s.passed === null ? "-" : s.passed ? "yes" : "no";
    lines.push(
      `  ${String(s.index).padStart(4)}  ${pairCell(s.isl_osl ?? "-")}${s.kind.padEnd(14)}  ${offered.padStart(7)}  ` +
        `${cell(s.achieved_qps, 8)}  ${cell(s.goodput_rps, 7)}  ${cell(s.attainment_pct, 7)}  ` +
        `${cell(s.ttft_p50_ms, 8)}  ${cell(s.ttft_p99_ms, 8)}  ${cell(s.latency_p99_ms, 7)}  ` +
        economy.map((c) => `${cell(c.value(s), 10)}  `).join("") +
        `${(s.load_generator ?? "-").padEnd(11)}  ${pass}${s.note ? `  (${s.note})` : s.stability === "unstable" ? "  (unstable)" : ""}`,
    );
  }
  if (result.mode === "find" && result.steps.some((s) => s.kind === "max_throughput"))
    lines.push(`Note: ${BURST_CAPACITY_NOTE}.`);
  const a = result.answer;
  if (a) {
    lines.push(
      a.rate === null
        ? `No rate met the SLO in ${a.steps} steps.`
        : `Highest rate meeting the SLO at p${result.percentile}: ${a.rate} req/s ` +
            `(${offeredBy(a.scheduled_qps)}bracket ${a.bracket[0]}–${a.bracket[1]} req/s, ${a.steps} ` +
            `steps${a.converged ? "" : "; not converged within --max-steps"})`,
    );
  }
  return lines;
}
