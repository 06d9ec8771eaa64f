/**
 * @module client/tgi-headers — TGI's per-request timing headers, read where the response's headers arrive (pure).
 *
 * TGI's router (huggingface/text-generation-inference, router/src/server.rs `generate_internal`)
 * sets them on a non-streamed response only — `/generate`, `/v1/chat/completions` and
 * `/v1/completions` without `stream`; a stream's headers are sent before any timing exists and
 * carry only `x-compute-type` and `x-compute-characters`. All times are whole milliseconds,
 * truncated (`Duration::as_millis`): `x-total-time` (arrival to response) = `x-validation-time`
 * (tokenising and validation) + `x-queue-time` (waiting for a batch) + `x-inference-time` (from
 * entering a batch to the last token: prefill and decode together, so no decode time of its
 * own); `x-time-per-token` is inference ÷ generated tokens, whole ms, and not kept (inference
 * and the token count give it finer); `x-compute-time` is the total in seconds.
 */
import { NO_FIGURES, type ServerFigures } from "./server-figures.ts";

/** A header's value as a non-negative number; null when absent or not one. */
function headerNumber(value: string | null): number | null {
  if (value === null || value.trim() === "") return null;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : null;
}

const msAsNs = (value: string | null) => {
  const ms = headerNumber(value);
  return ms === null ? null : Math.round(ms * 1e6);
};

/**
 * The figures TGI's headers carry; `queueHeader` is `x-queue-time`, already looked up by the
 * caller so that a response without it (every server but TGI, every stream) costs one lookup.
 */
export function readTgiHeaders(headers: Headers, queueHeader: string): ServerFigures {
  const generated = headerNumber(headers.get("x-generated-tokens"));
  return {
    ...NO_FIGURES,
    queueNs: msAsNs(queueHeader),
    inferenceNs: msAsNs(headers.get("x-inference-time")),
    totalNs: msAsNs(headers.get("x-total-time")),
    outputTokens: generated !== null && Number.isInteger(generated) ? generated : null,
  };
}
