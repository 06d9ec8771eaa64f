/**
 * @module server/anthropic-encoding — Anthropic Messages responses as the mock writes them: the whole body, the stream's writes, errors (pure).
 *
 * The stream is Anthropic's: `message_start` (usage.input_tokens), `content_block_start` of one
 * text block and a `ping`, one `content_block_delta` (`text_delta`) per chunk, then
 * `content_block_stop`, `message_delta` (stop_reason, cumulative usage.output_tokens) and
 * `message_stop`. As llama.cpp's server does, the opening events go out with the first delta, so
 * the first write is the first token's. Under `--tool-calls` the one block is a `tool_use` whose
 * input streams as `input_json_delta`s (the chat route's call, in Anthropic's blocks). Stop
 * reasons: `max_tokens` at the cap, `tool_use` for a call, else `end_turn`.
 * Errors are `{type: "error", error: {type, message}}`, the shape the official SDK reads.
 */
import { chunkSchedule, jsonStringBody, toolArgumentFrame, type ResponsePlan } from "./response-plan.ts";
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
  if (plan.finishReason === "length") return "max_tokens";
  return plan.finishReason === "tool_calls" ? "tool_use" : "end_turn";
}

/** The answer's one content block as the whole body carries it. */
function wholeBlock(plan: ResponsePlan): Json {
  const text = plan.tokens.join("");
  if (!plan.toolCall) return { type: "text", text };
  const [head, tail] = toolArgumentFrame(plan.toolCall);
  const input = JSON.parse(head + jsonStringBody(text) + tail) as Json;
  return { type: "tool_use", id: plan.toolCall.id, name: plan.toolCall.name, input };
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
    content: [wholeBlock(plan)],
    stop_reason: stopReasonOf(plan),
    stop_sequence: null,
    usage: { input_tokens: plan.promptTokens, output_tokens: plan.tokens.length },
  });
}

function openBlock(plan: ResponsePlan): Json {
  const call = plan.toolCall;
  return call ? { type: "tool_use", id: call.id, name: call.name, input: {} } : { type: "text", text: "" };
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
    event("content_block_start", { type: "content_block_start", index: 0, content_block: openBlock(plan) }) +
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
  const count = plan.toolCall ? Math.max(1, plan.tokens.length) : plan.tokens.length;
  const slots = chunkSchedule(count, tokensPerChunk, plan.ttftMs, plan.tpotMs);
  const [head, tail] = plan.toolCall ? toolArgumentFrame(plan.toolCall) : ["", ""];
  let next = 0;
  const writes: SseWrite[] = slots.map((slot, i) => {
    const text = plan.tokens.slice(next, next + slot.tokenCount).join("");
    next += slot.tokenCount;
    const json = `${i === 0 ? head : ""}${jsonStringBody(text)}${i === slots.length - 1 ? tail : ""}`;
    const delta = plan.toolCall ? { type: "input_json_delta", partial_json: json } : { type: "text_delta", text };
    const tokenCount = Math.min(slot.tokenCount, plan.tokens.length);
    return {
      text: event("content_block_delta", { type: "content_block_delta", index: 0, delta }),
      offsetMs: slot.offsetMs,
      tokenCount,
    };
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
