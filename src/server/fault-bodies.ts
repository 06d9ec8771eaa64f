/**
 * @module server/fault-bodies — the bytes of faulty answers: error JSON, broken SSE and JSON, huge and drip bodies (pure).
 *
 * Sizes are in MB of 2^20 bytes, as the client's `--max-response-mb`.
 */
import { encodeCompletionBody, createSseEncoder, SSE_DONE, usageOf, type ResponseIdentity } from "./openai-encoding.ts";
import type { ApiKind } from "./openai-request.ts";
import { syntheticTokens } from "./response-plan.ts";

const BYTES_PER_MB = 1024 * 1024;
/** Tokens in each content event of a streamed huge body (~64 KB of " tok"). */
const HUGE_EVENT_TOKENS = 16_384;
/** Tokens of the small valid answer slow-drip sends. */
const DRIP_TOKENS = 3;

/** Retry-After of an injected 429, in seconds (RFC 9110 §10.2.3). */
export const RETRY_AFTER_S = 1;

const STATUS_MESSAGES: Record<number, { message: string; type: string; code: string | number }> = {
  429: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" },
  500: { message: "The server had an error while processing your request", type: "server_error", code: 500 },
  502: { message: "Bad gateway", type: "server_error", code: 502 },
  503: { message: "The engine is currently overloaded, please try again later", type: "server_error", code: 503 },
  504: { message: "Gateway timeout", type: "server_error", code: 504 },
};

/** An OpenAI-style error body for an injected status, naming the fault. */
export function faultErrorBody(status: number, label: string): string {
  const known = STATUS_MESSAGES[status];
  const type = known?.type ?? (status >= 500 ? "server_error" : "invalid_request_error");
  const message = `${known?.message ?? `HTTP ${status}`} (mock fault ${label})`;
  return JSON.stringify({ error: { message, type, param: null, code: known?.code ?? status } });
}

/** An SSE stream whose one event is not JSON, then [DONE] (malformed-sse). */
export const MALFORMED_SSE = `data: this is not json {\n\n${SSE_DONE}`;
/** invalid-json, streaming: an event whose data looks like JSON but is not. */
export const INVALID_JSON_SSE = `data: {not json}\n\n${SSE_DONE}`;
/** invalid-json, not streaming: a 200 body cut inside a string. */
export const INVALID_JSON_BODY = `{"id":"cmpl-mock-broken","object":"text_completion","choices":[{"index":0,"text":"cut off`;

/** A small, valid answer (DRIP_TOKENS tokens), streamed or whole. */
export function validAnswer(kind: ApiKind, identity: ResponseIdentity, streaming: boolean): string {
  const tokens = syntheticTokens(DRIP_TOKENS);
  const usage = usageOf(0, tokens.length);
  if (!streaming) return encodeCompletionBody(kind, identity, tokens.join(""), "stop", usage);
  const sse = createSseEncoder(kind, identity);
  return sse.role() + tokens.map((t) => sse.content(t)).join("") + sse.finish("stop") + sse.usage(usage) + SSE_DONE;
}

/** The first `count` SSE writes of a normal stream (role with the first), for reset-mid-stream. */
export function firstEvents(kind: ApiKind, identity: ResponseIdentity, count: number): string[] {
  const sse = createSseEncoder(kind, identity);
  return syntheticTokens(count).map((token, i) => (i === 0 ? sse.role() : "") + sse.content(token));
}

interface HugeStream {
  head: Uint8Array;
  /** One content event, repeated `repeats` times. */
  event: Uint8Array;
  repeats: number;
  tail: Uint8Array;
}

/** huge-body, not streaming: one valid completion whose text is about `mb` MB of " tok". */
export function hugeBody(kind: ApiKind, identity: ResponseIdentity, mb: number): string {
  const tokenCount = Math.max(1, Math.ceil((mb * BYTES_PER_MB) / 4));
  const text = "tok" + " tok".repeat(tokenCount - 1);
  return encodeCompletionBody(kind, identity, text, "length", usageOf(0, tokenCount));
}

/** huge-body, streaming: enough ~64 KB content events to carry about `mb` MB, then finish and [DONE]. */
export function hugeStream(kind: ApiKind, identity: ResponseIdentity, mb: number): HugeStream {
  const encoder = new TextEncoder();
  const sse = createSseEncoder(kind, identity);
  const event = encoder.encode(sse.content(" tok".repeat(HUGE_EVENT_TOKENS)));
  const repeats = Math.max(1, Math.ceil((mb * BYTES_PER_MB) / event.byteLength));
  const usage = usageOf(0, repeats * HUGE_EVENT_TOKENS);
  return {
    head: encoder.encode(sse.role()),
    event,
    repeats,
    tail: encoder.encode(sse.finish("length") + sse.usage(usage) + SSE_DONE),
  };
}
