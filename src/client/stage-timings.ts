/**
 * @module client/stage-timings — the per-request stage timings vLLM and Dynamo write into a response body (pure).
 *
 * vLLM (vllm-project/vllm since v0.25.0, PR 46768; docs/features/per_request_metrics.md), started
 * with `--enable-per-request-metrics`: a top-level `metrics` object on a whole chat, completions or
 * Responses body and, in a stream, on the final usage chunk only — so only where usage is streamed
 * (we ask `stream_options.include_usage`). `build_per_request_timing_metrics` makes it from the
 * engine's RequestStateStats: `queue_time_ms` (queued → scheduled), `time_to_first_token_ms`
 * (scheduled → first token: the engine's prefill, its queue not included), `generation_time_ms`
 * (first → last token: decode). `mean_itl_ms` is generation ÷ (tokens − 1) and `tokens_per_second`
 * tokens over scheduled → last, so neither is kept; every field is null where vLLM lacks the
 * instants, and the object is null for n > 1.
 *
 * Dynamo (ai-dynamo/dynamo: lib/llm/src/protocols/common/timing.rs `TimingInfo`, filled by the
 * frontend's RequestTracker; lib/llm/src/protocols/common/extensions.rs `build_response_nvext`),
 * when the request asks `"nvext": {"extra_fields": ["timing"]}`: `nvext.timing` on the chunk that
 * carries the finish reason (a whole body: at its top level), every time in ms as a double from one
 * monotonic clock at the frontend: `prefill_wait_time_ms` (arrival → dispatch to the prefill
 * worker: tokenising, routing, the router's queue), `prefill_time_ms` (dispatch → first token: the
 * worker's own queue and prefill), `ttft_ms` (arrival → first token; first write wins, so in
 * disaggregated serving the prefill worker's token), `total_time_ms` (arrival → last token) and,
 * disaggregated only, `kv_transfer_estimated_latency_ms` (prefill result at the router → the decode
 * worker's first token: dispatch, the KV transfer and one decode step — an upper bound). Its decode
 * time is total − TTFT, the interval Dynamo's own `avg_itl_ms` divides. `request_received_ms`
 * (an epoch instant), `kv_hit_rate` (blocks, not tokens) and `router_queue_depth` are not times.
 */
import { asCount, asObject } from "./openai-response.ts";
import type { ServerFigures } from "./server-figures.ts";

type Json = Record<string, unknown>;

/** A duration in ms (a JSON number) as integer ns; null when absent or not a non-negative number. */
export const msAsNs = (value: unknown) => {
  const ms = asCount(value);
  return ms === null ? null : Math.round(ms * 1e6);
};

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

/** vLLM's `metrics` object: queue, prefill (its TTFT from scheduling), decode, and inference as their sum. */
function vllmFigures(metrics: Json): Partial<ServerFigures> | null {
  const queueNs = msAsNs(metrics.queue_time_ms);
  const prefillNs = msAsNs(metrics.time_to_first_token_ms);
  const decodeNs = msAsNs(metrics.generation_time_ms);
  if (queueNs === null && prefillNs === null && decodeNs === null) return null;
  return { queueNs, prefillNs, decodeNs, inferenceNs: sum(prefillNs, decodeNs) };
}

/** Dynamo's `nvext.timing`: the frontend's wait, the worker's prefill, its TTFT, whole time, decode and KV transfer. */
function dynamoFigures(timing: Json): Partial<ServerFigures> | null {
  const ttftNs = msAsNs(timing.ttft_ms);
  const totalNs = msAsNs(timing.total_time_ms);
  const figures = {
    queueNs: msAsNs(timing.prefill_wait_time_ms),
    prefillNs: msAsNs(timing.prefill_time_ms),
    ttftNs,
    totalNs,
    decodeNs: ttftNs !== null && totalNs !== null && totalNs >= ttftNs ? totalNs - ttftNs : null,
    kvTransferNs: msAsNs(timing.kv_transfer_estimated_latency_ms),
  };
  return Object.values(figures).some((v) => v !== null) ? figures : null;
}

/**
 * The stage figures `body` carries as vLLM's `metrics` or Dynamo's `nvext.timing`; null when it
 * carries neither (every other server, and every chunk but the one they ride on).
 */
export function readStageTimings(body: Json): Partial<ServerFigures> | null {
  const metrics = asObject(body.metrics);
  if (metrics) return vllmFigures(metrics);
  const timing = asObject(asObject(body.nvext)?.timing);
  return timing ? dynamoFigures(timing) : null;
}
