/**
 * @module report/result-summary — performance/result_summary.json: phase metrics plus run facts, in upstream's key order.
 *
 * Upstream's keys come first and in its order so scripts written for it keep
 * working; our additions follow. Latencies are ns; non-finite numbers are null (strict JSON).
 * Accuracy is deliberately absent (accuracy/accuracy_results.json holds it), and so are
 * endpoint URLs and keys: `runConfig` must already be the redacted run_config block.
 */
import type { ReadSideHealth } from "../metrics/read-side-health.ts";
import type { ServerTimingSummary } from "../metrics/server-timing.ts";
import type { ConversationMetrics } from "../metrics/conversation-metrics.ts";
import { finiteOrNull, scrubNonFinite } from "../metrics/json-numbers.ts";
import type { FinishReasonCounts, TokenCountSource } from "../metrics/phase-tallies.ts";
import type { Rollup } from "../metrics/series-rollup.ts";
import type { LoadGeneratorVerdict } from "../metrics/load-generator-health.ts";
import type { TokenDiscrepancy } from "../metrics/token-discrepancy.ts";
import type { Goodput } from "../metrics/goodput.ts";
import type { GpuCost } from "../metrics/gpu-cost.ts";
import type { InputThroughput } from "../metrics/input-throughput.ts";
import type { PhaseMetrics } from "../metrics/summarize-phase.ts";
import type { TokenSource } from "../record/request-record.ts";
import type { StreamNote } from "../record/stream-notes.ts";
import type { RunVerdict } from "../mlperf/run-verdict.ts";
import type { MergedShards } from "./shard-health.ts";
import type { ServerMetricsSummary } from "../server-metrics/summary.ts";
import type { ServerIdentity } from "../server-metrics/server-identity.ts";
import type { SteadyState } from "../metrics/steady-state/steady-state.ts";
import type { ImportBlock } from "./import-schema.ts";
import type { ClientErrorBound } from "../metrics/client-error-bound.ts";

export type RunState = "complete" | "interrupted" | "failed";

export interface RunInfo {
  version: string;
  /** Short git SHA of the build, null when unknown. */
  gitSha: string | null;
  testStartedAtEpochMs: number;
  state: RunState;
  /** run_config block: load_pattern, warmup, scheduler_random_seed, dataloader_random_seed… */
  runConfig: Record<string, unknown>;
}

export interface ResultSummary {
  version: string;
  git_sha: string | null;
  test_started_at: number;
  n_samples_issued: number;
  n_samples_completed: number;
  n_samples_failed: number;
  duration_ns: number | null;
  state: RunState;
  complete: boolean;
  ttft: Rollup;
  tpot: Rollup;
  latency: Rollup;
  output_sequence_lengths: Rollup;
  input_sequence_lengths: Rollup;
  legacy_loadgen_window_duration_ns: number | null;
  qps: number | null;
  tps: number | null;
  finish_reason_counts: FinishReasonCounts;
  run_config: Record<string, unknown>;
  // ---- ours (not in upstream) ----
  ttfb: Rollup;
  itl: Rollup;
  schedule_lag: Rollup;
  scheduled_latency: Rollup;
  qps_native: number | null;
  tps_native: number | null;
  /** The rate the schedule itself offered, requests/s (a Poisson draw's own rate; null for closed loops). */
  scheduled_qps: number | null;
  /** tps ÷ --gpus (metrics/gpu-cost); null without --gpus. */
  output_tps_per_gpu: number | null;
  /** Tokens/s per user: 1000 ÷ TPOT p50 in ms (metrics/interactivity); null without TPOT. */
  interactivity: number | null;
  token_count_source: TokenCountSource;
  token_count_sources: Partial<Record<TokenSource, number>>;
  error_counts: Record<string, number>;
  error_samples: { kind: string; message: string }[];
  load_generator: LoadGeneratorVerdict | null;
  /**
   * The schedule-lag p99 the verdict judged (concurrency: after the opening burst) and the most it
   * allowed (metrics/load-generator-health); null without a verdict.
   */
  load_generator_lag_p99_ns: number | null;
  load_generator_lag_limit_ns: number | null;
  n_samples_planned: number | null;
  n_samples_dropped: number | null;
  n_samples_delayed: number | null;
  token_count_discrepancy: TokenDiscrepancy | null;
  goodput: Goodput | null;
  /** GPU-hours of the window and $/1M tokens at --gpu-hour-cost (metrics/gpu-cost); null without a price. */
  cost: GpuCost | null;
  /** Attempts retried under `--retries` (rows in events.db besides the counted last attempts). */
  retries: number;
  /** Requests sent again at once on a new connection after a stale kept-alive one (client/send-request); not failures. */
  reconnects: number;
  /** Responses carrying each stream quirk (record/stream-notes), for the quirks that occurred. */
  stream_notes: Partial<Record<StreamNote, number>>;
  /** Per-conversation figures (metrics/conversation-metrics); present only for a conversation run. */
  conversations?: ConversationMetrics;
  /** The MLPerf verdict (mlperf/run-verdict); present only for a run under a ruleset. */
  result?: RunVerdict;
  /** Each shard's schedule keeping (report/shard-health); present only for a merged run. */
  shards?: MergedShards;
  /** The server's own metrics over the window (server-metrics/summary); present when they were scraped. */
  server_metrics?: ServerMetricsSummary;
  /** The verdict on the workers' read side (metrics/read-side-health); present when they sampled their loops. */
  client_read_side?: ReadSideHealth;
  /** How much later than the bytes' arrival the stamps may be, p50 and p99 (metrics/client-error-bound); present when the workers sampled their loops. */
  client_error_bound?: ClientErrorBound;
  /** The server's own per-request figures (metrics/server-timing); present when responses carried any. */
  server_timing?: ServerTimingSummary;
  /** What served the run, as the server said before it (server-metrics/server-identity); present when it said anything. */
  server?: ServerIdentity;
  /** Inputs/s and input tokens/s (metrics/input-throughput); present only for embeddings and rerank, which generate nothing. */
  inputs?: InputThroughput;
  /** The in-flight plateau, its figures and whether the run settled (metrics/steady-state); present for concurrency and rate runs. */
  steady_state?: SteadyState;
  /** The same metrics over each model's requests (report/model-breakdown); present only when the run sent to several. */
  per_model?: Record<string, ModelSummary>;
  /** Another tool's figures beside ours, and why they differ (report/import-figures); present only for an imported run. */
  import?: ImportBlock;
}

/** The metric blocks a model's breakdown repeats: its requests alone, each figure defined as for the whole run. */
export const PER_MODEL_KEYS = [
  "n_samples_issued",
  "n_samples_completed",
  "n_samples_failed",
  "duration_ns",
  "ttft",
  "tpot",
  "latency",
  "output_sequence_lengths",
  "input_sequence_lengths",
  "qps",
  "tps",
  "finish_reason_counts",
  "ttfb",
  "itl",
  "schedule_lag",
  "scheduled_latency",
  "interactivity",
  "token_count_source",
  "error_counts",
  "goodput",
  "inputs",
] as const satisfies readonly (keyof ResultSummary)[];

export type ModelSummary = Pick<ResultSummary, (typeof PER_MODEL_KEYS)[number]>;

/** The per-model blocks of a summary computed over one model's requests; a block the summary lacks (`inputs`) stays out. */
export function modelSummaryOf(summary: ResultSummary): ModelSummary {
  return Object.fromEntries(
    PER_MODEL_KEYS.filter((key) => summary[key] !== undefined).map((key) => [key, summary[key]]),
  ) as ModelSummary;
}

/** Top-level keys of result_summary.json, in order. */
export const RESULT_SUMMARY_KEYS: readonly (keyof ResultSummary)[] = [
  "version",
  "git_sha",
  "test_started_at",
  "n_samples_issued",
  "n_samples_completed",
  "n_samples_failed",
  "duration_ns",
  "state",
  "complete",
  "ttft",
  "tpot",
  "latency",
  "output_sequence_lengths",
  "input_sequence_lengths",
  "legacy_loadgen_window_duration_ns",
  "qps",
  "tps",
  "finish_reason_counts",
  "run_config",
  "ttfb",
  "itl",
  "schedule_lag",
  "scheduled_latency",
  "qps_native",
  "tps_native",
  "scheduled_qps",
  "output_tps_per_gpu",
  "interactivity",
  "token_count_source",
  "token_count_sources",
  "error_counts",
  "error_samples",
  "load_generator",
  "load_generator_lag_p99_ns",
  "load_generator_lag_limit_ns",
  "n_samples_planned",
  "n_samples_dropped",
  "n_samples_delayed",
  "token_count_discrepancy",
  "goodput",
  "cost",
  "retries",
  "reconnects",
  "stream_notes",
];

function scrubRollup(rollup: Rollup): Rollup {
  return scrubNonFinite(rollup) as Rollup;
}

/** The result_summary.json object; `JSON.stringify` keeps its key order. */
export function buildResultSummary(metrics: PhaseMetrics, run: RunInfo): ResultSummary {
  return {
    version: run.version,
    git_sha: run.gitSha,
    test_started_at: finiteOrNull(run.testStartedAtEpochMs) ?? 0,
    n_samples_issued: metrics.nSamplesIssued,
    n_samples_completed: metrics.nSamplesCompleted,
    n_samples_failed: metrics.nSamplesFailed,
    duration_ns: finiteOrNull(metrics.durationNs),
    state: run.state,
    complete: run.state === "complete",
    ttft: scrubRollup(metrics.ttftNs),
    tpot: scrubRollup(metrics.tpotNs),
    latency: scrubRollup(metrics.latencyNs),
    output_sequence_lengths: scrubRollup(metrics.outputSequenceLengths),
    input_sequence_lengths: scrubRollup(metrics.inputSequenceLengths),
    legacy_loadgen_window_duration_ns: finiteOrNull(metrics.legacyLoadgenWindowDurationNs),
    qps: finiteOrNull(metrics.qps),
    tps: finiteOrNull(metrics.tps),
    finish_reason_counts: { ...metrics.finishReasonCounts },
    run_config: scrubNonFinite(run.runConfig) as Record<string, unknown>,
    ttfb: scrubRollup(metrics.ttfbNs),
    itl: scrubRollup(metrics.itlNs),
    schedule_lag: scrubRollup(metrics.scheduleLagNs),
    scheduled_latency: scrubRollup(metrics.scheduledLatencyNs),
    qps_native: finiteOrNull(metrics.qpsNative),
    tps_native: finiteOrNull(metrics.tpsNative),
    scheduled_qps: finiteOrNull(metrics.scheduledQps),
    output_tps_per_gpu: finiteOrNull(metrics.outputTpsPerGpu),
    interactivity: finiteOrNull(metrics.interactivity),
    token_count_source: metrics.tokenCountSource,
    token_count_sources: { ...metrics.tokenCountSources },
    error_counts: { ...metrics.errorCounts },
    error_samples: metrics.errorSamples.map((s) => ({ kind: s.kind, message: s.message })),
    load_generator: metrics.loadGenerator.verdict,
    load_generator_lag_p99_ns: metrics.loadGenerator.lagP99Ns,
    load_generator_lag_limit_ns: metrics.loadGenerator.lagLimitNs,
    n_samples_planned:
      metrics.loadGenerator.dropped === null ? null : metrics.nSamplesIssued + metrics.loadGenerator.dropped,
    n_samples_dropped: metrics.loadGenerator.dropped,
    n_samples_delayed: metrics.loadGenerator.delayed,
    token_count_discrepancy: metrics.tokenCountDiscrepancy ? { ...metrics.tokenCountDiscrepancy } : null,
    goodput: metrics.goodput ? (scrubNonFinite(metrics.goodput) as Goodput) : null,
    cost: metrics.cost ? (scrubNonFinite(metrics.cost) as GpuCost) : null,
    retries: metrics.retries,
    reconnects: metrics.reconnects,
    stream_notes: { ...metrics.streamNotes },
    ...(metrics.inputs ? { inputs: scrubNonFinite(metrics.inputs) as InputThroughput } : {}),
  };
}

/** run_config.load_pattern.type, or null when the config does not say. */
export function loadPatternType(s: Pick<ResultSummary, "run_config">): string | null {
  const lp = s.run_config.load_pattern;
  if (lp === null || typeof lp !== "object") return null;
  const type = (lp as Record<string, unknown>).type;
  return typeof type === "string" ? type : null;
}
