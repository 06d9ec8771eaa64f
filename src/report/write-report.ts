/**
 * @module report/write-report — builds every report file of a run from its events.db alone.
 *
 * Used at the end of a run and by `inference-endpoint report DIR`, so a run that crashed or was
 * killed can still be reported. Reads the run's metadata (version, redacted config, state) and
 * the performance phase's rows; writes performance/result_summary.json, report.txt and
 * report.html (charts; see html/html-report.ts), and profiling.json for a `--profile` run.
 */
import { parseExactJson, toExactJson } from "../config/exact-json.ts";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { SloObjectives } from "../metrics/goodput.ts";
import { SortedSeries } from "../metrics/sorted-series.ts";
import { summarizePhase, type PhaseContext } from "../metrics/summarize-phase.ts";
import { modelBreakdown } from "./model-breakdown.ts";
import { EVENTS_DB_FILE } from "../record/events-db.ts";
import type { PhaseColumns } from "../metrics/phase-columns.ts";
import { openEventsDbReadonly, readPhaseColumns, readPhases, readRunMeta } from "../metrics/read-phase.ts";
import { readReadSideHealth } from "../metrics/read-side-health.ts";
import { errorBoundOf } from "./error-bound-of.ts";
import { readServerTimingRows, summarizeServerTiming } from "../metrics/server-timing.ts";
import { readInputTokenComparison, summarizeRequestContent } from "../metrics/request-content.ts";
import { conversationMetrics } from "../metrics/conversation-metrics.ts";
import { conversationWindow } from "../metrics/conversation-window.ts";
import { CONVERSATIONS_META_KEY, parseStoredTrajectories, readTurnRows } from "../record/read-conversations.ts";
import { renderHtmlReport, REPORT_HTML_FILE } from "./html/html-report.ts";
import { accuracyLines, type AccuracyEntry } from "../accuracy/index.ts";
import { renderReportText } from "./report-text.ts";
import { PROFILING_META_KEY, type ProfilingRecord } from "../profiling/profiler-triggers.ts";
import { PROFILING_JSON_FILE, profilingLines } from "../profiling/profiling-text.ts";
import { buildResultSummary, type ResultSummary, type RunInfo, type RunState } from "./result-summary.ts";
import { runVerdict, type SubmissionSettings } from "../mlperf/run-verdict.ts";
import { SHARD_HEALTH_META_KEY, type MergedShards } from "./shard-health.ts";
import {
  gaugeTimeline,
  SERVER_METRICS_BOUNDS_META_KEY,
  SERVER_METRICS_URL_META_KEY,
  SUMMARY_METRIC_NAMES,
  summarizeServerMetrics,
  type GaugeTimeline,
  type ScrapeBounds,
} from "../server-metrics/summary.ts";
import { SERVER_IDENTITY_META_KEY, type ServerIdentity } from "../server-metrics/server-identity.ts";
import { loadPatternSpec } from "../load-pattern/load-patterns.ts";
import { scrubNonFinite } from "../metrics/json-numbers.ts";
import { steadyStateOf, type SteadyState } from "../metrics/steady-state/steady-state.ts";
import { readScrapeCounts, readServerMetricRows, readWarmupFirstTokens } from "../server-metrics/read-samples.ts";
import { stopCause } from "./stop-cause.ts";
import { importBlock } from "./import-figures.ts";
import { IMPORT_META_KEY, StoredImportSchema } from "./import-schema.ts";

const PERFORMANCE_PHASE = "performance";
/** Runs with a plateau to find: a closed loop's slots, or an open loop's rate (a burst only drains). */
const RESULT_SUMMARY_FILE = join("performance", "result_summary.json");
const REPORT_TEXT_FILE = "report.txt";
export { REPORT_HTML_FILE };

/** Run facts stored in events.db's `run` table by the session. */
export interface StoredRunConfig {
  load_pattern: {
    type: string;
    target_qps?: number | null;
    target_concurrency?: number | null;
    use_legacy_loadgen_qps_metrics?: boolean;
  };
  early_stopping: boolean;
  /** model_params.streaming is on (absent in runs recorded before it was stored: taken as on). */
  streaming?: boolean;
  run_config: Record<string, unknown>;
  slo?: SloObjectives | null;
  /** GPUs serving the endpoint and USD per GPU-hour (absent in runs recorded before they were stored). */
  gpus?: number | null;
  gpu_hour_cost_usd?: number | null;
  /** The ruleset, model and priority the run is judged by (mlperf/rules-submission), when it has one. */
  submission?: SubmissionSettings | null;
}

function parseState(value: string | undefined): RunState {
  return value === "complete" || value === "failed" ? value : "interrupted";
}

/** The performance phase as read from events.db: its summary, its columns and its window start. */
interface PerformancePhase {
  summary: ResultSummary;
  cols: PhaseColumns;
  /** The sorted series the summary was computed from (report.html reuses them). */
  series: SortedSeries;
  windowStartNs: number;
  /** Accuracy results the run stored (empty when it scored nothing). */
  accuracy: AccuracyEntry[];
  /** The profiler triggers of a `--profile` run, else null. */
  profiling: ProfilingRecord | null;
  /** The server's known gauges over the run, when they were scraped. */
  serverTimeline: GaugeTimeline | null;
  /** What ended the run early, as report.txt names it (report/stop-cause); null when it was not interrupted. */
  stoppedBy: string | null;
}

/** What the reports of a run hold, for the console. */
interface WrittenReport {
  summary: ResultSummary;
  accuracy: AccuracyEntry[];
  /** What ended the run early, as report.txt names it; null when it was not interrupted. */
  stoppedBy: string | null;
}

/** Reads events.db once and summarises the performance phase. */
function readPerformancePhase(reportDir: string): PerformancePhase {
  const db = openEventsDbReadonly(join(reportDir, EVENTS_DB_FILE));
  try {
    const meta = readRunMeta(db);
    const stored = parseExactJson(meta.report_config ?? "null") as StoredRunConfig | null;
    const phase = readPhases(db).find((p) => p.name === PERFORMANCE_PHASE);
    const trajectories = parseStoredTrajectories(meta[CONVERSATIONS_META_KEY]);
    const turns = trajectories ? readTurnRows(db, PERFORMANCE_PHASE) : [];
    const window = trajectories ? conversationWindow(trajectories.starts, turns) : null;
    const cols = readPhaseColumns(db, PERFORMANCE_PHASE, window?.untracked);
    const windowStartNs = phase?.start_ns ?? 0;
    const series = new SortedSeries(cols);
    const context: PhaseContext = {
      windowStartNs,
      loadPatternType: stored?.load_pattern.type ?? "max_throughput",
      useLegacyQps: stored?.load_pattern.use_legacy_loadgen_qps_metrics ?? true,
      earlyStopping: stored?.early_stopping ?? true,
      streaming: stored?.streaming ?? true,
      plannedCount: phase ? phase.planned - (window?.untracked.size ?? 0) : null,
      slo: stored?.slo ?? null,
      gpus: stored?.gpus ?? null,
      gpuHourCostUsd: stored?.gpu_hour_cost_usd ?? null,
    };
    const metrics = summarizePhase(cols, context, series);
    const run: RunInfo = {
      version: meta.tool_version ?? "unknown",
      gitSha: meta.git_sha ?? null,
      testStartedAtEpochMs: Number(meta.t0_epoch_ms ?? 0),
      state: parseState(meta.state),
      runConfig: stored?.run_config ?? {},
    };
    const summary = buildResultSummary(metrics, run);

    if (trajectories && window)
      summary.conversations = {
        ...conversationMetrics(Uint32Array.from(trajectories.starts), turns),
        untracked_turns: window.untracked.size,
      };
    const readSide = readReadSideHealth(db, PERFORMANCE_PHASE, windowStartNs, phase?.end_ns ?? Number.MAX_SAFE_INTEGER);
    if (readSide) summary.client_read_side = readSide;
    const bound =
      readSide &&
      errorBoundOf(db, meta, windowStartNs, phase?.end_ns ?? Number.MAX_SAFE_INTEGER, readSide.verdict, summary, cols);
    if (bound) summary.client_error_bound = bound;
    const serverTiming = summarizeServerTiming(readServerTimingRows(db, PERFORMANCE_PHASE));
    if (serverTiming) summary.server_timing = serverTiming;
    const content = summarizeRequestContent(cols, readInputTokenComparison(db, PERFORMANCE_PHASE));
    if (content) summary.request_content = content;
    if (stored?.submission) summary.result = runVerdict(summary, stored.submission);
    if (meta[SERVER_IDENTITY_META_KEY]) summary.server = JSON.parse(meta[SERVER_IDENTITY_META_KEY]) as ServerIdentity;
    if (meta[SHARD_HEALTH_META_KEY]) summary.shards = JSON.parse(meta[SHARD_HEALTH_META_KEY]) as MergedShards;
    const metricsUrl = meta[SERVER_METRICS_URL_META_KEY];
    let serverTimeline: GaugeTimeline | null = null;
    if (metricsUrl) {
      const [start, end] = [phase?.start_ns ?? 0, phase?.end_ns ?? Number.MAX_SAFE_INTEGER];
      const rows = readServerMetricRows(db, SUMMARY_METRIC_NAMES);
      const bounds = meta[SERVER_METRICS_BOUNDS_META_KEY]
        ? (JSON.parse(meta[SERVER_METRICS_BOUNDS_META_KEY]) as ScrapeBounds)
        : undefined;
      summary.server_metrics = summarizeServerMetrics(
        rows,
        start,
        end,
        readScrapeCounts(db, start, end),
        metricsUrl,
        bounds,
        readWarmupFirstTokens(db),
      );
      serverTimeline = gaugeTimeline(rows);
    }
    const perModel = modelBreakdown(db, PERFORMANCE_PHASE, context, run);
    if (perModel) summary.per_model = perModel;
    const patternType = stored?.load_pattern.type ?? "max_throughput";
    if (loadPatternSpec(patternType)?.steadyState) {
      const steady = steadyStateOf(cols, { waiting: serverTimeline?.waiting ?? null, slo: stored?.slo ?? null });
      if (steady) summary.steady_state = scrubNonFinite(steady) as SteadyState;
    }
    const imported = meta[IMPORT_META_KEY];
    if (imported) summary.import = importBlock(StoredImportSchema.parse(JSON.parse(imported)), summary);
    const accuracy = JSON.parse(meta.accuracy_results ?? "[]") as AccuracyEntry[];
    const profiling = meta[PROFILING_META_KEY] ? (JSON.parse(meta[PROFILING_META_KEY]) as ProfilingRecord) : null;
    const stoppedBy = summary.state === "interrupted" ? stopCause(meta) : null;
    return { summary, cols, series, windowStartNs, accuracy, profiling, serverTimeline, stoppedBy };
  } finally {
    db.close();
  }
}

/** A run's result_summary from its events.db, writing nothing (report merge summarises each shard). */
export function summarizeRunDir(reportDir: string): ResultSummary {
  return readPerformancePhase(reportDir).summary;
}

/** Writes result_summary.json, report.txt and report.html; returns what the console shows. */
export function writeReportFiles(reportDir: string): WrittenReport {
  const { summary, cols, series, windowStartNs, accuracy, profiling, serverTimeline, stoppedBy } =
    readPerformancePhase(reportDir);
  mkdirSync(join(reportDir, "performance"), { recursive: true });
  writeFileSync(join(reportDir, RESULT_SUMMARY_FILE), `${toExactJson(summary, 2)}\n`);
  const profilingText = profiling ? `${profilingLines(profiling).join("\n")}\n` : "";
  writeFileSync(
    join(reportDir, REPORT_TEXT_FILE),
    renderReportText(summary, accuracyLines(accuracy), stoppedBy) + profilingText,
  );
  if (profiling) writeFileSync(join(reportDir, PROFILING_JSON_FILE), `${JSON.stringify(profiling, null, 2)}\n`);
  writeFileSync(
    join(reportDir, REPORT_HTML_FILE),
    renderHtmlReport(summary, cols, windowStartNs, accuracy, series, serverTimeline),
  );
  return { summary, accuracy, stoppedBy };
}
