/**
 * @module report/html/html-report — report.html: one self-contained page (inline CSS and SVG, no scripts, no network).
 *
 * Sections: summary and run config, percentiles, the server's own metrics, what the requests carried, distributions (CDF +
 * histogram of TTFT, TPOT, ITL, latency, scheduled latency — each only when it has values), the run over time
 * (throughput, in flight, schedule lag), a conversation run's charts by turn index, the
 * per-request latency scatter, and errors. Pure: the
 * summary and the phase's columns in, a string out; charts are downsampled so a 1M-request run
 * still gives a page of a few MB.
 */
import { renderServerTimingTable } from "./server-timing-table.ts";
import { renderRequestContentTable } from "./request-content-table.ts";
import { renderImportTable } from "./import-table.ts";
import type { AccuracyEntry } from "../../accuracy/index.ts";
import { renderAccuracyTable } from "./accuracy-table.ts";
import type { PhaseColumns } from "../../metrics/phase-columns.ts";
import { SortedSeries } from "../../metrics/sorted-series.ts";
import type { ResultSummary } from "../result-summary.ts";
import { renderDistributionCharts } from "./cdf.ts";
import { renderConversationCharts } from "./conversation-charts.ts";
import { renderShardTable } from "./shard-table.ts";
import { renderModelTable } from "./model-table.ts";
import { renderServerMetricsTable } from "./server-metrics-table.ts";
import type { GaugeTimeline } from "../../server-metrics/summary.ts";
import { MAX_CHART_POINTS } from "./downsample.ts";
import { renderErrorTable } from "./error-table.ts";
import { escapeHtml } from "./escape-html.ts";
import { loadPatternType } from "../text-format.ts";
import { distributionValues } from "./metric-values.ts";
import { htmlPage } from "./page-style.ts";
import { renderScatterChart } from "./scatter.ts";
import { renderSummaryTables } from "./summary-tables.ts";
import { renderTimeSeriesCharts } from "./time-series.ts";

export const REPORT_HTML_FILE = "report.html";

/** The MLPerf verdict first, for a run under a ruleset. */
function verdictBanner(s: ResultSummary): string {
  const v = s.result;
  if (!v) return "";
  const reasons = v.reasons.length > 0 ? `<ul>${v.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join("")}</ul>` : "";
  return (
    `<div class="banner verdict ` +
    `${v.valid ? "valid" : "invalid"}"><strong>${v.valid ? "VALID" : "INVALID"}</strong> under ` +
    `${escapeHtml(v.ruleset)}, model ${escapeHtml(v.model)}, priority ` +
    `${escapeHtml(v.priority)}${reasons}</div>\n`
  );
}

function banner(s: ResultSummary): string {
  if (s.state === "interrupted")
    return `<p class="banner">The run was interrupted; results cover only the requests that finished.</p>`;
  if (!s.complete)
    return `<p class="banner">The report is incomplete (run state: ${escapeHtml(s.state)}); numbers may be partial.</p>`;
  return "";
}

function chartsSection(id: string, title: string, charts: string, note: string, wide = false): string {
  if (charts === "") return "";
  return `<section id="${id}"><h2>${title}</h2><p class="note">${note}</p><div class="charts${wide ? " wide" : ""}">${charts}</div></section>`;
}

function loadPatternText(s: ResultSummary): string {
  const type = loadPatternType(s);
  return type === null ? "" : ` · load pattern ${escapeHtml(type)}`;
}

/**
 * The whole report.html for a phase whose window starts at `windowStartNs` (ns since T0).
 * `series`: the sorted series the summary was computed from, so they are not sorted again.
 */
export function renderHtmlReport(
  summary: ResultSummary,
  cols: PhaseColumns,
  windowStartNs: number,
  accuracy: readonly AccuracyEntry[] = [],
  series: SortedSeries = new SortedSeries(cols),
  serverTimeline: GaugeTimeline | null = null,
): string {
  const started = escapeHtml(new Date(summary.test_started_at).toISOString());
  const distributions = distributionValues(series).map(renderDistributionCharts).join("");
  const title = `inference-endpoint report — ${started}`;
  const subtitle =
    `Started ${started} · ${summary.n_samples_issued} requests${loadPatternText(summary)} · ` +
    `inference-endpoint ${escapeHtml(summary.version)}`;
  const tables =
    verdictBanner(summary) +
    banner(summary) +
    renderImportTable(summary.import) +
    renderSummaryTables(summary) +
    renderShardTable(summary.shards) +
    renderModelTable(summary) +
    renderServerMetricsTable(summary.server_metrics, summary.ttft) +
    renderServerTimingTable(summary.server_timing) +
    renderRequestContentTable(summary.request_content) +
    renderAccuracyTable(accuracy);
  const distributionsSection = chartsSection(
    "distributions",
    "Distributions",
    distributions,
    `Successful requests (scheduled latency: all sent requests). Curves are drawn through at most ${MAX_CHART_POINTS} quantiles.`,
  );
  const overTheRun = chartsSection(
    "over-the-run",
    "Over the run",
    renderTimeSeriesCharts(cols, windowStartNs, serverTimeline),
    "Rates per bucket of the performance phase; output tokens are spread over each stream from first token to done.",
  );
  const perRequest = chartsSection(
    "per-request",
    "Per-request latency",
    renderScatterChart(cols, windowStartNs),
    `Each mark is one request (at most ${MAX_CHART_POINTS}, evenly strided); errors are red crosses.`,
    true,
  );
  const nothingRecorded =
    cols.count === 0
      ? `<p class="note">No request of the performance phase was recorded; there is nothing to chart.</p>`
      : "";
  return htmlPage(
    title,
    `<h1>inference-endpoint benchmark report</h1>
<p class="subtitle">${subtitle}</p>
${tables}
${distributionsSection}
${overTheRun}
${renderConversationCharts(summary.conversations)}
${perRequest}
${nothingRecorded}${renderErrorTable(summary)}`,
  );
}
