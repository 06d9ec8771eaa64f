/**
 * @module client/server-figures — what a server says about one request's own time and cache:
 * llama.cpp's `timings`, SGLang's `meta_info`, TGI's timing headers (client/tgi-headers), the
 * prompt tokens a prefix cache served, the response's id (pure).
 *
 * Read only from events the client parses anyway (a usage or final event, a whole body), so a
 * stream's common chunks cost nothing more. Every figure a server does not send stays null:
 * "not reported by the server", never zero.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { asCount, asObject } from "./openai-response.ts";

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
};

const msAsNs = (value: unknown) => {
  const ms = asCount(value);
  return ms === null ? null : Math.round(ms * 1e6);
};
const secondsAsNs = (value: unknown) => {
  const s = asCount(value);
  return s === null ? null : Math.round(s * 1e9);
};

/** The figures `body` carries, or null when it carries none. */
export function readServerFigures(body: Record<string, unknown>): ServerFigures | null {
  const timings = asObject(body.timings);
  const details = asObject(asObject(body.usage)?.prompt_tokens_details);
  const cached = (details ? asCount(details.cached_tokens) : null) ?? (timings ? asCount(timings.cache_n) : null);
  if (!timings && cached === null) return null;
  return {
    ...NO_FIGURES,
    prefillNs: timings ? msAsNs(timings.prompt_ms) : null,
    decodeNs: timings ? msAsNs(timings.predicted_ms) : null,
    outputTokens: timings ? asCount(timings.predicted_n) : null,
    cachedTokens: cached,
  };
}

/**
 * SGLang's final `meta_info` (sgl-project/sglang, managers/tokenizer_manager and
 * observability/req_time_stats): `cached_tokens`, `completion_tokens` and `e2e_latency` (s,
 * arrival to finish) always; with `--enable-metrics` also `queue_time` (s), `inference_time`
 * (s, forward entry to finish) and the realtime instants `forward_entry_time` and
 * `prefill_finished_time` (s since the epoch), whose difference is its prefill. `queue_time`
 * is taken only beside `forward_entry_time`: where the scheduler's instants were lost on the
 * way to the tokenizer process, it reads 0 without them, which is no queue wait of 0.
 */
export function readSglangFigures(meta: Record<string, unknown>): ServerFigures {
  const forward = asCount(meta.forward_entry_time);
  const prefillDone = asCount(meta.prefill_finished_time);
  return {
    ...NO_FIGURES,
    prefillNs: forward && prefillDone && prefillDone >= forward ? secondsAsNs(prefillDone - forward) : null,
    outputTokens: asCount(meta.completion_tokens),
    cachedTokens: asCount(meta.cached_tokens),
    queueNs: forward ? secondsAsNs(meta.queue_time) : null,
    inferenceNs: secondsAsNs(meta.inference_time),
    totalNs: secondsAsNs(meta.e2e_latency),
  };
}

/** The response's own id (`chatcmpl-…`), when the event names one. */
export function responseIdOf(body: Record<string, unknown>): string | null {
  return typeof body.id === "string" && body.id.length > 0 ? body.id.slice(0, 200) : null;
}

/** Copies the figures into the record's fields; one a body does not report keeps what the headers said (client/tgi-headers). */
export function applyServerFigures(record: RequestRecord, figures: ServerFigures | null, responseId: string | null) {
  record.responseId = responseId;
  if (!figures) return;
  record.serverPrefillNs = figures.prefillNs ?? record.serverPrefillNs ?? null;
  record.serverDecodeNs = figures.decodeNs ?? record.serverDecodeNs ?? null;
  record.serverOutputTokens = figures.outputTokens ?? record.serverOutputTokens ?? null;
  record.cachedTokens = figures.cachedTokens ?? record.cachedTokens ?? null;
  record.serverQueueNs = figures.queueNs ?? record.serverQueueNs ?? null;
  record.serverInferenceNs = figures.inferenceNs ?? record.serverInferenceNs ?? null;
  record.serverTotalNs = figures.totalNs ?? record.serverTotalNs ?? null;
}
