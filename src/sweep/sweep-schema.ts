/**
 * @module sweep/sweep-schema — the shape of sweep.json, as a zod schema (docs/sweeps.md, Output).
 *
 * The committed JSON Schema (src/sweep/sweep.schema.json, made by scripts/make-sweep-schemas.ts) is what
 * scripts validate against; a test keeps the two equal and checks real files against it. Objects are open
 * (other keys may appear: a newer sweep adds fields), the fields listed here are always there, with these types.
 */
import { z } from "zod";

const num = z.number().nullable();
const ms = num.describe("ms");

/** One figure of a step over `sweep --runs N` (sweep/step-repeats). */
const StepFigureSpreadSchema = z.strictObject({
  values: z.array(num).describe("one per run, in order; null where that run did not define it"),
  ci_low: num,
  ci_high: num,
  cv_pct: num,
});

const SweepStepSchema = z.looseObject({
  index: z.number().int().min(1),
  kind: z.enum(["rate", "concurrency", "max_throughput"]),
  offered: num.describe("req/s of a rate step, slots of a concurrency step, null for max throughput"),
  report_dir: z.string().describe("the step's report directory (a grid's: <sweep>/isl<I>-osl<O>/c<C> or r<R>)"),
  state: z.string(),
  scheduled_qps: num,
  achieved_qps: num,
  goodput_rps: num,
  attainment_pct: num,
  judged_requests: num,
  ttft_p50_ms: ms,
  ttft_p99_ms: ms,
  tpot_p50_ms: ms,
  tpot_p99_ms: ms,
  latency_p50_ms: ms,
  latency_p99_ms: ms,
  at_slo_percentile: z.object({ ttft_ms: num, tpot_ms: num, latency_ms: num }).nullable(),
  load_generator: z.string().nullable(),
  n_samples_failed: z.number().int().min(0),
  output_tps_per_gpu: num,
  interactivity: num.describe("tokens/s per user: 1000 ÷ TPOT p50 ms"),
  usd_per_million_output_tokens: num,
  usd_per_million_input_tokens: num
    .optional()
    .describe("embeddings and rerank (nothing generated): $ per 1M input tokens, with --gpu-hour-cost; else null"),
  server_running_avg: num,
  server_waiting_max: num,
  server_kv_cache_max: num,
  server_ttft_p99_ms: ms,
  stability: z
    .enum(["stable", "unstable", "too_short"])
    .nullable()
    .optional()
    .describe("whether the step settled (docs/sweeps.md, Stability); absent before the stability verdict"),
  step_length_to_judge_s: num
    .optional()
    .describe("an unstable step: how long a step would need to be for its SLO verdict to see the queue"),
  passed: z.boolean().nullable(),
  note: z.string().nullable(),
  repeats: z
    .strictObject({
      runs: z.number().int().min(1),
      confidence_pct: z.number().gt(0).lt(100),
      figures: z
        .record(z.string(), StepFigureSpreadSchema)
        .describe("each averaged figure (a step key, or at_slo_percentile.<key>): its values and t-interval"),
    })
    .optional()
    .describe("sweep --runs N: the figures above are the runs' means"),
  isl_osl: z.string().nullable().optional().describe("a grid's ISL/OSL pair, isl1024-osl128"),
  output_tps: num.optional(),
  usd_per_million_tokens: num.optional(),
  slo_met: z.boolean().nullable().optional().describe("the step's own goodput verdict against --slo"),
});

export const SweepFileSchema = z.looseObject({
  mode: z.enum(["rates", "concurrencies", "auto", "find"]),
  state: z.enum(["running", "complete", "interrupted", "failed"]),
  percentile: num,
  precision: num,
  steps: z.array(SweepStepSchema),
  answer: z
    .object({
      rate: num,
      scheduled_qps: num,
      bracket: z.tuple([z.number(), z.number()]),
      converged: z.boolean(),
      steps: z.number().int(),
    })
    .nullable(),
  warnings: z.array(z.string()),
  slo: z.object({
    ttft_ms: num,
    tpot_ms: num,
    latency_ms: num,
    ttfo_ms: num
      .optional()
      .describe("a reasoning model's time to its first answer token; present when the SLO sets it"),
  }),
  pairs: z.array(z.string()).optional().describe("a grid's ISL/OSL pairs, in order"),
  grid: z.object({ fingerprint: z.string() }).optional().describe("a grid's config fingerprint (resuming)"),
});

/** The JSON Schema document (draft 2020-12) for sweep.json. */
export function sweepJsonSchema(): Record<string, unknown> {
  return { title: "inference-endpoint sweep.json", ...z.toJSONSchema(SweepFileSchema) };
}
