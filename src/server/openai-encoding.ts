/**
 * @module server/openai-encoding — OpenAI/vLLM response bodies and SSE events as strings.
 *
 * SSE events are built from a prefix and suffix fixed per response plus `JSON.stringify` of the
 * token text only: a chunk costs one small string concatenation instead of an object stringify.
 */
import type { ApiKind } from "./openai-request.ts";
import type { FinishReason, ToolCallPlan } from "./response-plan.ts";

/** The fields every body and chunk of one response repeats. */
export interface ResponseIdentity {
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
}

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  /** Present only when the answer reasoned (`serve --reasoning-tokens`), where OpenAI and vLLM count it. */
  completion_tokens_details?: { reasoning_tokens: number };
}

export const SSE_DONE = "data: [DONE]\n\n";

export function usageOf(promptTokens: number, completionTokens: number, reasoningTokens = 0): Usage {
  const usage: Usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };
  if (reasoningTokens > 0) usage.completion_tokens_details = { reasoning_tokens: reasoningTokens };
  return usage;
}

/** One choice of a whole response; with a tool call, `text` is its argument JSON. */
interface ChoiceText {
  text: string;
  finishReason: FinishReason;
  toolCall?: ToolCallPlan;
  /** Chat: the message's `reasoning_content` (server/reasoning-plan); absent or "" = none. */
  reasoning?: string;
}

/** A non-streaming `chat.completion` or `text_completion` body with one choice. */
export function encodeCompletionBody(
  kind: ApiKind,
  identity: ResponseIdentity,
  text: string,
  finishReason: FinishReason,
  usage: Usage,
): string {
  return encodeChoicesBody(kind, identity, [{ text, finishReason }], usage);
}

/** A non-streaming body with one choice per entry, `index` by position (`n > 1`, prompt arrays). */
export function encodeChoicesBody(
  kind: ApiKind,
  identity: ResponseIdentity,
  texts: readonly ChoiceText[],
  usage: Usage,
): string {
  const choices = texts.map(({ text, finishReason, toolCall, reasoning }, index) =>
    kind === "chat"
      ? {
          index,
          message: toolCall
            ? toolCallMessage(toolCall, text)
            : reasoning
              ? { role: "assistant", reasoning_content: reasoning, content: text }
              : { role: "assistant", content: text },
          logprobs: null,
          finish_reason: finishReason,
        }
      : { index, text, logprobs: null, finish_reason: finishReason },
  );
  const object = kind === "chat" ? "chat.completion" : "text_completion";
  return JSON.stringify({ id: identity.id, object, created: identity.created, model: identity.model, choices, usage });
}

function toolCallMessage(call: ToolCallPlan, args: string) {
  return {
    role: "assistant",
    content: null,
    tool_calls: [{ id: call.id, type: "function", function: { name: call.name, arguments: args } }],
  };
}

/** Builds the events of one streamed response. */
interface SseEncoder {
  /** Chat only: the `{role:"assistant", content:""}` event that opens the stream ("" for completions). */
  role(): string;
  content(text: string): string;
  /** Chat: a `reasoning_content` delta (server/reasoning-plan). */
  reasoning(text: string): string;
  /** The event with an empty delta (or text) and the finish reason. */
  finish(reason: FinishReason): string;
  /** The `choices: []` event carrying usage (`stream_options.include_usage`). */
  usage(usage: Usage): string;
  /** Chat: a tool call's first delta (id, type, name) with the first argument text. */
  toolCallOpen(call: ToolCallPlan, args: string): string;
  /** Chat: more argument text of the tool call. */
  toolArguments(args: string): string;
}

/** The events of choice `index` (each chunk carries one choice, as vLLM streams `n > 1`). */
export function createSseEncoder(kind: ApiKind, identity: ResponseIdentity, index = 0): SseEncoder {
  const object = kind === "chat" ? "chat.completion.chunk" : "text_completion";
  const head = `data: {"id":${JSON.stringify(identity.id)},"object":"${object}","created":${identity.created},"model":${JSON.stringify(identity.model)},`;
  const openChoice = `${head}"choices":[{"index":${index},`;
  const contentKey = kind === "chat" ? `"delta":{"content":` : `"text":`;
  const contentTail =
    kind === "chat" ? `},"logprobs":null,"finish_reason":null}]}\n\n` : `,"logprobs":null,"finish_reason":null}]}\n\n`;
  const emptyDelta = kind === "chat" ? `"delta":{}` : `"text":""`;
  const roleEvent =
    kind === "chat"
      ? `${openChoice}"delta":{"role":"assistant","content":""},"logprobs":null,"finish_reason":null}]}\n\n`
      : "";
  return {
    role: () => roleEvent,
    content: (text) => `${openChoice}${contentKey}${JSON.stringify(text)}${contentTail}`,
    reasoning: (text) => `${openChoice}"delta":{"reasoning_content":${JSON.stringify(text)}${contentTail}`,
    finish: (reason) => `${openChoice}${emptyDelta},"logprobs":null,"finish_reason":"${reason}"}]}\n\n`,
    usage: (usage) => `${head}"choices":[],"usage":${JSON.stringify(usage)}}\n\n`,
    toolCallOpen: (call, args) =>
      `${openChoice}"delta":{"role":"assistant","content":null,"tool_calls":[{"index":0,"id":${JSON.stringify(call.id)},` +
      `"type":"function","function":{"name":${JSON.stringify(call.name)},"arguments":${JSON.stringify(args)}}}]},` +
      `"logprobs":null,"finish_reason":null}]}\n\n`,
    toolArguments: (args) =>
      `${openChoice}"delta":{"tool_calls":[{"index":0,"function":{"arguments":${JSON.stringify(args)}}}]},"logprobs":null,"finish_reason":null}]}\n\n`,
  };
}
