/**
 * @module report/result-summary — performance/result_summary.json: each key declared once, its shape and where its value comes from.
 *
 * SUMMARY_FIELDS is the one declaration: a key's zod schema and, for the keys the phase's metrics
 * give, how its value is built. The ResultSummary type, the order of the keys, the builder and
 * the JSON Schema (src/report/result-summary.schema.json, by scripts/make-summary-schema.ts) all
 * follow from it, so adding a key is one entry here (and its test). A block another module
 * computes (`steady_state`, `server_metrics`, …) declares its shape there, beside the code that
 * fills it, and report/write-report sets it after the build. Upstream's keys come first and in
 * its order so scripts written for it keep working; our additions follow. Latencies are ns;
 * non-finite numbers are null (strict JSON). Accuracy is deliberately absent
 * (accuracy/accuracy_results.json holds it), and so are endpoint URLs and keys: `runConfig` must
 * already be the redacted run_config block.
 */
import { z } from "zod";
import { ConversationMetricsSchema } from "../metrics/conversation-metrics.ts";
import { GoodputSchema } from "../metrics/goodput.ts";
import { GpuCostSchema } from "../metrics/gpu-cost.ts";
import { InputThroughputSchema } from "../metrics/input-throughput.ts";
import { finiteOrNull, scrubNonFinite } from "../metrics/json-numbers.ts";
import { LoadGeneratorVerdictSchema } from "../metrics/load-generator-health.ts";
import { FINISH_REASONS } from "../metrics/phase-tallies.ts";
import { RequestContentSummarySchema } from "../metrics/request-content.ts";
import { ReadSideHealthSchema } from "../metrics/read-side-health.ts";
import { ClientErrorBoundSchema } from "../metrics/client-error-bound.ts";
import { type Rollup, RollupSchema } from "../metrics/series-rollup.ts";
import { ServerTimingSummarySchema } from "../metrics/server-timing.ts";
import { SteadyStateSchema } from "../metrics/steady-state/steady-state.ts";
import type { PhaseMetrics } from "../metrics/summarize-phase.ts";
import { TokenDiscrepancySchema } from "../metrics/token-discrepancy.ts";
import { RunVerdictSchema } from "../mlperf/run-verdict.ts";
import { STREAM_NOTE_NAMES, type StreamNote } from "../record/stream-notes.ts";
import { ServerIdentitySchema } from "../server-metrics/server-identity.ts";
import { ServerMetricsSummarySchema } from "../server-metrics/summary-block.ts";
import { MergedShardsSchema } from "./shard-health.ts";
import { ImportBlockSchema } from "./import-schema.ts";

const RUN_STATES = ["complete", "interrupted", "failed"] as const;
export type RunState = (typeof RUN_STATES)[number];

export interface RunInfo {
  version: string;
  /** Short git SHA of the build, null when unknown. */
  gitSha: string | null;
  testStartedAtEpochMs: number;
  state: RunState;
  /** run_config block: load_pattern, warmup, scheduler_random_seed, dataloader_random_seed… */
  runConfig: Record<string, unknown>;
}

const num = z.number().nullable();
const count = z.number().int().min(0);
const TOKEN_SOURCES = ["server_usage", "tokenizer", "chunk_count", "none"] as const;

/** A key the phase's metrics give: its shape, and its value (checked against the shape when this compiles). */
const field = <S extends z.ZodType>(schema: S, value: (m: PhaseMetrics, run: RunInfo) => z.output<S>) => ({
  schema,
  value,
});
/** A key another module fills after the build (report/write-report): its shape only. */
const block = <S extends z.ZodType>(schema: S) => ({ schema, value: null });
const rollup = (pick: (m: PhaseMetrics) => Rollup) => field(RollupSchema, (m) => scrubNonFinite(pick(m)) as Rollup);

/** Every key of result_summary.json but `per_model`, in the file's order. */
const SUMMARY_FIELDS = {
  version: field(z.string(), (_, run) => run.version),
  git_sha: field(z.string().nullable(), (_, run) => run.gitSha),
  test_started_at: field(z.number(), (_, run) => finiteOrNull(run.testStartedAtEpochMs) ?? 0),
  n_samples_issued: field(count, (m) => m.nSamplesIssued),
  n_samples_completed: field(count, (m) => m.nSamplesCompleted),
  n_samples_failed: field(count, (m) => m.nSamplesFailed),
  duration_ns: field(num, (m) => finiteOrNull(m.durationNs)),
  state: field(z.enum(RUN_STATES), (_, run) => run.state),
  complete: field(z.boolean(), (_, run) => run.state === "complete"),
  ttft: rollup((m) => m.ttftNs),
  tpot: rollup((m) => m.tpotNs),
  latency: rollup((m) => m.latencyNs),
  output_sequence_lengths: rollup((m) => m.outputSequenceLengths),
  input_sequence_lengths: rollup((m) => m.inputSequenceLengths),
  legacy_loadgen_window_duration_ns: field(num, (m) => finiteOrNull(m.legacyLoadgenWindowDurationNs)),
  qps: field(num, (m) => finiteOrNull(m.qps)),
  tps: field(num, (m) => finiteOrNull(m.tps)),
  finish_reason_counts: field(
    z.strictObject(
      Object.fromEntries(FINISH_REASONS.map((r) => [r, count])) as Record<
        (typeof FINISH_REASONS)[number],
        typeof count
      >,
    ),
    (m) => ({ ...m.finishReasonCounts }),
  ),
  run_config: field(
    z.record(z.string(), z.unknown()),
    (_, run) => scrubNonFinite(run.runConfig) as Record<string, unknown>,
  ),
  // ---- ours (not in upstream) ----
  ttfb: rollup((m) => m.ttfbNs),
  itl: rollup((m) => m.itlNs),
  schedule_lag: rollup((m) => m.scheduleLagNs),
  scheduled_latency: rollup((m) => m.scheduledLatencyNs),
  qps_native: field(num, (m) => finiteOrNull(m.qpsNative)),
  tps_native: field(num, (m) => finiteOrNull(m.tpsNative)),
  /** The rate the schedule itself offered, requests/s (a Poisson draw's own rate; null for closed loops). */
  scheduled_qps: field(num, (m) => finiteOrNull(m.scheduledQps)),
  /** tps ÷ --gpus (metrics/gpu-cost); null without --gpus. */
  output_tps_per_gpu: field(num, (m) => finiteOrNull(m.outputTpsPerGpu)),
  /** Tokens/s per user: 1000 ÷ TPOT p50 in ms (metrics/interactivity); null without TPOT. */
  interactivity: field(num, (m) => finiteOrNull(m.interactivity)),
  token_count_source: field(z.enum([...TOKEN_SOURCES, "mixed"]), (m) => m.tokenCountSource),
  token_count_sources: field(z.partialRecord(z.enum(TOKEN_SOURCES), count), (m) => ({ ...m.tokenCountSources })),
  error_counts: field(z.record(z.string(), count), (m) => ({ ...m.errorCounts })),
  error_samples: field(z.array(z.strictObject({ kind: z.string(), message: z.string() })), (m) =>
    m.errorSamples.map((s) => ({ kind: s.kind, message: s.message })),
  ),
  load_generator: field(LoadGeneratorVerdictSchema.nullable(), (m) => m.loadGenerator.verdict),
  /** The schedule-lag p99 the verdict judged (concurrency: after the opening burst); null without a verdict. */
  load_generator_lag_p99_ns: field(z.number().nullable(), (m) => m.loadGenerator.lagP99Ns),
  /** The most lag the verdict allowed (metrics/load-generator-health); null without a verdict. */
  load_generator_lag_limit_ns: field(count.nullable(), (m) => m.loadGenerator.lagLimitNs),
  n_samples_planned: field(count.nullable(), (m) =>
    m.loadGenerator.dropped === null ? null : m.nSamplesIssued + m.loadGenerator.dropped,
  ),
  n_samples_dropped: field(count.nullable(), (m) => m.loadGenerator.dropped),
  n_samples_delayed: field(count.nullable(), (m) => m.loadGenerator.delayed),
  token_count_discrepancy: field(TokenDiscrepancySchema.nullable(), (m) =>
    m.tokenCountDiscrepancy ? { ...m.tokenCountDiscrepancy } : null,
  ),
  goodput: field(GoodputSchema.nullable(), (m) => (m.goodput ? (scrubNonFinite(m.goodput) as typeof m.goodput) : null)),
  /** GPU-hours of the window and $/1M tokens at --gpu-hour-cost (metrics/gpu-cost); null without a price. */
  cost: field(GpuCostSchema.nullable(), (m) => (m.cost ? (scrubNonFinite(m.cost) as typeof m.cost) : null)),
  /** Attempts retried under `--retries` (rows in events.db besides the counted last attempts). */
  retries: field(count, (m) => m.retries),
  /** Requests sent again at once on a new connection after a stale kept-alive one (client/send-request); not failures. */
  reconnects: field(count, (m) => m.reconnects),
  /** Responses carrying each stream quirk (record/stream-notes), for the quirks that occurred. */
  stream_notes: field(z.partialRecord(z.enum(STREAM_NOTE_NAMES as [StreamNote, ...StreamNote[]]), count), (m) => ({
    ...m.streamNotes,
  })),
  /** Per-conversation figures (metrics/conversation-metrics); present only for a conversation run. */
  conversations: block(ConversationMetricsSchema.optional()),
  /** The MLPerf verdict (mlperf/run-verdict); present only for a run under a ruleset. */
  result: block(RunVerdictSchema.optional()),
  /** Each shard's schedule keeping (report/shard-health); present only for a merged run. */
  shards: block(MergedShardsSchema.optional()),
  /** The verdict on the workers' read side (metrics/read-side-health); present when they sampled their loops. */
  client_read_side: block(ReadSideHealthSchema.optional()),
  /** How much later than the bytes' arrival the stamps may be, p50 and p99 (metrics/client-error-bound); present when the workers sampled their loops. */
  client_error_bound: block(ClientErrorBoundSchema.optional()),
  /** The server's own per-request figures (metrics/server-timing); present when responses carried any. */
  server_timing: block(ServerTimingSummarySchema.optional()),
  /** The server's own metrics over the window (server-metrics/summary); present when they were scraped. */
  server_metrics: block(ServerMetricsSummarySchema.optional()),
  /** Time to the first output that is not reasoning (metrics/request-values); present only when a request reasoned. */
  ttfo: field(RollupSchema.optional(), (m) =>
    m.reasoning ? (scrubNonFinite(m.reasoning.ttfoNs) as Rollup) : undefined,
  ),
  /** TPOT over the answer's tokens after its first chunk; present only when a request reasoned. */
  tpot_answer: field(RollupSchema.optional(), (m) =>
    m.reasoning ? (scrubNonFinite(m.reasoning.tpotAnswerNs) as Rollup) : undefined,
  ),
  /** Reasoning tokens per request (usage's reasoning_tokens, else the tokenizer's, else the chunks'); present only when a request reasoned. */
  reasoning_tokens: field(RollupSchema.optional(), (m) =>
    m.reasoning ? (scrubNonFinite(m.reasoning.reasoningTokens) as Rollup) : undefined,
  ),
  /** Output tokens less reasoning tokens per request; present only when a request reasoned. */
  answer_tokens: field(RollupSchema.optional(), (m) =>
    m.reasoning ? (scrubNonFinite(m.reasoning.answerTokens) as Rollup) : undefined,
  ),
  /** Inputs/s and input tokens/s (metrics/input-throughput); present only for embeddings and rerank, which generate nothing. */
  inputs: field(InputThroughputSchema.optional(), (m) =>
    m.inputs ? (scrubNonFinite(m.inputs) as typeof m.inputs) : undefined,
  ),
  /** The in-flight plateau, its figures and whether the run settled (metrics/steady-state); present for concurrency and rate runs. */
  steady_state: block(SteadyStateSchema.optional()),
  /** Images, audio seconds, videos and bytes per request, input tokens beside the tokenizer's (metrics/request-content). */
  request_content: block(RequestContentSummarySchema.optional()),
  /** What served the run, as the server said before it (server-metrics/server-identity); present when it said anything. */
  server: block(ServerIdentitySchema.optional()),
  /** Another tool's figures beside ours, and why they differ (report/import-figures); present only for an imported run. */
  import: block(ImportBlockSchema.optional()),
};

type Fields = typeof SUMMARY_FIELDS;
type Key = keyof Fields;

const SummaryBlocksSchema = z.strictObject(
  Object.fromEntries(Object.entries(SUMMARY_FIELDS).map(([key, f]) => [key, f.schema])) as {
    [K in Key]: Fields[K]["schema"];
  },
);

/** The metric blocks a model's breakdown repeats: its requests alone, each figure defined as for the whole run. */
const PER_MODEL_KEYS = [
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
  "ttfo",
  "tpot_answer",
  "reasoning_tokens",
  "answer_tokens",
] as const satisfies readonly Key[];

type PerModelMask = { [K in (typeof PER_MODEL_KEYS)[number]]: true };

/** The shape of result_summary.json; `per_model` is present only for a run that sent to several models (report/model-breakdown). */
export const ResultSummarySchema = SummaryBlocksSchema.extend({
  per_model: z
    .record(
      z.string(),
      SummaryBlocksSchema.pick(Object.fromEntries(PER_MODEL_KEYS.map((k) => [k, true])) as PerModelMask),
    )
    .optional(),
});

export type ResultSummary = z.infer<typeof ResultSummarySchema>;
export type ModelSummary = Pick<ResultSummary, (typeof PER_MODEL_KEYS)[number]>;

/** Top-level keys every summary has, in order (the optional blocks follow them where present). */
export const RESULT_SUMMARY_KEYS = (Object.keys(SUMMARY_FIELDS) as Key[]).filter(
  (key) => !(SUMMARY_FIELDS[key].schema instanceof z.ZodOptional),
);

/** The result_summary.json object of a phase's metrics, in the declared order (`JSON.stringify` keeps it); absent values left out. */
export function buildResultSummary(metrics: PhaseMetrics, run: RunInfo): ResultSummary {
  const summary: Record<string, unknown> = {};
  for (const [key, f] of Object.entries(SUMMARY_FIELDS)) {
    const value = f.value?.(metrics, run);
    if (value !== undefined) summary[key] = value;
  }
  return summary as ResultSummary;
}

/** The per-model blocks of a summary computed over one model's requests; a block the summary lacks (`inputs`) stays out. */
export function modelSummaryOf(summary: ResultSummary): ModelSummary {
  return Object.fromEntries(
    PER_MODEL_KEYS.filter((key) => summary[key] !== undefined).map((key) => [key, summary[key]]),
  ) as ModelSummary;
}

/** The JSON Schema document (draft 2020-12) for result_summary.json. */
export function resultSummaryJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint performance/result_summary.json", ...z.toJSONSchema(ResultSummarySchema) };
}
