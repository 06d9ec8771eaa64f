/**
 * @module server/anthropic-encoding — Anthropic Messages responses as the mock writes them: the whole body, the stream's writes, errors (pure).
 *
 * The stream is Anthropic's: `message_start` (usage.input_tokens), `content_block_start` of one
 * text block and a `ping`, one `content_block_delta` (`text_delta`) per chunk, then
 * `content_block_stop`, `message_delta` (stop_reason, cumulative usage.output_tokens) and
 * `message_stop`. As llama.cpp's server does, the opening events go out with the first delta, so
 * the first write is the first token's. Under `--tool-calls` the one block is a `tool_use` whose
 * input streams as `input_json_delta`s (the chat route's call, in Anthropic's blocks). Stop
 * reasons: `max_tokens` at the cap, `tool_use` for a call, else `end_turn`. With `--reasoning-tokens`
 * a `thinking` block (index 0) comes first: its `thinking_delta`s, then, in the write of the first
 * answer token, its `signature_delta` and stop and the text block's start (index 1), as Anthropic's
 * extended thinking streams them; usage has no reasoning count of its own there.
 * Errors are `{type: "error", error: {type, message}}`, the shape the official SDK reads.
 */
import { chunkSchedule, jsonStringBody, toolArgumentFrame, type ResponsePlan } from "./response-plan.ts";
import { reasoningCountOf, splitTokens, wholeParts } from "./reasoning-plan.ts";
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
  if (!plan.toolCall) return { type: "text", text: wholeParts(plan).answer };
  const [head, tail] = toolArgumentFrame(plan.toolCall);
  const input = JSON.parse(head + jsonStringBody(text) + tail) as Json;
  return { type: "tool_use", id: plan.toolCall.id, name: plan.toolCall.name, input };
}

/** A thinking block's signature: opaque to clients, which send it back unread. */
const SIGNATURE = "mock-signature";

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
    content:
      reasoningCountOf(plan) > 0
        ? [{ type: "thinking", thinking: wholeParts(plan).reasoning, signature: SIGNATURE }, wholeBlock(plan)]
        : [wholeBlock(plan)],
    stop_reason: stopReasonOf(plan),
    stop_sequence: null,
    usage: { input_tokens: plan.promptTokens, output_tokens: plan.tokens.length },
  });
}

function openBlock(plan: ResponsePlan): Json {
  const call = plan.toolCall;
  return call ? { type: "tool_use", id: call.id, name: call.name, input: {} } : { type: "text", text: "" };
}

/** The answer block's start, at `index` (1 after a thinking block). */
const startBlock = (plan: ResponsePlan, index: number): string =>
  event("content_block_start", { type: "content_block_start", index, content_block: openBlock(plan) });

/** A thinking block's end: its signature, then its stop. */
const closeThinking = (): string =>
  event("content_block_delta", {
    type: "content_block_delta",
    index: 0,
    delta: { type: "signature_delta", signature: SIGNATURE },
  }) + event("content_block_stop", { type: "content_block_stop", index: 0 });

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
  const first =
    reasoningCountOf(plan) > 0
      ? event("content_block_start", {
          type: "content_block_start",
          index: 0,
          content_block: { type: "thinking", thinking: "" },
        })
      : startBlock(plan, 0);
  return event("message_start", { type: "message_start", message }) + first + event("ping", { type: "ping" });
}

function closing(plan: ResponsePlan, answerIndex: number): string {
  return (
    event("content_block_stop", { type: "content_block_stop", index: answerIndex }) +
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
  const reasoned = reasoningCountOf(plan) > 0;
  const answerIndex = reasoned ? 1 : 0;
  let answerOpen = !reasoned;
  let next = 0;
  const writes: SseWrite[] = slots.map((slot, i) => {
    const { reasoning, answer } = splitTokens(plan, next, next + slot.tokenCount);
    next += slot.tokenCount;
    let events = reasoning ? event("content_block_delta", thinkingDelta(reasoning)) : "";
    if ((answer || plan.toolCall) && !answerOpen) {
      events += closeThinking() + startBlock(plan, answerIndex);
      answerOpen = true;
    }
    const json = `${i === 0 ? head : ""}${jsonStringBody(answer)}${i === slots.length - 1 ? tail : ""}`;
    const delta = plan.toolCall
      ? { type: "input_json_delta", partial_json: json }
      : { type: "text_delta", text: answer };
    if (answer || plan.toolCall)
      events += event("content_block_delta", { type: "content_block_delta", index: answerIndex, delta });
    return { text: events, offsetMs: slot.offsetMs, tokenCount: Math.min(slot.tokenCount, plan.tokens.length) };
  });
  if (writes.length === 0) writes.push({ text: "", offsetMs: plan.ttftMs, tokenCount: 0 });
  const first = writes[0] as SseWrite;
  first.text = opening(identity, plan) + first.text;
  // Reasoning only (cut at the cap): the thinking block still closes, and an empty text block follows.
  const unopened = answerOpen ? "" : closeThinking() + startBlock(plan, answerIndex);
  (writes[writes.length - 1] as SseWrite).text += unopened + closing(plan, answerIndex);
  return writes;
}

const thinkingDelta = (thinking: string): Json => ({
  type: "content_block_delta",
  index: 0,
  delta: { type: "thinking_delta", thinking },
});

/** An HTTP error in Anthropic's shape. */
export function anthropicErrorResponse(status: number, message: string): Response {
  const error = { type: ERROR_TYPES[status] ?? "api_error", message };
  return Response.json({ type: "error", error }, { status });
}
