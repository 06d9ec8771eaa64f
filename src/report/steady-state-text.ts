/**
 * @module report/steady-state-text — the steady-state window and the stability verdict as
 * report lines (report.txt and the console), the whole-run figures beside the window's own.
 * The rule is docs/metrics.md's "Steady state"; the verdict docs/sweeps.md's "Stability".
 */
import type { SteadyState } from "../metrics/steady-state/steady-state.ts";
import type { Trend } from "../metrics/steady-state/stability.ts";
import type { ResultSummary } from "./result-summary.ts";
import { fixed2 } from "./text-format.ts";

const SERIES_LABEL: Record<Trend["series"], [label: string, unit: string]> = {
  in_flight: ["in flight", " requests/s"],
  ttft: ["TTFT", " ms/s"],
  latency: ["latency", " ms/s"],
  server_waiting: ["the server's waiting count", " requests/s"],
};

const pValue = (p: number | null) => (p === null ? "N/A" : p < 0.001 ? "< 0.001" : p.toFixed(3));

/** "TTFT rising 85.30 ms/s (Mann–Kendall p < 0.001, +120 % over the window)". */
export function trendText(t: Trend): string {
  const [label, unit] = SERIES_LABEL[t.series];
  const rise = t.rise_pct === null ? "" : `, ${t.rise_pct >= 0 ? "+" : ""}${t.rise_pct.toFixed(0)} % over the window`;
  return `${label} rising ${fixed2(t.slope_per_s)}${unit} (Mann–Kendall p ${pValue(t.p_value)}${rise})`;
}

/** The stability verdict in one line, with what rose and, when known, how long a run would need. */
function stabilityText(s: Pick<SteadyState, "stability" | "trends" | "step_length_to_judge_s">): string {
  if (s.stability === "too_short")
    return "not judged (too few requests after the ramp-up: fewer than 6 intervals of 8 sends)";
  if (s.stability === "stable") return "stable (no series rose significantly over the run)";
  const rising = s.trends.filter((t) => t.rising).map(trendText);
  const need =
    s.step_length_to_judge_s === null
      ? ""
      : `; a run would need about ${s.step_length_to_judge_s.toFixed(0)} s for its SLO verdict to see the growing queue`;
  return `UNSTABLE — ${rising.join(", ")}${need}`;
}

type WholeRun = Pick<ResultSummary, "qps" | "qps_native" | "tps" | "tps_native">;

/** [label, text] rows: the window, its figures beside the whole run's, the stability verdict (report.txt and report.html). */
export function steadyStateRows(summary: WholeRun, s: SteadyState): [label: string, text: string][] {
  const from = s.ramp_up_s;
  const pair = (label: string, p50: number | null, p99: number | null) =>
    `${label} p50/p99 ${fixed2(p50)} / ${fixed2(p99)} ms`;
  return [
    [
      "Steady state",
      `${fixed2(from)}–${fixed2(from + s.duration_s)} s after the first send, in flight at its plateau of ` +
        `${s.plateau_in_flight} (ramp-up ${fixed2(s.ramp_up_s)} s and drain ${fixed2(s.drain_s)} s trimmed), ${s.requests} requests`,
    ],
    [
      "Steady-state figures",
      `QPS ${fixed2(s.qps)} (whole run ${fixed2(summary.qps_native ?? summary.qps)}), output tok/s ${fixed2(s.output_tps)} ` +
        `(whole run ${fixed2(summary.tps_native ?? summary.tps)}); ${pair("TTFT", s.ttft_p50_ms, s.ttft_p99_ms)}, ` +
        `${pair("TPOT", s.tpot_p50_ms, s.tpot_p99_ms)}, ${pair("latency", s.latency_p50_ms, s.latency_p99_ms)}`,
    ],
    ["Stability", stabilityText(s)],
  ];
}

/** The rows as report.txt lines: "Steady state: …", the figures indented under it, "Stability: …". */
export function steadyStateLines(summary: WholeRun, s: SteadyState): string[] {
  const [[, window], [, figures], [, stability]] = steadyStateRows(summary, s) as [
    [string, string],
    [string, string],
    [string, string],
  ];
  return [`Steady state: ${window}`, `  ${figures}`, `Stability: ${stability}`];
}
