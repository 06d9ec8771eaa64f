/**
 * @module client/responses-events — reading OpenAI's Responses API (`/v1/responses`): its typed
 * stream events and its whole response (pure).
 *
 * Every streamed event names its kind in `type` (OpenAI, vLLM and llama.cpp also repeat it on
 * the `event:` line). Deltas of output text, reasoning text or summaries, and function-call
 * arguments are output chunks, as content, reasoning and tool-call deltas are for chat.
 * `response.completed` and `response.incomplete` end the response (the Responses API sends no
 * `[DONE]`) and carry `response.usage` {input_tokens, output_tokens,
 * output_tokens_details.reasoning_tokens}; `response.failed` and an `error` event are the
 * server's error. Other events (created, in_progress, output_item.added, content_part.added, the
 * `.done` events) carry no new output — except `response.output_item.added` of a `function_call` item: it
 * carries the function's name, which the model generated, so it is a chunk, as Anthropic's `tool_use` block
 * start (client/anthropic-events) and chat's first tool-call delta (the one with `function.name`) are; TTFT is
 * then the same instant in every dialect. Statuses map onto chat's finish reasons so that reports
 * count them alike: completed → stop (tool_calls when the output holds a function call), an
 * incomplete response's `max_output_tokens` → length, its `content_filter` → content_filter.
 */
import { asCount, asObject, type ChoicePart, type ServerError, type UsageCounts } from "./openai-response.ts";
import { readServerFigures, type ServerFigures } from "./server-figures.ts";

type Json = Record<string, unknown>;

/** What one Responses stream event means for the measurement. */
export interface ResponsesEvent {
  /** New output text of a delta event (text, reasoning or function-call arguments); null for other events. */
  delta: string | null;
  /** The delta is reasoning (reasoning text or its summary). */
  reasoning: boolean;
  /** The delta is a function call's arguments. */
  toolCall: boolean;
  /** The response is over (completed or incomplete): its finish reason and usage follow. */
  end: boolean;
  finishReason: string | null;
  usage: UsageCounts | null;
  /** The server reported an error (`response.failed`, an `error` event). */
  error: ServerError | null;
  responseId: string | null;
  /** What the end event says of the server's own time (llama.cpp's `timings` ride on it). */
  figures: ServerFigures | null;
  /** The end event's function calls as chat's tool calls, for output kept as its parts (client/structured-output). */
  toolCalls: ChoicePart | null;
}

const TEXT_DELTAS = new Set(["response.output_text.delta", "response.refusal.delta"]);
const REASONING_DELTAS = new Set(["response.reasoning_text.delta", "response.reasoning_summary_text.delta"]);
const TOOL_DELTAS = new Set(["response.function_call_arguments.delta"]);
const ENDS = new Set(["response.completed", "response.incomplete"]);
const ITEM_ADDED = "response.output_item.added";

const NOTHING: ResponsesEvent = {
  delta: null,
  reasoning: false,
  toolCall: false,
  end: false,
  finishReason: null,
  usage: null,
  error: null,
  responseId: null,
  figures: null,
  toolCalls: null,
};

/** Whether `event` is a Responses stream event: its `type` is `error` or starts with `response.`. */
export function isResponsesEvent(event: Json): boolean {
  const { type } = event;
  return typeof type === "string" && (type.startsWith("response.") || (type === "error" && !("error" in event)));
}

/** The Responses API's usage; null when `response` has none. */
export function readResponsesUsage(response: Json): UsageCounts | null {
  const usage = asObject(response.usage);
  if (!usage) return null;
  return {
    promptTokens: asCount(usage.input_tokens),
    completionTokens: asCount(usage.output_tokens),
    reasoningTokens: asCount(asObject(usage.output_tokens_details)?.reasoning_tokens),
  };
}

/** Chat's finish reason for a finished response object (see the module's mapping). */
export function responsesFinishReason(response: Json): string | null {
  const status = response.status;
  if (status === "incomplete") {
    const reason = asObject(response.incomplete_details)?.reason;
    if (reason === "max_output_tokens") return "length";
    return typeof reason === "string" ? reason : "length";
  }
  if (status !== "completed") return null;
  const output = Array.isArray(response.output) ? response.output : [];
  return output.some((item) => asObject(item)?.type === "function_call") ? "tool_calls" : "stop";
}

/** The error of a failed response (`response.error`) or of an `error` event (`code`, `message`). */
export function readResponsesError(error: Json): ServerError {
  const message = typeof error.message === "string" ? error.message : JSON.stringify(error);
  const code = error.code;
  const status = typeof code === "number" && code >= 400 && code <= 599 ? code : null;
  return { message, status, type: typeof code === "string" ? code : null };
}

/** A finished response's `function_call` items as one chat choice's tool calls (id = call_id); null when it has none. */
export function responsesToolCalls(response: Json): ChoicePart | null {
  const output = Array.isArray(response.output) ? response.output : [];
  const calls = output.flatMap((value, index) => {
    const item = asObject(value);
    if (item?.type !== "function_call") return [];
    return [{ index, id: item.call_id, type: "function", function: { name: item.name, arguments: item.arguments } }];
  });
  if (calls.length === 0) return null;
  return {
    content: "",
    reasoning: "",
    hasToolCall: true,
    toolText: "",
    toolCalls: calls,
    finishReason: null,
    hasRole: false,
  };
}

/** One stream event's meaning (the caller has checked isResponsesEvent). */
export function readResponsesEvent(event: Json): ResponsesEvent {
  const type = event.type as string;
  if (TEXT_DELTAS.has(type) || REASONING_DELTAS.has(type) || TOOL_DELTAS.has(type)) {
    const delta = typeof event.delta === "string" ? event.delta : "";
    return { ...NOTHING, delta, reasoning: REASONING_DELTAS.has(type), toolCall: TOOL_DELTAS.has(type) };
  }
  if (type === ITEM_ADDED) {
    const item = asObject(event.item);
    if (item?.type !== "function_call") return NOTHING;
    return { ...NOTHING, delta: typeof item.name === "string" ? item.name : "", toolCall: true };
  }
  if (type === "error") return { ...NOTHING, error: readResponsesError(event) };
  const response = asObject(event.response);
  const responseId = response && typeof response.id === "string" ? response.id : null;
  if (type === "response.failed") {
    const error = asObject(response?.error);
    return {
      ...NOTHING,
      responseId,
      error: error ? readResponsesError(error) : { message: "the response failed", status: null, type: null },
    };
  }
  if (!ENDS.has(type) || !response) return { ...NOTHING, responseId };
  return {
    ...NOTHING,
    responseId,
    end: true,
    finishReason: responsesFinishReason(response),
    usage: readResponsesUsage(response),
    // llama.cpp writes its timings beside the response, vLLM its metrics inside it.
    figures: readServerFigures(event) ?? readServerFigures(response),
    toolCalls: responsesToolCalls(response),
  };
}

/** A whole (non-streaming) response's output: its text, reasoning and function-call text, in order. */
export function responsesOutputText(response: Json): { text: string; reasoning: string; toolText: string } {
  let text = "";
  let reasoning = "";
  let toolText = "";
  for (const value of Array.isArray(response.output) ? response.output : []) {
    const item = asObject(value);
    if (!item) continue;
    if (item.type === "function_call") {
      toolText += `${typeof item.name === "string" ? item.name : ""}${typeof item.arguments === "string" ? item.arguments : ""}`;
      continue;
    }
    const parts = [
      ...(Array.isArray(item.content) ? item.content : []),
      ...(Array.isArray(item.summary) ? item.summary : []),
    ];
    for (const part of parts) {
      const piece = asObject(part);
      if (piece?.type === "refusal" && typeof piece.refusal === "string") text += piece.refusal;
      if (typeof piece?.text !== "string") continue;
      if (item.type === "reasoning") reasoning += piece.text;
      else if (piece.type === "output_text") text += piece.text;
    }
  }
  return { text, reasoning, toolText };
}
