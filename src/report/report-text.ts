/**
 * @module report/report-text — report.txt (upstream's layout) and the console summary, from a ResultSummary.
 *
 * Pure functions returning strings. report.txt = Summary block, Latency Breakdowns (ms for
 * times, tokens for lengths), Errors (when any request failed), End of Report. The console
 * shows only the Summary block plus a few headline percentiles.
 */
import { modelLines } from "./model-text.ts";
import type { ReadSideHealth } from "../metrics/read-side-health.ts";
import { serverTimingLines } from "./server-timing-text.ts";
import { carriedMedia, requestContentLines } from "./request-content-text.ts";
import { steadyStateLines } from "./steady-state-text.ts";
import { importLines } from "./import-text.ts";
import { errorBoundLine } from "./error-bound-text.ts";
import { verdictLines } from "../mlperf/run-verdict.ts";
import { DELAYED_LAG_NS } from "../metrics/load-generator-health.ts";
import { hasValues, type Rollup } from "../metrics/series-rollup.ts";
import { conversationHeadline, conversationLines } from "./conversation-text.ts";
import { shardLines } from "./shard-health.ts";
import { serverMetricsLines } from "./server-metrics-text.ts";
import { serverIdentityLines } from "./server-identity-text.ts";
import type { ResultSummary } from "./result-summary.ts";
import { seriesLines } from "./series-text.ts";
import { gpuCostRows } from "./gpu-cost-text.ts";
import { GENERATION_SERIES, generatesNothing, inputLines } from "./input-text.ts";
import { reasoningTokenRows } from "./reasoning-text.ts";
import {
  droppedLabel,
  fixed2,
  goodputText,
  loadGeneratorFigures,
  nsAsMs,
  NS_PER_S,
  runConfigLines,
  type DisplayUnit,
} from "./text-format.ts";
import { STREAM_NOTES, type StreamNote } from "../record/stream-notes.ts";
import { metricNamed } from "../metrics/metric-names.ts";
import { stateWarning } from "./stop-cause.ts";

export const SUMMARY_HEADER = "----------------- Summary -----------------";
export const SUMMARY_FOOTER = "----------------- End of Summary -----------------";
export const BREAKDOWN_HEADER = "------------------- Latency Breakdowns -------------------";
export const ERRORS_HEADER = "------------------- Errors -------------------";
export const REPORT_FOOTER = "----------------- End of Report -----------------";

/** Summary lines between the header and footer; `stoppedBy` names what ended an interrupted run (report/stop-cause). */
function summaryBody(s: ResultSummary, stoppedBy: string | null): string[] {
  const lines: string[] = [];
  const warning = stateWarning(s.state, stoppedBy);
  if (warning) lines.push(warning);
  // As upstream: the SHA line only when the build knows its commit.
  lines.push(`Version: ${s.version}`, ...(s.git_sha ? [`Git SHA: ${s.git_sha}`] : []));
  if (s.server) lines.push(...serverIdentityLines(s.server));
  const config = runConfigLines(s.run_config);
  if (config.length > 0) lines.push("Run config:", ...config);
  const durationS = s.duration_ns === null ? null : s.duration_ns / NS_PER_S;
  lines.push(
    `Total samples issued: ${s.n_samples_issued}`,
    `Total samples completed: ${s.n_samples_completed}`,
    `Total samples failed: ${s.n_samples_failed}`,
    ...(s.retries > 0
      ? [`Retried attempts: ${s.retries} (not in the counts above: each request counts by its last attempt)`]
      : []),
    ...(s.reconnects > 0
      ? [
          `Reconnects: ${s.reconnects} (the server had closed a kept-alive connection before answering; sent again at once on a new one, not failures)`,
        ]
      : []),
    durationS === null ? "Duration: N/A" : `Duration: ${fixed2(durationS)} seconds`,
    `QPS: ${fixed2(s.qps)}`,
    // The legacy headline counts failures over LoadGen's window: the native figures beside it, on a line of its own so "QPS: x" still parses.
    ...(s.legacy_loadgen_window_duration_ns !== null ? [legacyQpsLine(s)] : []),
    // A Poisson schedule is a draw: its own rate differs from the target by about 1/√n, and QPS follows it, not the target.
    ...(s.scheduled_qps != null
      ? [`Scheduled QPS: ${fixed2(s.scheduled_qps)} (the rate the schedule itself offered: (requests − 1) / its span)`]
      : []),
    ...(generatesNothing(s) ? inputLines(s) : [`TPS: ${fixed2(s.tps)}`]),
    ...gpuCostRows(s).map(([label, text]) => `${label}: ${text}`),
  );
  lines.push(...goodputLines(s), ...loadGeneratorLines(s), ...tokenLines(s), ...streamNoteLines(s));
  return lines;
}

/** Quirks the responses showed that did not make them fail (record/stream-notes). */
/**
 * Upstream warns in its log that a Poisson run's QPS and TPS are LoadGen's legacy ones (deprecated there) and
 * names the flag for its native ones; here the report says it beside the figures, with the native ones.
 */
function legacyQpsLine(s: ResultSummary): string {
  return (
    "QPS and TPS here are MLPerf LoadGen's legacy ones (deprecated upstream): (completed − 1) and output tokens " +
    `over LoadGen's window, failures included; successful requests / duration: ${fixed2(s.qps_native)} QPS, ` +
    `${fixed2(s.tps_native)} TPS (--no-use-legacy-loadgen-qps-metrics reports these)`
  );
}

function streamNoteLines(s: ResultSummary): string[] {
  const notes = Object.entries(s.stream_notes) as [StreamNote, number][];
  if (notes.length === 0) return [];
  return [
    "Stream notes:",
    ...notes.map(([name, count]) => `  ${name}: ${count} responses (${STREAM_NOTES[name].meaning})`),
  ];
}

/** Goodput against the SLO, when the run had one. */
function goodputLines(s: ResultSummary): string[] {
  return s.goodput ? [`Goodput: ${goodputText(s.goodput)}`] : [];
}

function tokenLines(s: ResultSummary): string[] {
  const lines = [
    `Token counts from: ${s.token_count_source}`,
    ...reasoningTokenRows(s).map(([label, text]) => `${label}: ${text}`),
  ];
  const d = s.token_count_discrepancy;
  if (d) {
    lines.push(
      `Tokenizer vs server usage: ${d.mismatched} of ${d.compared} responses differ (mean ` +
        `${fixed2(d.mean_abs_diff_tokens)} tokens, ${fixed2(d.mean_abs_diff_pct)} %, max ` +
        `${d.max_abs_diff_tokens})`,
    );
  }
  return lines;
}

/** The verdict on the workers' read side (metrics/read-side-health): what a stamp may carry of the client's own delay. */
function readSideLine(h: ReadSideHealth): string {
  const figures =
    `event-loop lateness p99 ${fixed2(h.lateness_p99_ms)} ms, max ${fixed2(h.lateness_max_ms)} ms; ` +
    `worker CPU p90 ${Math.round(h.cpu_p90 * 100)} % of a core`;
  if (h.verdict === "ok") return `Client read side: ok (${figures})`;
  const why =
    h.cause === "worker" ? "SATURATED — the workers were busy" : "SATURATED — the host kept the workers waiting";
  return (
    `Client read side: ${why}: TTFT, ITL and latency may include up to ${fixed2(h.bound_ms)} ms of the client's own ` +
    `delay (${figures}); add workers or cores`
  );
}

/** The verdict on the client's own timing (see metrics/load-generator-health.ts). */
function loadGeneratorLines(s: ResultSummary): string[] {
  const lines: string[] = [];
  if (s.load_generator !== null) {
    const verdict =
      s.load_generator === "ok"
        ? "ok"
        : "FELL BEHIND — latencies from the scheduled time (scheduled_latency) are the honest ones";
    lines.push(`Load generator: ${verdict} (${loadGeneratorFigures(s)})`);
  }
  if (s.client_read_side) lines.push(readSideLine(s.client_read_side));
  if (s.client_error_bound) lines.push(errorBoundLine(s.client_error_bound));
  if (s.n_samples_delayed)
    lines.push(`Delayed requests (sent > ${nsAsMs(DELAYED_LAG_NS)} ms late): ${s.n_samples_delayed}`);
  if (s.n_samples_dropped) lines.push(`${droppedLabel(s)}: ${s.n_samples_dropped}`);
  return lines;
}

/**
 * The Latency Breakdowns section's series, in order: upstream's five in its order, then ours; titles and
 * units from metrics/metric-names.
 */
const BREAKDOWN_SERIES: readonly [title: string, key: keyof ResultSummary, unit: DisplayUnit][] = (
  [
    "ttft",
    "tpot",
    "latency",
    "input_sequence_lengths",
    "output_sequence_lengths",
    "ttfo",
    "tpot_answer",
    "ttfb",
    "itl",
    "schedule_lag",
    "scheduled_latency",
    "reasoning_tokens",
    "answer_tokens",
  ] as const
).map((name) => {
  const metric = metricNamed(name);
  return [metric.label, name, metric.unit === "tokens" ? "tokens" : "ms"];
});

function errorLines(s: ResultSummary): string[] {
  const kinds = Object.entries(s.error_counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (kinds.length === 0) return [];
  const lines = [ERRORS_HEADER, "Failed requests by kind:", ...kinds.map(([kind, n]) => `  ${kind}: ${n}`)];
  if (s.error_samples.length > 0) {
    lines.push("Samples:", ...s.error_samples.map((e) => `  [${e.kind}] ${e.message.replace(/\s+/g, " ").trim()}`));
  }
  return lines;
}

/** The full report.txt; `stoppedBy` names what ended an interrupted run (report/stop-cause), null when it is not known. */
export function renderReportText(
  summary: ResultSummary,
  accuracy: readonly string[] = [],
  stoppedBy: string | null = null,
): string {
  const conversations = summary.conversations ? conversationLines(summary.conversations) : [];
  const shards = [
    ...(summary.import ? importLines(summary.import) : []),
    ...(summary.shards ? shardLines(summary.shards) : []),
    ...(summary.server_metrics ? serverMetricsLines(summary.server_metrics, summary.ttft) : []),
    ...(summary.server_timing ? serverTimingLines(summary.server_timing) : []),
    ...(summary.request_content ? requestContentLines(summary.request_content) : []),
    ...modelLines(summary),
    ...(summary.steady_state ? steadyStateLines(summary, summary.steady_state) : []),
  ];
  const lines = [
    ...(summary.result ? [...verdictLines(summary.result), ""] : []),
    SUMMARY_HEADER,
    ...summaryBody(summary, stoppedBy),
    ...shards,
    ...conversations,
    ...accuracy,
    SUMMARY_FOOTER,
    BREAKDOWN_HEADER,
  ];
  // The reasoning series (ttfo, tpot_answer, the token split) are in the summary only when a request reasoned.
  const present = BREAKDOWN_SERIES.filter(([, key]) => summary[key] !== undefined);
  const series = generatesNothing(summary) ? present.filter(([, key]) => !GENERATION_SERIES.has(key)) : present;
  // Each series printed is followed by an empty line, as upstream's.
  for (const [title, key, unit] of series) {
    const block = seriesLines(title, summary[key] as Rollup, unit);
    if (block.length > 0) lines.push(...block, "");
  }
  lines.push(...errorLines(summary), REPORT_FOOTER);
  return `${lines.join("\n")}\n`;
}

/** "TTFT p50/p99: 12.34 / 56.78 ms" for a rollup with values, else nothing. */
function headline(label: string, rollup: Rollup, percentileKeys: readonly string[]): string[] {
  if (!hasValues(rollup)) return [];
  const names = percentileKeys.map((k) => `p${k.replace(/\.0$/, "")}`).join("/");
  const values = percentileKeys.map((k) => nsAsMs(rollup.percentiles[k])).join(" / ");
  return [`${label} ${names}: ${values} ms`];
}

/** What the user sees on stdout: the Summary block plus TTFT, TPOT and latency headlines. */
export function renderConsoleSummary(
  summary: ResultSummary,
  accuracy: readonly string[] = [],
  stoppedBy: string | null = null,
): string {
  const lines = [
    SUMMARY_HEADER,
    ...summaryBody(summary, stoppedBy),
    ...headline(metricNamed("ttft").label, summary.ttft, ["50.0", "99.0"]),
    ...(summary.ttfo ? headline(metricNamed("ttfo").label, summary.ttfo, ["50.0", "99.0"]) : []),
    ...headline(metricNamed("tpot").label, summary.tpot, ["50.0"]),
    ...headline(metricNamed("latency").label, summary.latency, ["50.0", "99.0"]),
    ...(summary.conversations ? [conversationHeadline(summary.conversations)] : []),
    ...(summary.import ? importLines(summary.import) : []),
    ...(summary.shards ? shardLines(summary.shards) : []),
    ...(summary.server_metrics ? serverMetricsLines(summary.server_metrics, summary.ttft) : []),
    ...(summary.server_timing ? serverTimingLines(summary.server_timing) : []),
    // On the console only when the requests carried media: a text run's body size is in report.txt.
    ...(summary.request_content && carriedMedia(summary.request_content)
      ? requestContentLines(summary.request_content)
      : []),
    ...modelLines(summary),
    ...(summary.steady_state ? steadyStateLines(summary, summary.steady_state) : []),
    ...accuracy,
    ...(summary.result ? verdictLines(summary.result) : []),
    SUMMARY_FOOTER,
  ];
  return `${lines.join("\n")}\n`;
}
