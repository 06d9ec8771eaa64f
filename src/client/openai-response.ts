/**
 * @module client/openai-response — reading the parts of OpenAI-compatible JSON we measure.
 *
 * Chat (`choices[0].delta|message.{content, reasoning_content | reasoning, tool_calls}`) and
 * completions (`choices[0].text`) share one shape here. Only what a metric needs is read.
 */

export interface UsageCounts {
  promptTokens: number | null;
  completionTokens: number | null;
  reasoningTokens: number | null;
}

export interface ChoicePart {
  /** Content text (chat content or completions text). */
  content: string;
  reasoning: string;
  hasToolCall: boolean;
  finishReason: string | null;
}

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

function asCount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

export function readUsage(body: Json): UsageCounts | null {
  const usage = asObject(body.usage);
  if (!usage) return null;
  const details = asObject(usage.completion_tokens_details);
  return {
    promptTokens: asCount(usage.prompt_tokens),
    completionTokens: asCount(usage.completion_tokens),
    reasoningTokens: details ? asCount(details.reasoning_tokens) : null,
  };
}

/** The first choice of a chunk or a full response; null when `choices` is absent or empty. */
export function readChoice(body: Json, streaming: boolean): ChoicePart | null {
  const choices = body.choices;
  if (!Array.isArray(choices) || choices.length === 0) return null;
  const choice = asObject(choices[0]);
  if (!choice) return null;
  const message = asObject(streaming ? choice.delta : choice.message);
  const text = typeof choice.text === "string" ? choice.text : "";
  const content = message && typeof message.content === "string" ? message.content : text;
  const reasoningValue = message ? (message.reasoning_content ?? message.reasoning) : undefined;
  return {
    content,
    reasoning: typeof reasoningValue === "string" ? reasoningValue : "",
    hasToolCall: Array.isArray(message?.tool_calls) && (message.tool_calls as unknown[]).length > 0,
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
  };
}

/** An `{"error": …}` object inside a 200 response or an SSE event. */
export function readErrorMessage(body: Json): string | null {
  const error = body.error;
  if (error === undefined || error === null) return null;
  const object = asObject(error);
  if (object && typeof object.message === "string") return object.message;
  return typeof error === "string" ? error : JSON.stringify(error);
}

export function parseJsonObject(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    // Not JSON: the caller turns null into a typed error for this request.
    return null;
  }
}
