/**
 * @module server/anthropic-encoding — Anthropic Messages responses as the mock writes them: the whole body, the stream's writes, errors (pure).
 *
 * The stream is Anthropic's: `message_start` (usage.input_tokens), `content_block_start` of one
 * text block and a `ping`, one `content_block_delta` (`text_delta`) per chunk, then
 * `content_block_stop`, `message_delta` (stop_reason, cumulative usage.output_tokens) and
 * `message_stop`. As llama.cpp's server does, the opening events go out with the first delta, so
 * the first write is the first token's. Stop reasons: `max_tokens` at the cap, else `end_turn`.
 * Errors are `{type: "error", error: {type, message}}`, the shape the official SDK reads.
 */
import { chunkSchedule, type ResponsePlan } from "./response-plan.ts";
import type { SseWrite } from "./sse-writes.ts";

/** The fields every event of one response repeats. */
interface MessageIdentity {
  id: string;
  model: string;
}

type Json = Record<string, unknown>;

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "api_error",
  529: "overloaded_error",
};

function stopReasonOf(plan: Pick<ResponsePlan, "finishReason">): string {
  return plan.finishReason === "length" ? "max_tokens" : "end_turn";
}

function event(name: string, data: Json): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The non-streaming `type: "message"` body. */
export function encodeMessageBody(identity: MessageIdentity, plan: ResponsePlan): string {
  return JSON.stringify({
    id: identity.id,
    type: "message",
    role: "assistant",
    model: identity.model,
    content: [{ type: "text", text: plan.tokens.join("") }],
    stop_reason: stopReasonOf(plan),
    stop_sequence: null,
    usage: { input_tokens: plan.promptTokens, output_tokens: plan.tokens.length },
  });
}

function opening(identity: MessageIdentity, plan: ResponsePlan): string {
  const message = {
    id: identity.id,
    type: "message",
    role: "assistant",
    model: identity.model,
    content: [],
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: plan.promptTokens, output_tokens: 0 },
  };
  return (
    event("message_start", { type: "message_start", message }) +
    event("content_block_start", { type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }) +
    event("ping", { type: "ping" })
  );
}

function closing(plan: ResponsePlan): string {
  return (
    event("content_block_stop", { type: "content_block_stop", index: 0 }) +
    event("message_delta", {
      type: "message_delta",
      delta: { stop_reason: stopReasonOf(plan), stop_sequence: null },
      usage: { output_tokens: plan.tokens.length },
    }) +
    event("message_stop", { type: "message_stop" })
  );
}

/** The stream's writes: the opening events with the first delta, the closing ones with the last. */
export function messageStreamWrites(identity: MessageIdentity, plan: ResponsePlan, tokensPerChunk: number): SseWrite[] {
  const slots = chunkSchedule(plan.tokens.length, tokensPerChunk, plan.ttftMs, plan.tpotMs);
  let next = 0;
  const writes: SseWrite[] = slots.map((slot) => {
    const text = plan.tokens.slice(next, next + slot.tokenCount).join("");
    next += slot.tokenCount;
    const delta = { type: "content_block_delta", index: 0, delta: { type: "text_delta", text } };
    return { text: event("content_block_delta", delta), offsetMs: slot.offsetMs, tokenCount: slot.tokenCount };
  });
  if (writes.length === 0) writes.push({ text: "", offsetMs: plan.ttftMs, tokenCount: 0 });
  const first = writes[0] as SseWrite;
  first.text = opening(identity, plan) + first.text;
  (writes[writes.length - 1] as SseWrite).text += closing(plan);
  return writes;
}

/** An HTTP error in Anthropic's shape. */
export function anthropicErrorResponse(status: number, message: string): Response {
  const error = { type: ERROR_TYPES[status] ?? "api_error", message };
  return Response.json({ type: "error", error }, { status });
}
