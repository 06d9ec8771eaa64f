/**
 * @module sweep/sweep-html — sweep.html: latency percentiles and goodput against offered load,
 * the SLO's limits as lines and the answer marked, then one row per step. Self-contained, as
 * report.html is (no script, no network).
 *
 * x is the offered rate of rate steps; concurrency steps sit at the rate they achieved (what they
 * offered, in effect); a concurrency sweep's x is the concurrency. The capacity (max throughput)
 * and the answer are vertical lines.
 */
import { htmlPage } from "../report/html/page-style.ts";
import { escapeHtml } from "../report/html/escape-html.ts";
import { renderChart, type ChartSeries } from "../report/html/svg-chart.ts";
import type { SweepResult } from "./run-sweep.ts";
import type { SweepStep } from "./sweep-step.ts";
import { offeredBy } from "./sweep-text.ts";
import { economyColumns } from "./step-economy.ts";
import { sweepParetoSection } from "./sweep-pareto-html.ts";
import { BURST_CAPACITY_NOTE } from "./unstable-step.ts";

export interface SweepSlo {
  ttft_ms: number | null;
  tpot_ms: number | null;
  latency_ms: number | null;
  /** Present when the SLO sets a TTFO limit (a reasoning model's first answer token). */
  ttfo_ms?: number | null;
}

const xOf = (s: SweepStep, byConcurrency: boolean): number | null =>
  byConcurrency || s.kind === "rate" ? s.offered : s.achieved_qps;

function series(
  steps: readonly SweepStep[],
  byConcurrency: boolean,
  label: string,
  color: string,
  y: (s: SweepStep) => number | null,
): ChartSeries[] {
  const points = steps
    .map((s) => [xOf(s, byConcurrency), y(s)] as const)
    .filter((p): p is readonly [number, number] => p[0] !== null && p[1] !== null)
    .sort((a, b) => a[0] - b[0]);
  return points.length > 0
    ? [{ kind: "line", label, color, xs: points.map((p) => p[0]), ys: points.map((p) => p[1]) }]
    : [];
}

function limitLine(
  steps: readonly SweepStep[],
  byConcurrency: boolean,
  label: string,
  limit: number | null,
  color = "#dc2626",
): ChartSeries[] {
  const xs = steps.map((s) => xOf(s, byConcurrency)).filter((x): x is number => x !== null);
  if (limit === null || xs.length === 0) return [];
  return [{ kind: "line", label, color, xs: [Math.min(...xs), Math.max(...xs)], ys: [limit, limit] }];
}

/** Markers at each step's value (no line between them); none when no step has one. */
function points(
  steps: readonly SweepStep[],
  byConcurrency: boolean,
  label: string,
  color: string,
  shape: "circle" | "cross",
  y: (s: SweepStep) => number | null,
): ChartSeries[] {
  const found = series(steps, byConcurrency, label, color, y)[0];
  return found?.kind === "line" ? [{ kind: "points", label, color, shape, xs: found.xs, ys: found.ys }] : [];
}

const cell = (v: number | null, digits = 2) => (v === null ? "N/A" : v.toFixed(digits));

/** A vertical line at `x` from 0 to `top` (the tallest value the chart's curves reach). */
function verticalLine(label: string, color: string, x: number | null, top: number): ChartSeries[] {
  return x === null || !(top > 0) ? [] : [{ kind: "line", label, color, xs: [x, x], ys: [0, top] }];
}

const tallest = (series: readonly ChartSeries[]) => Math.max(0, ...series.flatMap((s) => s.ys).filter(Number.isFinite));

/** The charts against load of the steps of `pair` (a grid's ISL/OSL pair; null: every step), their names suffixed with it. */
function againstLoadCharts(result: SweepResult, slo: SweepSlo, pair: string | null): string {
  const byConcurrency = result.mode === "concurrencies";
  const suffix = pair === null ? "" : `-${pair}`;
  const steps = result.steps.filter((s) => s.state !== "failed" && (pair === null || s.isl_osl === pair));
  // The capacity run sends everything at once: its queueing belongs to no offered rate, so it is a line, not a point of the curves.
  // A step that fell behind or was interrupted does not describe its offered load: a cross beside the curves, not a point of them.
  // An unstable step is a point: it ran its offered load, and its miss (red) is where the curve bends.
  const offPlan = (s: SweepStep) => s.state !== "complete" || s.load_generator === "fell_behind";
  const curve = steps.filter((s) => s.kind !== "max_throughput" && !offPlan(s));
  const uncounted = steps.filter((s) => s.kind !== "max_throughput" && offPlan(s));
  const capacity = byConcurrency ? null : (steps.find((s) => s.kind === "max_throughput")?.achieved_qps ?? null);
  const xLabel = byConcurrency ? "concurrency" : "offered load (req/s)";
  const against = byConcurrency ? "concurrency" : "offered load";
  const answer = result.answer?.rate ?? null;
  const marks = (top: number) => [
    ...verticalLine(`capacity: ${cell(capacity)} req/s`, "#6b7280", capacity, top),
    ...verticalLine(`answer: ${answer} req/s`, "#16a34a", answer, top),
  ];
  // A limit is judged at the SLO's percentile: when that is not p99, its curve is drawn too, so the line that crosses the limit is the one the answer rests on.
  const judged = result.percentile !== null && result.percentile !== 99 ? result.percentile : null;
  const atSlo = (
    label: string,
    limit: number | null,
    color: string,
    y: (at: NonNullable<SweepStep["at_slo_percentile"]>) => number | null,
  ) =>
    judged === null || limit === null
      ? []
      : series(curve, byConcurrency, `${label} p${judged} (judged)`, color, (s) =>
          s.at_slo_percentile ? y(s.at_slo_percentile) : null,
        );
  const latencyCurves = [
    ...series(curve, byConcurrency, "TTFT p50", "#2563eb", (s) => s.ttft_p50_ms),
    ...series(curve, byConcurrency, "TTFT p99", "#7c3aed", (s) => s.ttft_p99_ms),
    ...atSlo("TTFT", slo.ttft_ms, "#db2777", (at) => at.ttft_ms),
    ...atSlo("latency", slo.latency_ms, "#ca8a04", (at) => at.latency_ms),
    ...series(curve, byConcurrency, "latency p99", "#0d9488", (s) => s.latency_p99_ms),
    ...limitLine(steps, byConcurrency, "TTFT limit", slo.ttft_ms),
    ...limitLine(steps, byConcurrency, "latency limit", slo.latency_ms, "#f97316"),
    ...points(uncounted, byConcurrency, "not counted: TTFT p99", "#9ca3af", "cross", (s) => s.ttft_p99_ms),
  ];
  const latency = renderChart({
    name: `sweep-latency${suffix}`,
    title: `Latency against ${against}`,
    xLabel,
    yLabel: "ms",
    series: [...latencyCurves, ...marks(tallest(latencyCurves))],
  });
  // TPOT is tens of ms beside latencies of seconds: its SLO gets a chart of its own.
  const tpotCurves =
    slo.tpot_ms === null
      ? []
      : [
          ...series(curve, byConcurrency, "TPOT p50", "#2563eb", (s) => s.tpot_p50_ms),
          ...series(curve, byConcurrency, "TPOT p99", "#7c3aed", (s) => s.tpot_p99_ms),
          ...atSlo("TPOT", slo.tpot_ms, "#db2777", (at) => at.tpot_ms),
          ...limitLine(steps, byConcurrency, "TPOT limit", slo.tpot_ms),
        ];
  const tpot =
    tpotCurves.length === 0
      ? ""
      : renderChart({
          name: `sweep-tpot${suffix}`,
          title: `TPOT against ${against}`,
          xLabel,
          yLabel: "ms",
          series: [...tpotCurves, ...marks(tallest(tpotCurves))],
        });
  const goodputCurves = [
    ...series(curve, byConcurrency, "achieved", "#2563eb", (s) => s.achieved_qps),
    ...series(curve, byConcurrency, "goodput", "#f59e0b", (s) => s.goodput_rps),
    // A search's verdict on each step it judged: met the SLO at its percentile, or not.
    ...points(
      curve.filter((s) => s.passed === true),
      byConcurrency,
      "met the SLO",
      "#16a34a",
      "circle",
      (s) => s.goodput_rps,
    ),
    ...points(
      curve.filter((s) => s.passed === false),
      byConcurrency,
      "missed the SLO",
      "#dc2626",
      "cross",
      (s) => s.goodput_rps,
    ),
    ...points(uncounted, byConcurrency, "not counted: achieved", "#9ca3af", "cross", (s) => s.achieved_qps),
  ];
  const goodput = renderChart({
    name: `sweep-goodput${suffix}`,
    title: `Throughput and goodput against ${against}`,
    xLabel,
    yLabel: "req/s",
    series: [...goodputCurves, ...marks(tallest(goodputCurves))],
  });
  return `${latency}${goodput}${tpot}`;
}

export function renderSweepHtml(result: SweepResult, slo: SweepSlo): string {
  const pairs = result.pairs ?? [];
  const against = result.mode === "concurrencies" ? "concurrency" : "offered load";
  const answer = result.answer?.rate ?? null;
  // A grid's pairs each get their own charts: their latencies and rates are not one curve.
  const charts =
    pairs.length === 0
      ? `<h2>Against ${against}</h2><div class="charts">${againstLoadCharts(result, slo, null)}</div>`
      : pairs
          .map(
            (p) =>
              `<h2>${escapeHtml(p)}: against ${against}</h2><div class="charts">${againstLoadCharts(result, slo, p)}</div>`,
          )
          .join("");
  // The server's own view, when any step scraped it: the queue and the cache say why latency bends.
  const server = result.steps.some((s) => s.server_running_avg != null || s.server_ttft_p99_ms != null);
  const economy = economyColumns(result.steps);
  const head = [
    "step",
    ...(pairs.length > 0 ? ["ISL/OSL"] : []),
    "kind",
    "offered",
    "scheduled req/s",
    "achieved req/s",
    "failed",
    "goodput req/s",
    "attainment %",
    "TTFT p50",
    "TTFT p99",
    "TPOT p50",
    "TPOT p99",
    "latency p99",
    ...economy.map((c) => c.head),
    ...(server ? ["server running avg", "server waiting max", "server KV-cache max", "server TTFT p99"] : []),
    "load generator",
    "passed",
    "note",
  ];
  const rows = result.steps.map((s) => [
    String(s.index),
    ...(pairs.length > 0 ? [s.isl_osl ?? "-"] : []),
    s.kind,
    s.offered === null ? "-" : String(s.offered),
    cell(s.scheduled_qps ?? null),
    cell(s.achieved_qps),
    String(s.n_samples_failed),
    cell(s.goodput_rps),
    cell(s.attainment_pct),
    cell(s.ttft_p50_ms),
    cell(s.ttft_p99_ms),
    cell(s.tpot_p50_ms),
    cell(s.tpot_p99_ms),
    cell(s.latency_p99_ms),
    ...economy.map((c) => cell(c.value(s))),
    ...(server
      ? [
          cell(s.server_running_avg ?? null),
          cell(s.server_waiting_max ?? null),
          cell(s.server_kv_cache_max ?? null),
          cell(s.server_ttft_p99_ms ?? null),
        ]
      : []),
    s.load_generator ?? "-",
    s.passed === null ? "-" : s.passed ? "yes" : "no",
    s.note ?? "",
  ]);
  const headRow = `<tr>${head.map((h) => `<th scope="col">${h}</th>`).join("")}</tr>`;
  const bodyRows = rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`).join("");
  const table = `<table class="percentiles"><thead>${headRow}</thead><tbody>${bodyRows}</tbody></table>`;
  const verdict =
    result.mode !== "find"
      ? ""
      : answer === null
        ? `<p class="bad">No rate met the SLO in ${result.answer?.steps ?? 0} steps.</p>`
        : `<p class="ok">Highest rate meeting the SLO at p${result.percentile}: <strong>${answer} ` +
          `req/s</strong> (${offeredBy(result.answer?.scheduled_qps)}bracket ` +
          `${result.answer?.bracket.join("–")} ` +
          `req/s${result.answer?.converged ? "" : "; not converged within the step limit"}).</p>`;
  const burstNote =
    result.mode === "find" && result.steps.some((s) => s.kind === "max_throughput")
      ? `<p class="subtitle">Note: ${escapeHtml(BURST_CAPACITY_NOTE)}.</p>`
      : "";
  return htmlPage(
    "inference-endpoint sweep",
    `<h1>inference-endpoint sweep</h1>
<p class="subtitle">${escapeHtml(result.mode)} · ${result.steps.length} steps · ${escapeHtml(result.state)}</p>
${verdict}
${burstNote}
${(result.warnings ?? []).map((w) => `<p class="bad">warning: ${escapeHtml(w)}</p>`).join("\n")}
<section id="charts">${charts}</section>
${sweepParetoSection(result)}
<section id="steps"><h2>Steps</h2><div class="scroll">${table}</div></section>`,
  );
}
