/**
 * @module report/html/summary-tables — the page's summary, percentile and run-config tables.
 *
 * Numbers come from the ResultSummary (the same values as result_summary.json and report.txt);
 * times are shown in ms, throughput per second, missing values as "N/A". Every string from the
 * data (config values, versions) is escaped.
 */
import { GENERATION_SERIES, generatesNothing, inputRows } from "../input-text.ts";
import { DELAYED_LAG_NS } from "../../metrics/load-generator-health.ts";
import { hasValues } from "../../metrics/series-rollup.ts";
import type { ResultSummary } from "../result-summary.ts";
import {
  droppedLabel,
  fixed2,
  goodputText,
  loadGeneratorFigures,
  loadPatternType,
  nsAsMs,
  NS_PER_S,
} from "../text-format.ts";
import { escapeHtml, escapeValue } from "./escape-html.ts";
import { displayUnitOf, metricNamed } from "../../metrics/metric-names.ts";
import { serverIdentityText, serverSettingsText } from "../server-identity-text.ts";
import { gpuCostRows } from "../gpu-cost-text.ts";
import { steadyStateRows } from "../steady-state-text.ts";
import { errorBoundText } from "../error-bound-text.ts";
import { reasoningTokenRows } from "../reasoning-text.ts";

type Row = [label: string, valueHtml: string];

function table(rows: readonly Row[], className: string): string {
  const body = rows
    .map(([label, value]) => `<tr><th scope="row">${escapeHtml(label)}</th><td>${value}</td></tr>`)
    .join("");
  return `<table class="${className}"><tbody>${body}</tbody></table>`;
}

function verdictHtml(s: ResultSummary): string {
  if (s.load_generator === null) {
    return loadPatternType(s) === "max_throughput"
      ? "N/A (max_throughput has no schedule to keep)"
      : "N/A (no requests sent)";
  }
  const detail = ` (${loadGeneratorFigures(s)})`;
  if (s.load_generator === "ok") return `<span class="ok">ok</span>${detail}`;
  return `<span class="bad">fell behind</span>${detail} — latencies from the scheduled time (scheduled latency) are the honest ones`;
}

/** The read side's verdict (metrics/read-side-health) with its figures. */
function readSideHtml(h: NonNullable<ResultSummary["client_read_side"]>): string {
  const figures =
    ` (event-loop lateness p99 ${fixed2(h.lateness_p99_ms)} ms, max ${fixed2(h.lateness_max_ms)} ms; ` +
    `worker CPU p90 ${Math.round(h.cpu_p90 * 100)} % of a core)`;
  if (h.verdict === "ok") return `<span class="ok">ok</span>${figures}`;
  const label =
    h.cause === "worker" ? "saturated (the workers were busy)" : "saturated (the host kept the workers waiting)";
  return `<span class="bad">${label}</span>${figures} — TTFT, ITL and latency may include up to ${fixed2(h.bound_ms)} ms of the client's own delay`;
}

/** Rows of the summary table, values already escaped. */
export function summaryRows(s: ResultSummary): Row[] {
  const rows: Row[] = [
    [
      "State",
      s.complete ? `<span class="ok">${escapeHtml(s.state)}</span>` : `<span class="bad">${escapeHtml(s.state)}</span>`,
    ],
    ["Requests issued", String(s.n_samples_issued)],
    ["Requests completed", String(s.n_samples_completed)],
    ["Requests failed", s.n_samples_failed > 0 ? `<span class="bad">${s.n_samples_failed}</span>` : "0"],
  ];
  if (s.n_samples_planned !== null) rows.push(["Requests planned", String(s.n_samples_planned)]);
  if (s.n_samples_dropped) rows.push([droppedLabel(s), `<span class="bad">${s.n_samples_dropped}</span>`]);
  if (s.n_samples_delayed !== null)
    rows.push([`Requests delayed (> ${nsAsMs(DELAYED_LAG_NS)} ms late)`, String(s.n_samples_delayed)]);
  rows.push(
    ["Duration", s.duration_ns === null ? "N/A" : `${fixed2(s.duration_ns / NS_PER_S)} s`],
    ...(s.legacy_loadgen_window_duration_ns !== null
      ? ([
          ["QPS (MLPerf LoadGen legacy: (completed − 1) / window, failures included)", fixed2(s.qps)],
          ["QPS (successful requests / duration)", fixed2(s.qps_native)],
        ] as [string, string][])
      : ([["QPS", fixed2(s.qps)]] as [string, string][])),
    ...(s.scheduled_qps != null ? ([["QPS the schedule offered", fixed2(s.scheduled_qps)]] as [string, string][]) : []),
    ...(generatesNothing(s)
      ? inputRows(s).map(([label, text]): Row => [label, escapeHtml(text)])
      : ([["Output tok/s", fixed2(s.tps)]] as Row[])),
    ...reasoningTokenRows(s).map(([label, text]): Row => [label, escapeHtml(text)]),
    ...gpuCostRows(s).map(([label, text]): Row => [label, escapeHtml(text)]),
    ...(s.goodput ? [["Goodput", escapeHtml(goodputText(s.goodput))] as [string, string]] : []),
    ...(s.steady_state
      ? steadyStateRows(s, s.steady_state).map(([label, text]): Row => [label, escapeHtml(text)])
      : []),
    ["Load generator", verdictHtml(s)],
    ...(s.client_read_side ? [["Client read side", readSideHtml(s.client_read_side)] as [string, string]] : []),
    ...(s.client_error_bound
      ? [["Client error bound", escapeHtml(errorBoundText(s.client_error_bound))] as [string, string]]
      : []),
    ["Token counts from", escapeHtml(s.token_count_source)],
    ["Version", `${escapeHtml(s.version)} (${escapeHtml(s.git_sha ?? "unknown")})`],
    ...(s.server ? ([["Server", escapeHtml(serverIdentityText(s.server))]] as Row[]) : []),
    ...(s.server && serverSettingsText(s.server)
      ? ([["Server settings", escapeHtml(serverSettingsText(s.server))]] as Row[])
      : []),
    ["Started at", escapeHtml(new Date(s.test_started_at).toISOString())],
  );
  return rows;
}

/** run_config flattened to dotted keys: {load_pattern: {type: "poisson"}} → ["load_pattern.type", "poisson"]. */
export function flattenConfig(config: Record<string, unknown>, prefix = ""): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const [key, value] of Object.entries(config)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === "object" && !Array.isArray(value))
      out.push(...flattenConfig(value as Record<string, unknown>, path));
    else out.push([path, value]);
  }
  return out;
}

const PERCENTILE_COLUMNS: readonly [string, string][] = [
  ["p50", "50.0"],
  ["p90", "90.0"],
  ["p99", "99.0"],
  ["p99.9", "99.9"],
];

type PercentileSeries =
  | "ttft"
  | "ttfo"
  | "tpot"
  | "tpot_answer"
  | "itl"
  | "latency"
  | "scheduled_latency"
  | "schedule_lag";

function percentileRow(name: PercentileSeries, s: ResultSummary): string {
  const metric = metricNamed(name);
  const label = metric.label;
  const unit = displayUnitOf(metric);
  const rollup = s[name] ?? {};
  if (!hasValues(rollup)) return `<tr><th scope="row">${label}</th><td colspan="7">no values</td></tr>`;
  const cells = [rollup.min, rollup.avg, ...PERCENTILE_COLUMNS.map(([, key]) => rollup.percentiles[key]), rollup.max];
  return `<tr><th scope="row">${label} (${unit})</th>${cells.map((v) => `<td>${nsAsMs(v)}</td>`).join("")}</tr>`;
}

/** Summary, percentiles and run config as HTML. */
export function renderSummaryTables(s: ResultSummary): string {
  const head = ["min", "mean", ...PERCENTILE_COLUMNS.map(([label]) => label), "max"]
    .map((h) => `<th scope="col">${h}</th>`)
    .join("");
  const series = [
    "ttft",
    "ttfo",
    "tpot",
    "tpot_answer",
    "itl",
    "latency",
    "scheduled_latency",
    "schedule_lag",
  ] as const;
  // Embeddings and rerank generate nothing: no TTFT, TPOT or ITL row (report/input-text); TTFO and TPOT over the answer only when a request reasoned.
  const percentiles = series
    .filter((name) => s[name] !== undefined)
    .filter((name) => !generatesNothing(s) || !GENERATION_SERIES.has(name))
    .map((name) => percentileRow(name, s))
    .join("");
  const config = flattenConfig(s.run_config).map(([k, v]): Row => [k, escapeValue(v)]);
  return (
    `<section class="tables" id="summary"><div><h2>Summary</h2>${table(summaryRows(s), "summary")}</div>` +
    `<div><h2>Run config</h2>${config.length > 0 ? table(config, "config") : "<p>none recorded</p>"}</div></section>` +
    `<section id="percentiles"><h2>Percentiles</h2><table ` +
    `class="percentiles"><thead><tr><th></th>${head}</tr></thead><tbody>${percentiles}</tbody></table></section>`
  );
}
