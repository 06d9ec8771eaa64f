/**
 * @module report/summary-schema — the shape of performance/result_summary.json, as a zod schema.
 *
 * The committed JSON Schema (src/report/result-summary.schema.json, made from this by
 * scripts/make-summary-schema.ts) is what scripts can validate against; a test keeps the two
 * equal and checks real summaries against this schema. `satisfies` ties it to ResultSummary.
 */
import { PRIORITIES } from "../mlperf/ruleset-models.ts";
import { z } from "zod";
import { FINISH_REASONS } from "../metrics/phase-tallies.ts";
import { STREAM_NOTE_NAMES, type StreamNote } from "../record/stream-notes.ts";
import { ENGINES } from "../server-metrics/server-identity.ts";
import { PER_MODEL_KEYS } from "./result-summary.ts";

type PerModelMask = { [K in (typeof PER_MODEL_KEYS)[number]]: true };
import { ServerTimingSchema } from "./server-timing-schema.ts";
import { SteadyStateSchema } from "./steady-state-schema.ts";
import { ImportBlockSchema } from "./import-schema.ts";
import { ClientErrorBoundSchema } from "./error-bound-schema.ts";

const num = z.number().nullable();
/** A histogram bucket (lower, upper] in ms; upper null for +Inf. */
const ttftBucket = z.tuple([z.number(), z.number().nullable()]).nullable();
const keyed = z.record(z.string(), num);

const SeriesRollupSchema = z.strictObject({
  total: num,
  min: num,
  max: num,
  median: num,
  avg: num,
  std_dev: num,
  percentiles: keyed,
  early_stopping_percentiles: keyed.optional(),
  histogram: z.strictObject({
    buckets: z.array(z.tuple([z.number(), z.number()])),
    counts: z.array(z.number().int().min(0)),
  }),
});
/** A series with no values: `{}`, or with early stopping on every estimate null (as upstream). */
const RollupSchema = z.union([
  SeriesRollupSchema,
  z.strictObject({ early_stopping_percentiles: z.record(z.string(), z.null()).optional() }),
]);

const SpreadSchema = z
  .strictObject({
    mean: z.number(),
    min: z.number(),
    max: z.number(),
    p50: z.number(),
    p90: z.number(),
    p99: z.number(),
  })
  .nullable();

const TOKEN_SOURCES = ["server_usage", "tokenizer", "chunk_count", "none"] as const;

const SummaryBlocksSchema = z.strictObject({
  version: z.string(),
  git_sha: z.string().nullable(),
  test_started_at: z.number(),
  n_samples_issued: z.number().int().min(0),
  n_samples_completed: z.number().int().min(0),
  n_samples_failed: z.number().int().min(0),
  duration_ns: num,
  state: z.enum(["complete", "interrupted", "failed"]),
  complete: z.boolean(),
  ttft: RollupSchema,
  tpot: RollupSchema,
  latency: RollupSchema,
  output_sequence_lengths: RollupSchema,
  input_sequence_lengths: RollupSchema,
  legacy_loadgen_window_duration_ns: num,
  qps: num,
  tps: num,
  finish_reason_counts: z.strictObject(
    Object.fromEntries(FINISH_REASONS.map((r) => [r, z.number().int().min(0)])) as Record<
      (typeof FINISH_REASONS)[number],
      z.ZodNumber
    >,
  ),
  run_config: z.record(z.string(), z.unknown()),
  ttfb: RollupSchema,
  itl: RollupSchema,
  schedule_lag: RollupSchema,
  scheduled_latency: RollupSchema,
  qps_native: num,
  scheduled_qps: num,
  tps_native: num,
  output_tps_per_gpu: num,
  interactivity: num,
  token_count_source: z.enum([...TOKEN_SOURCES, "mixed"]),
  token_count_sources: z.partialRecord(z.enum(TOKEN_SOURCES), z.number().int().min(0)),
  error_counts: z.record(z.string(), z.number().int().min(0)),
  error_samples: z.array(z.strictObject({ kind: z.string(), message: z.string() })),
  load_generator: z.enum(["ok", "fell_behind"]).nullable(),
  load_generator_lag_p99_ns: z.number().nullable(),
  load_generator_lag_limit_ns: z.number().int().min(0).nullable(),
  n_samples_planned: z.number().int().min(0).nullable(),
  n_samples_dropped: z.number().int().min(0).nullable(),
  n_samples_delayed: z.number().int().min(0).nullable(),
  token_count_discrepancy: z
    .strictObject({
      compared: z.number(),
      mismatched: z.number(),
      mean_abs_diff_tokens: z.number(),
      max_abs_diff_tokens: z.number(),
      mean_abs_diff_pct: z.number(),
    })
    .nullable(),
  goodput: z
    .strictObject({
      slo: z.strictObject({ ttft_ms: num, tpot_ms: num, latency_ms: num }),
      completed: z.number(),
      met: z.number(),
      attainment_pct: num,
      target_pct: z.number().gt(0).max(100),
      target_met: z.boolean(),
      requests_per_s: num,
    })
    .nullable(),
  cost: z
    .strictObject({
      gpus: z.number().int().min(1),
      usd_per_gpu_hour: z.number().gt(0),
      gpu_hours: num,
      usd_total: num,
      usd_per_million_output_tokens: num,
      usd_per_million_tokens: num,
      // Present for embeddings and rerank only (metrics/gpu-cost).
      usd_per_million_input_tokens: num.optional(),
    })
    .nullable(),
  retries: z.number().int().min(0),
  reconnects: z.number().int().min(0),
  stream_notes: z.partialRecord(z.enum(STREAM_NOTE_NAMES as [StreamNote, ...StreamNote[]]), z.number().int().min(0)),
  // Present only for a conversation run (agentic_inference): metrics/conversation-metrics.
  conversations: z
    .strictObject({
      conversations: z.number().int().min(0),
      completed: z.number().int().min(0),
      failed: z.number().int().min(0),
      unfinished: z.number().int().min(0),
      turns_per_conversation: SpreadSchema,
      conversation_latency_ms: SpreadSchema,
      conversation_duration_ms: SpreadSchema,
      by_turn: z.array(
        z.strictObject({
          turn: z.number().int().min(1),
          count: z.number().int().min(0),
          ttft_p50_ms: num,
          ttft_p90_ms: num,
          ttft_p99_ms: num,
          latency_p50_ms: z.number(),
        }),
      ),
      untracked_turns: z.number().int().min(0).optional(),
    })
    .optional(),
  // Present only for a run under an MLPerf ruleset (submission_ref).
  result: z
    .strictObject({
      valid: z.boolean(),
      reasons: z.array(z.string()),
      ruleset: z.string(),
      model: z.string(),
      priority: z.enum(PRIORITIES),
    })
    .optional(),
  // Present only for a merged run (report merge): report/shard-health.
  shards: z
    .strictObject({
      of: z.number().int().min(1),
      missing: z.array(z.string()),
      merged: z.array(
        z.strictObject({
          shard: z.string(),
          dir: z.string(),
          state: z.string(),
          n_samples_issued: z.number().int().min(0),
          n_samples_completed: z.number().int().min(0),
          n_samples_failed: z.number().int().min(0),
          schedule_lag_p50_ns: num,
          schedule_lag_p99_ns: num,
          schedule_lag_max_ns: num,
          load_generator: z.enum(["ok", "fell_behind"]).nullable(),
          n_samples_delayed: z.number().int().min(0).nullable(),
          start_wait_ms: num,
          t0_offset_ns: z.number(),
        }),
      ),
    })
    .optional(),
  // Present when the workers sampled their event loops: metrics/read-side-health.
  client_read_side: z
    .strictObject({
      verdict: z.enum(["ok", "saturated"]),
      cause: z.enum(["worker", "host"]).nullable(),
      samples: z.number().int().min(1),
      workers: z.number().int().min(0),
      lateness_p99_ms: z.number(),
      lateness_max_ms: z.number(),
      cpu_p90: z.number(),
      cpu_max: z.number(),
      bound_ms: z.number(),
    })
    .optional(),
  // Present when the workers sampled their event loops: metrics/client-error-bound.
  client_error_bound: ClientErrorBoundSchema.optional(),
  // Present when responses carried the server's own figures: metrics/server-timing.
  server_timing: ServerTimingSchema.optional(),
  // Present when the server's metrics were scraped: server-metrics/summary.
  server_metrics: z
    .strictObject({
      url: z.string(),
      scrapes: z.number().int().min(0),
      failed_scrapes: z.number().int().min(0),
      failed_scrape_errors: z.record(z.string(), z.number().int().min(1)),
      gauges: z.record(
        z.string(),
        z.strictObject({
          source: z.string(),
          min: z.number(),
          avg: z.number(),
          max: z.number(),
          samples: z.number().int().min(1),
        }),
      ),
      prefix_cache_hit_rate_window: num,
      spec_acceptance_rate_window: num,
      token_rates: z
        .strictObject({
          source: z.string(),
          prefill_tokens_per_s: z.number(),
          decode_tokens_per_s: z.number(),
          prefill_tokens_per_busy_s: num,
          decode_tokens_per_busy_s: num,
        })
        .nullable(),
      ttft_ms: z
        .strictObject({
          source: z.string(),
          count: z.number(),
          p50: num,
          p90: num,
          p99: num,
          warmup_requests: z.number().int().min(0),
          buckets: z.strictObject({ p50: ttftBucket, p90: ttftBucket, p99: ttftBucket }),
        })
        .nullable(),
    })
    .optional(),
  // Present only for embeddings and rerank (no generated text): metrics/input-throughput.
  inputs: z
    .strictObject({ inputs: z.number().min(0), inputs_per_second: num, input_tokens_per_second: num })
    .optional(),
  // Present for concurrency and rate runs: metrics/steady-state (docs/metrics.md, "Steady state").
  steady_state: SteadyStateSchema.optional(),
  // Present when the server said what it is before the run: server-metrics/server-identity.
  server: z
    .strictObject({
      engine: z.enum(ENGINES).nullable(),
      identified_by: z.string().nullable(),
      version: z.string().nullable(),
      model: z.string().nullable(),
      settings: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])),
      models: z.array(
        z.strictObject({ id: z.string(), owned_by: z.string().nullable(), max_model_len: z.number().nullable() }),
      ),
    })
    .optional(),
  // Present only for an imported run (inference-endpoint import): report/import-figures.
  import: ImportBlockSchema.optional(),
});

// Present only for a run that sent to several models: report/model-breakdown.
export const ResultSummarySchema = SummaryBlocksSchema.extend({
  per_model: z
    .record(
      z.string(),
      SummaryBlocksSchema.pick(Object.fromEntries(PER_MODEL_KEYS.map((k) => [k, true])) as PerModelMask),
    )
    .optional(),
});

/** The JSON Schema document (draft 2020-12) for result_summary.json. */
export function resultSummaryJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint performance/result_summary.json", ...z.toJSONSchema(ResultSummarySchema) };
}
