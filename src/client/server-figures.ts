/**
 * @module client/server-figures — what a server says about one request's own time and cache:
 * llama.cpp's `timings`, SGLang's `meta_info`, vLLM's `metrics` and Dynamo's `nvext.timing`
 * (client/stage-timings), TGI's timing headers (client/tgi-headers), the prompt tokens a prefix
 * cache served, the response's id (pure).
 *
 * Read only from events the client parses anyway (a usage or final event, a whole body), so a
 * stream's common chunks cost nothing more. Every figure a server does not send stays null:
 * "not reported by the server", never zero.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { asCount, asObject } from "./openai-response.ts";
import { msAsNs, readStageTimings } from "./stage-timings.ts";

export interface ServerFigures {
  /** Time the server spent on the prompt (llama.cpp `timings.prompt_ms`), ns. */
  prefillNs: number | null;
  /** Time it spent generating after that (llama.cpp `timings.predicted_ms`), ns. */
  decodeNs: number | null;
  /** Tokens it generated (llama.cpp `timings.predicted_n`). */
  outputTokens: number | null;
  /** Prompt tokens a prefix cache served: `usage.prompt_tokens_details.cached_tokens`, else llama.cpp `timings.cache_n`. */
  cachedTokens: number | null;
  /** Its queue wait before it started on the request, ns. */
  queueNs: number | null;
  /** From starting on the request to its last token, prefill and decode together, ns. */
  inferenceNs: number | null;
  /** From the request's arrival to its last token, ns. */
  totalNs: number | null;
  /** From the request's arrival to its first token, ns. */
  ttftNs: number | null;
  /** Disaggregated serving: prefill done to the decode worker's first token (the KV transfer's upper bound), ns. */
  kvTransferNs: number | null;
}

/** No figure at all: the base a reader fills in. */
export const NO_FIGURES: ServerFigures = {
  prefillNs: null,
  decodeNs: null,
  outputTokens: null,
  cachedTokens: null,
  queueNs: null,
  inferenceNs: null,
  totalNs: null,
  ttftNs: null,
  kvTransferNs: null,
};

const secondsAsNs = (value: unknown) => {
  const s = asCount(value);
  return s === null ? null : Math.round(s * 1e9);
};

/** The figures `body` carries (llama.cpp's `timings`, else vLLM's or Dynamo's stage timings), or null when it carries none. */
export function readServerFigures(body: Record<string, unknown>): ServerFigures | null {
  const timings = asObject(body.timings);
  const details = asObject(asObject(body.usage)?.prompt_tokens_details);
  const cached = (details ? asCount(details.cached_tokens) : null) ?? (timings ? asCount(timings.cache_n) : null);
  const own = timings
    ? {
        prefillNs: msAsNs(timings.prompt_ms),
        decodeNs: msAsNs(timings.predicted_ms),
        outputTokens: asCount(timings.predicted_n),
      }
    : readStageTimings(body);
  if (!own && cached === null) return null;
  return { ...NO_FIGURES, ...own, cachedTokens: cached };
}

/**
 * The figures of two events of one response, the later one's first: Dynamo writes its timing on
 * the finishing chunk and the cached tokens on the usage chunk after it.
 */
export function mergeFigures(earlier: ServerFigures | null, later: ServerFigures | null): ServerFigures | null {
  if (!earlier || !later) return later ?? earlier;
  const merged = { ...later };
  for (const key of Object.keys(merged) as (keyof ServerFigures)[]) merged[key] ??= earlier[key];
  return merged;
}

/**
 * SGLang's final `meta_info` (sgl-project/sglang, managers/tokenizer_manager and
 * observability/req_time_stats): `cached_tokens`, `completion_tokens` and `e2e_latency` (s,
 * arrival to finish) always; with `--enable-metrics` also `queue_time` (s), `inference_time`
 * (s, forward entry to finish) and the realtime instants `forward_entry_time` and
 * `prefill_finished_time` (s since the epoch), whose difference is its prefill, and
 * `decode_throughput` (completion tokens ÷ (finish − first token), both instants the tokenizer
 * process's, as `e2e_latency`'s are): tokens ÷ throughput is its decode time, and e2e − decode
 * its TTFT. `queue_time` is taken only beside `forward_entry_time`: where the scheduler's
 * instants were lost on the way to the tokenizer process, it reads 0 without them, which is no
 * queue wait of 0.
 */
export function readSglangFigures(meta: Record<string, unknown>): ServerFigures {
  const forward = asCount(meta.forward_entry_time);
  const prefillDone = asCount(meta.prefill_finished_time);
  const completion = asCount(meta.completion_tokens);
  const throughput = asCount(meta.decode_throughput);
  const decodeNs = completion && throughput ? secondsAsNs(completion / throughput) : null;
  const totalNs = secondsAsNs(meta.e2e_latency);
  return {
    ...NO_FIGURES,
    prefillNs: forward && prefillDone && prefillDone >= forward ? secondsAsNs(prefillDone - forward) : null,
    decodeNs,
    outputTokens: completion,
    cachedTokens: asCount(meta.cached_tokens),
    queueNs: forward ? secondsAsNs(meta.queue_time) : null,
    inferenceNs: secondsAsNs(meta.inference_time),
    totalNs,
    ttftNs: totalNs !== null && decodeNs !== null && totalNs >= decodeNs ? totalNs - decodeNs : null,
  };
}

/** The response's own id (`chatcmpl-…`), when the event names one. */
export function responseIdOf(body: Record<string, unknown>): string | null {
  return typeof body.id === "string" && body.id.length > 0 ? body.id.slice(0, 200) : null;
}

/**
 * Copies the figures into the record's fields; one a body does not report keeps what the headers
 * said (client/tgi-headers). A decode time without the server's own token count (vLLM's, Dynamo's)
 * takes the count the same response's usage gave (`usageTokens`): the server's time over the
 * server's tokens, never over our tokenizer's.
 */
export function applyServerFigures(
  record: RequestRecord,
  figures: ServerFigures | null,
  responseId: string | null,
  usageTokens: number | null = null,
) {
  record.responseId = responseId;
  if (!figures) return;
  record.serverPrefillNs = figures.prefillNs ?? record.serverPrefillNs ?? null;
  record.serverDecodeNs = figures.decodeNs ?? record.serverDecodeNs ?? null;
  const ownTokens = figures.outputTokens ?? (figures.decodeNs === null ? null : usageTokens);
  record.serverOutputTokens = ownTokens ?? record.serverOutputTokens ?? null;
  record.cachedTokens = figures.cachedTokens ?? record.cachedTokens ?? null;
  record.serverQueueNs = figures.queueNs ?? record.serverQueueNs ?? null;
  record.serverInferenceNs = figures.inferenceNs ?? record.serverInferenceNs ?? null;
  record.serverTotalNs = figures.totalNs ?? record.serverTotalNs ?? null;
  record.serverTtftNs = figures.ttftNs ?? record.serverTtftNs ?? null;
  record.serverKvTransferNs = figures.kvTransferNs ?? record.serverKvTransferNs ?? null;
}
