/**
 * @module import/read-guidellm — GuideLLM's benchmarks.json: every benchmark's requests (successful,
 * errored, incomplete) with their timings, and its own figures, as one SourceRun per benchmark.
 *
 * Its instants are float seconds since the epoch (about 0.2 µs apart at today's epoch), on one
 * clock: `targeted_start` (our scheduled instant), `request_start` (sent), `first_token_iteration`,
 * and for a stream `last_request_iteration` — the last SSE event, our done; `request_end`, which
 * GuideLLM's request_latency ends at, comes after its client finished with the response. It keeps
 * no instant per chunk, so ITL is not in the source and TPOT's tokens are its output tokens after
 * the first (one a chunk). Its figures count only the requests that started inside its measured
 * window (scheduler_metrics.measure_start_time … measure_end_time).
 */
import { z } from "zod";
import { guidellmFigures } from "./guidellm-figures.ts";
import { readJsonFile } from "./read-source-file.ts";
import { errorKindOf } from "./source-records.ts";
import type { SourceLoad, SourceRequest, SourceRun } from "./source-run.ts";

export const GUIDELLM_FILE = "benchmarks.json";
const EXPECTED = "GuideLLM's benchmarks.json (benchmarks[] with requests and metrics)";

const time = z.number().nullable().optional();
const RequestSchema = z.looseObject({
  info: z.looseObject({
    status: z.string().optional(),
    error: z.string().nullable().optional(),
    timings: z.looseObject({
      targeted_start: time,
      request_start: time,
      first_token_iteration: time,
      last_token_iteration: time,
      last_request_iteration: time,
      request_end: time,
      token_iterations: z.number().nullable().optional(),
    }),
  }),
  prompt_tokens: z.number().nullable().optional(),
  output_tokens: z.number().nullable().optional(),
  time_to_first_token_ms: z.number().nullable().optional(),
  inter_token_latency_ms: z.number().nullable().optional(),
  request_latency: z.number().nullable().optional(),
});
export type GuidellmRequest = z.infer<typeof RequestSchema>;

const BenchmarkSchema = z.looseObject({
  config: z.looseObject({ strategy: z.looseObject({ type_: z.string() }).optional() }).optional(),
  scheduler_metrics: z.looseObject({ measure_start_time: z.number(), measure_end_time: z.number() }),
  metrics: z.record(z.string(), z.unknown()),
  requests: z.looseObject({
    successful: z.array(RequestSchema),
    errored: z.array(RequestSchema).default([]),
    incomplete: z.array(RequestSchema).default([]),
  }),
  duration: z.number().optional(),
});
export type GuidellmBenchmark = z.infer<typeof BenchmarkSchema>;

const FileSchema = z.looseObject({
  metadata: z.looseObject({ guidellm_version: z.string().optional() }).optional(),
  benchmarks: z.array(BenchmarkSchema).min(1),
});

const nsSince = (t0: number, s: number) => Math.round((s - t0) * 1e9);

function requestOf(
  r: GuidellmRequest,
  t0: number,
  outcome: "successful" | "errored" | "incomplete",
): SourceRequest | null {
  const t = r.info.timings;
  if (t.request_start == null) return null;
  const streamed = t.first_token_iteration != null;
  const end = streamed ? (t.last_request_iteration ?? t.request_end) : t.request_end;
  const failed = outcome !== "successful";
  const message = r.info.error ?? (outcome === "incomplete" ? "incomplete: GuideLLM stopped it" : "errored");
  const output = r.output_tokens ?? null;
  const usage = r.prompt_tokens != null;
  return {
    scheduledNs: t.targeted_start == null ? null : nsSince(t0, t.targeted_start),
    sentNs: nsSince(t0, t.request_start),
    headersNs: null,
    firstTokenNs: streamed ? nsSince(t0, t.first_token_iteration as number) : null,
    doneNs: nsSince(t0, end ?? t.request_start),
    errorKind: failed ? (outcome === "incomplete" ? "cancelled" : errorKindOf(null, message)) : null,
    errorMessage: failed ? message : null,
    httpStatus: failed ? 0 : 200,
    inputTokens: failed ? null : (r.prompt_tokens ?? null),
    outputTokens: failed ? null : output,
    // Usage when the response reported prompt tokens; a stream without it counted its token iterations.
    tokenSource:
      failed || output === null
        ? "none"
        : usage
          ? "server_usage"
          : output === t.token_iterations
            ? "chunk_count"
            : "tokenizer",
    chunkGapsNs: null,
    chunkTokens: null,
    tokensAfterFirst: streamed && output !== null && output >= 1 ? output - 1 : null,
    finishReason: null,
    worker: 0,
  };
}

/** Our name of GuideLLM's strategy (config.strategy.type_). */
function loadOf(b: GuidellmBenchmark): SourceLoad {
  const s = (b.config?.strategy ?? {}) as Record<string, unknown>;
  const rate = typeof s.rate === "number" ? s.rate : null;
  const streams = typeof s.streams === "number" ? s.streams : null;
  switch (s.type_) {
    case "synchronous":
      return { type: "concurrency", target_qps: null, target_concurrency: 1 };
    case "concurrent":
      return { type: "concurrency", target_qps: null, target_concurrency: streams };
    case "constant":
      return { type: "constant", target_qps: rate, target_concurrency: null };
    case "poisson":
      return { type: "poisson", target_qps: rate, target_concurrency: null };
    default:
      return { type: "max_throughput", target_qps: null, target_concurrency: null };
  }
}

function runOf(b: GuidellmBenchmark, index: number, count: number, version: string | null): SourceRun {
  const all = [
    ...b.requests.successful.map((r) => [r, "successful"] as const),
    ...b.requests.errored.map((r) => [r, "errored"] as const),
    ...b.requests.incomplete.map((r) => [r, "incomplete"] as const),
  ];
  const starts = all.flatMap(([r]) => [r.info.timings.targeted_start, r.info.timings.request_start]);
  const t0 = Math.min(b.scheduler_metrics.measure_start_time, ...starts.filter((v): v is number => v != null));
  const kept = all.map(([r, outcome]) => ({ r, request: requestOf(r, t0, outcome) }));
  const requests = kept.flatMap(({ request }) => (request ? [request] : []));
  const load = loadOf(b);
  return {
    tool: "guidellm",
    version,
    files: [GUIDELLM_FILE],
    label: count > 1 ? `benchmark ${index + 1} of ${count} (${b.config?.strategy?.type_ ?? "?"})` : null,
    t0EpochMs: t0 * 1000,
    windowStartNs: 0,
    load,
    streaming: requests.some((r) => r.firstTokenNs !== null),
    requests,
    figures: guidellmFigures(b, t0, kept),
    notes: [
      "GuideLLM's instants are float seconds since the epoch on one clock; T0 is its first request's targeted start",
      "GuideLLM keeps each request's first and last token instants, not the chunks between: ITL is not in the source",
      "GuideLLM's metrics count only the requests that started inside its measured window (scheduler_metrics.measure_start_time … measure_end_time)",
      ...(kept.length > requests.length
        ? [`${kept.length - requests.length} request(s) never started: not imported`]
        : []),
    ],
  };
}

/** One SourceRun per benchmark of the file (a GuideLLM sweep holds several). */
export function readGuidellm(file: string): SourceRun[] {
  const parsed = readJsonFile(FileSchema, file, EXPECTED);
  const version = parsed.metadata?.guidellm_version ?? null;
  return parsed.benchmarks.map((b, i) => runOf(b, i, parsed.benchmarks.length, version));
}
