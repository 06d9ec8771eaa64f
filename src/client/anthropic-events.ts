/**
 * @module client/anthropic-events — reading Anthropic's Messages API: its stream's typed events and its whole response.
 *
 * A stream (Anthropic's "Streaming Messages"; vLLM, SGLang and llama.cpp's `/v1/messages` write
 * the same) is `message_start` (the message, its `usage.input_tokens`), then per content block
 * `content_block_start`, `content_block_delta`s and `content_block_stop`, then `message_delta`
 * (`delta.stop_reason`, `usage.output_tokens`: the cumulative count) and `message_stop`, with
 * `ping`s anywhere. A delta is a chunk: `text_delta` of content, `thinking_delta` of reasoning,
 * `input_json_delta` of a tool call's arguments; a `tool_use` block's start carries the tool's
 * name, which the model generated, so it is a chunk too (as a chat stream's first tool-call
 * delta). `signature_delta` (a thinking block's signature) carries no text and is no chunk. Tool
 * calls are given in the chat shape (`index`, `id`, `function.name|arguments`) so one merge
 * (client/structured-output) serves both. An `error` event is read by client/openai-response.
 */
import { asCount, asObject, type ChoicePart, type UsageCounts } from "./openai-response.ts";

type Json = Record<string, unknown>;

/** What one Messages stream event means for a request's timing and counts. */
export interface AnthropicStep {
  /** The message's id (message_start). */
  id: string | null;
  /** The usage so far, merged over what earlier events said; null: unchanged. */
  usage: UsageCounts | null;
  stopReason: string | null;
  /** The response's end is at least this event (message_delta, message_stop). */
  end: boolean;
  /** message_stop: the response is complete, as `[DONE]` says for chat. */
  stop: boolean;
  /** The chunk this event carries; null for events that carry no output. */
  part: ChoicePart | null;
}

const NOTHING: AnthropicStep = { id: null, usage: null, stopReason: null, end: false, stop: false, part: null };
const STOP: AnthropicStep = { ...NOTHING, end: true, stop: true };
const chunkStep = (part: ChoicePart): AnthropicStep => ({ ...NOTHING, part });

const text = (v: unknown): string => (typeof v === "string" ? v : "");

function part(content: string, reasoning: string, toolCall: Json | null): ChoicePart {
  const fn = asObject(toolCall?.function);
  return {
    content,
    reasoning,
    hasToolCall: toolCall !== null,
    toolText: fn ? text(fn.name) + text(fn.arguments) : "",
    toolCalls: toolCall ? [toolCall] : null,
    finishReason: null,
    hasRole: false,
  };
}

/** Anthropic's input_tokens leaves out the prompt tokens read from or written to its cache: the prompt is their sum. */
function usageOf(value: unknown): UsageCounts | null {
  const usage = asObject(value);
  if (!usage) return null;
  const input = asCount(usage.input_tokens);
  const cached = (asCount(usage.cache_read_input_tokens) ?? 0) + (asCount(usage.cache_creation_input_tokens) ?? 0);
  return {
    promptTokens: input === null ? null : input + cached,
    completionTokens: asCount(usage.output_tokens),
    reasoningTokens: null,
  };
}

function blockStart(event: Json): AnthropicStep {
  const block = asObject(event.content_block);
  if (block?.type === "tool_use") {
    const call = {
      index: event.index,
      id: block.id,
      type: "function",
      function: { name: text(block.name), arguments: "" },
    };
    return chunkStep(part("", "", call));
  }
  // A text or thinking block may open with text of its own (Anthropic's open with "").
  const opening = text(block?.text) || text(block?.thinking);
  if (opening === "") return NOTHING;
  return chunkStep(block?.type === "thinking" ? part("", opening, null) : part(opening, "", null));
}

function blockDelta(event: Json): AnthropicStep {
  const delta = asObject(event.delta);
  switch (delta?.type) {
    case "text_delta":
      return chunkStep(part(text(delta.text), "", null));
    case "thinking_delta":
      return chunkStep(part("", text(delta.thinking), null));
    case "input_json_delta":
      return chunkStep(part("", "", { index: event.index, function: { arguments: text(delta.partial_json) } }));
    default:
      // signature_delta, and kinds added after this was written: no text.
      return NOTHING;
  }
}

/** Counts of `next` over those of `previous` where `next` has none. */
function merged(previous: UsageCounts | null, next: UsageCounts | null): UsageCounts {
  return {
    promptTokens: next?.promptTokens ?? previous?.promptTokens ?? null,
    completionTokens: next?.completionTokens ?? previous?.completionTokens ?? null,
    reasoningTokens: null,
  };
}

/** The step of one parsed event, `usage` the counts so far; null when the event is not one of Anthropic's (a chat chunk, say). */
export function readAnthropicEvent(event: Json, usage: UsageCounts | null): AnthropicStep | null {
  switch (event.type) {
    case "message_start": {
      const message = asObject(event.message);
      // Its output_tokens is the count before generation (0 or 1): message_delta gives the real one.
      const input = usageOf(message?.usage)?.promptTokens ?? null;
      const id = typeof message?.id === "string" ? message.id : null;
      return { ...NOTHING, id, usage: { promptTokens: input, completionTokens: null, reasoningTokens: null } };
    }
    case "content_block_start":
      return blockStart(event);
    case "content_block_delta":
      return blockDelta(event);
    case "message_delta": {
      const stop = asObject(event.delta)?.stop_reason;
      const stopReason = typeof stop === "string" ? stop : null;
      return { ...NOTHING, usage: merged(usage, usageOf(event.usage)), stopReason, end: true };
    }
    case "message_stop":
      return STOP;
    case "ping":
    case "content_block_stop":
      return NOTHING;
    default:
      return null;
  }
}

/** A whole Messages response (`type: "message"`): its blocks as one part, its usage and stop reason; null when the body is not one. */
export function readAnthropicMessage(
  body: Json,
): { part: ChoicePart; usage: UsageCounts | null; id: string | null } | null {
  if (body.type !== "message" || !Array.isArray(body.content)) return null;
  let content = "";
  let reasoning = "";
  const calls: Json[] = [];
  body.content.forEach((raw, index) => {
    const block = asObject(raw);
    if (block?.type === "text") content += text(block.text);
    else if (block?.type === "thinking") reasoning += text(block.thinking);
    else if (block?.type === "tool_use")
      calls.push({
        index,
        id: block.id,
        type: "function",
        function: { name: text(block.name), arguments: JSON.stringify(block.input ?? {}) },
      });
  });
  const whole: ChoicePart = {
    ...part(content, reasoning, null),
    hasToolCall: calls.length > 0,
    toolText: calls.map((c) => text(asObject(c.function)?.name) + text(asObject(c.function)?.arguments)).join(""),
    toolCalls: calls.length > 0 ? calls : null,
    finishReason: typeof body.stop_reason === "string" ? body.stop_reason : null,
  };
  return { part: whole, usage: usageOf(body.usage), id: typeof body.id === "string" ? body.id : null };
}
