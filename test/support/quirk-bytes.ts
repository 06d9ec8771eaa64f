/**
 * @module test/support/quirk-bytes — the bytes of HTTP responses and OpenAI-style SSE streams, built by hand for quirk scenarios.
 *
 * Shapes follow what the servers send (vLLM, SGLang, TGI, OpenAI): a chunk object with
 * `id, object, created, model, choices[{index, delta, logprobs, finish_reason}]`, a usage event
 * with `choices: []`, `data: [DONE]`. Framing is explicit: `chunked()` wraps a piece in
 * chunked transfer encoding, `LAST_CHUNK` ends such a body.
 */
import type { Step } from "./quirk-server.ts";

const REASONS: Record<number, string> = {
  200: "OK",
  400: "Bad Request",
  404: "Not Found",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

/** A status line and headers, ended by the blank line; nothing else is added. */
export function head(status: number, headers: Record<string, string>): string {
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${REASONS[status] ?? "Status"}\r\n${lines.join("")}\r\n`;
}

const SSE_TYPE = "text/event-stream; charset=utf-8";
/** The head of a chunked SSE response (`contentType` null: no Content-Type header at all). */
export function sseHead(contentType: string | null = SSE_TYPE): string {
  return head(200, {
    ...(contentType === null ? {} : { "content-type": contentType }),
    "transfer-encoding": "chunked",
  });
}

/** One piece of a chunked body: its byte length in hex, CRLF, the bytes, CRLF. */
export function chunked(text: string): string {
  return `${Buffer.byteLength(text).toString(16)}\r\n${text}\r\n`;
}
export const LAST_CHUNK = "0\r\n\r\n";

/** A complete JSON response with Content-Length. */
export function jsonResponse(status: number, body: unknown, extra: Record<string, string> = {}): string {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  return (
    head(status, { "content-type": "application/json", "content-length": String(Buffer.byteLength(text)), ...extra }) +
    text
  );
}

interface Delta {
  content?: string;
  reasoning_content?: string;
  tool_calls?: unknown[];
  role?: string;
}

/** A `chat.completion.chunk` object. */
export function chatChunk(
  delta: Delta,
  extra: { finish_reason?: string | null; usage?: unknown } = {},
): Record<string, unknown> {
  return {
    id: "chatcmpl-quirk",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "m",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: extra.finish_reason ?? null }],
    ...(extra.usage === undefined ? {} : { usage: extra.usage }),
  };
}

/** The usage event of `stream_options.include_usage`. */
export function usageChunk(prompt: number, completion: number, reasoning?: number): Record<string, unknown> {
  const usage: Record<string, unknown> = {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
  if (reasoning !== undefined) usage.completion_tokens_details = { reasoning_tokens: reasoning };
  return {
    id: "chatcmpl-quirk",
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "m",
    choices: [],
    usage,
  };
}

/** One SSE event: `data: <json>` and a blank line, with the chosen line ending. */
export function sse(data: unknown, lineEnd = "\n"): string {
  return `data: ${typeof data === "string" ? data : JSON.stringify(data)}${lineEnd}${lineEnd}`;
}

interface TokenStream {
  /** Content text of each event, in order. */
  pieces: string[];
  gapMs: number;
  /** Written before the first event (ms). */
  ttftMs?: number;
  lineEnd?: string;
  /** The finish event's reason; null: no finish event. */
  finish?: string | null;
  /** Usage event after the finish event; null: none. */
  usage?: Record<string, unknown> | null;
  done?: boolean;
  /** Wrap every write in chunked framing (the head must say so). */
  framing?: "chunked" | "raw";
}

/**
 * The steps of a paced stream, the head not included: each content event its own write,
 * `gapMs` apart; the finish event, usage and `[DONE]` written with the last content event, as
 * vLLM does. A chunked body ends with LAST_CHUNK; a raw one the scenario closes itself.
 */
export function streamSteps(s: TokenStream): Step[] {
  const lineEnd = s.lineEnd ?? "\n";
  const frame = s.framing === "raw" ? (t: string) => t : chunked;
  const steps: Step[] = [];
  if (s.ttftMs) steps.push({ waitMs: s.ttftMs });
  s.pieces.forEach((piece, i) => {
    if (i > 0) steps.push({ waitMs: s.gapMs });
    let text = sse(chatChunk({ content: piece }), lineEnd);
    if (i === s.pieces.length - 1) {
      if (s.finish !== null) text += sse(chatChunk({}, { finish_reason: s.finish ?? "stop" }), lineEnd);
      if (s.usage) text += sse(s.usage, lineEnd);
      if (s.done !== false) text += sse("[DONE]", lineEnd);
    }
    steps.push(frame(text));
  });
  if (s.framing !== "raw") steps.push(LAST_CHUNK);
  return steps;
}

/**
 * TGI's timing headers on a non-streamed response, in the order its router sets them
 * (huggingface/text-generation-inference, router/src/server.rs `generate_internal`): whole ms
 * but `x-compute-time` (seconds); total = validation + queue + inference. The values are ours.
 */
export const TGI_TIMING_HEADERS: Record<string, string> = {
  "x-compute-type": "gpu+optimized",
  "x-compute-time": "0.318",
  "x-compute-characters": "41",
  "x-total-time": "318",
  "x-validation-time": "1",
  "x-queue-time": "12",
  "x-inference-time": "305",
  "x-time-per-token": "19",
  "x-prompt-tokens": "11",
  "x-generated-tokens": "16",
};

/**
 * SGLang's final meta_info with `--enable-metrics`: its keys in the order sgl-project/sglang
 * builds them (managers/tokenizer_manager `_handle_batch_output`, then the scheduler's and the
 * API server's `convert_to_output_meta_info` in observability/req_time_stats); times in
 * seconds, `*_time`/`*_ts` instants since the epoch. The values are ours.
 */
export const SGLANG_META_WITH_METRICS: Record<string, unknown> = {
  id: "5b0e4c1d9a7f4e2b8c3d6a1f0e9b7c5d",
  finish_reason: { type: "length", length: 16 },
  prompt_tokens: 24,
  weight_version: "default",
  total_retractions: 0,
  forward_entry_time: 1_760_000_000.1205,
  prefill_finished_time: 1_760_000_000.1455,
  queue_time: 0.0125,
  prefill_waiting_latency: 0.0003,
  prefill_launch_latency: 0.0241,
  reasoning_tokens: 0,
  completion_tokens: 16,
  cached_tokens: 8,
  e2e_latency: 0.3125,
  request_received_ts: 1_760_000_000.1055,
  request_finished_ts: 1_760_000_000.418,
  inference_time: 0.2975,
  decode_throughput: 58.5,
};
