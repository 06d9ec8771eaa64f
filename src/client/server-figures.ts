/**
 * @module client/server-figures — what a server says about one request's own time and cache:
 * llama.cpp's `timings`, the prompt tokens a prefix cache served, the response's id (pure).
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
}

const msAsNs = (value: unknown) => {
  const ms = asCount(value);
  return ms === null ? null : Math.round(ms * 1e6);
};

/** The figures `body` carries, or null when it carries none. */
export function readServerFigures(body: Record<string, unknown>): ServerFigures | null {
  const timings = asObject(body.timings);
  const details = asObject(asObject(body.usage)?.prompt_tokens_details);
  const cached = (details ? asCount(details.cached_tokens) : null) ?? (timings ? asCount(timings.cache_n) : null);
  if (!timings && cached === null) return null;
  return {
    prefillNs: timings ? msAsNs(timings.prompt_ms) : null,
    decodeNs: timings ? msAsNs(timings.predicted_ms) : null,
    outputTokens: timings ? asCount(timings.predicted_n) : null,
    cachedTokens: cached,
  };
}

/** The response's own id (`chatcmpl-…`), when the event names one. */
export function responseIdOf(body: Record<string, unknown>): string | null {
  return typeof body.id === "string" && body.id.length > 0 ? body.id.slice(0, 200) : null;
}

/** Copies the figures into the record's fields. */
export function applyServerFigures(record: RequestRecord, figures: ServerFigures | null, responseId: string | null) {
  record.responseId = responseId;
  if (!figures) return;
  record.serverPrefillNs = figures.prefillNs;
  record.serverDecodeNs = figures.decodeNs;
  record.serverOutputTokens = figures.outputTokens;
  record.cachedTokens = figures.cachedTokens;
}
