/**
 * @module client/openai-response — reading the parts of OpenAI-compatible JSON we measure.
 *
 * Chat (`choices[0].delta|message.{content, reasoning_content | reasoning, tool_calls}`) and
 * completions (`choices[0].text`) share one shape here. Only what a metric needs is read.
 * A tool call's function name and arguments are output text too (the model generated them),
 * so they count as text of their chunk. Server errors come in several dialects: OpenAI's,
 * vLLM's and SGLang's `{"error": {"message", "type", "code"}}` (in streams too), TGI's in-stream
 * `{"error": {"message", "http_status_code"}}` (always 422, so not read as a status), the older
 * top-level `{"object": "error", "message", "type", "code"}` (vLLM before 0.10.1, SGLang's HTTP
 * errors), TGI's HTTP `{"error": "…", "error_type": "…"}`, and proxies' `{"error": "Not Found",
 * "message": "…"}`; each gives its message, and its status or type when it has one
 * (client/classify-error turns those into a kind).
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
  /** Function names and argument text of the tool calls ("" when none). */
  toolText: string;
  /** The tool calls (or deltas) as sent; null when none. */
  toolCalls: readonly unknown[] | null;
  finishReason: string | null;
  /** The delta names a role: the role chunk that opens a chat stream (TGI names it in every chunk). */
  hasRole: boolean;
}

/** An error a server reported in a body or an SSE event. */
export interface ServerError {
  message: string;
  /** An HTTP status the error names (`code` or `status`), else null. */
  status: number | null;
  /** Its type or error_type, e.g. "server_error", "overloaded", "BadRequestError"; null when absent. */
  type: string | null;
}

type Json = Record<string, unknown>;

export function asObject(value: unknown): Json | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;
}

export function asCount(value: unknown): number | null {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : null;
}

export function readUsage(body: Json): UsageCounts | null {
  const usage = asObject(body.usage);
  if (!usage) return null;
  const details = asObject(usage.completion_tokens_details);
  return {
    promptTokens: asCount(usage.prompt_tokens),
    completionTokens: asCount(usage.completion_tokens),
    // OpenAI and vLLM count reasoning in completion_tokens_details; SGLang at the top of usage.
    reasoningTokens: (details ? asCount(details.reasoning_tokens) : null) ?? asCount(usage.reasoning_tokens),
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
  const toolCalls = message?.tool_calls;
  const hasToolCall = Array.isArray(toolCalls) && toolCalls.length > 0;
  return {
    content,
    reasoning: typeof reasoningValue === "string" ? reasoningValue : "",
    hasToolCall,
    toolText: hasToolCall ? toolCallText(toolCalls as unknown[]) : "",
    toolCalls: hasToolCall ? (toolCalls as unknown[]) : null,
    finishReason: typeof choice.finish_reason === "string" ? choice.finish_reason : null,
    hasRole: typeof message?.role === "string",
  };
}

function toolCallText(calls: readonly unknown[]): string {
  let text = "";
  for (const call of calls) {
    const fn = asObject(asObject(call)?.function);
    if (!fn) continue;
    if (typeof fn.name === "string") text += fn.name;
    if (typeof fn.arguments === "string") text += fn.arguments;
  }
  return text;
}

function asStatus(value: unknown): number | null {
  const n = typeof value === "string" && /^\d{3}$/.test(value) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 100 && n <= 599 ? n : null;
}

function asText(value: unknown): string | null {
  return typeof value === "string" ? value : null;
}

/** The error a body or event reports, in any of the dialects above; null when it reports none. */
export function readServerError(body: Json): ServerError | null {
  const error = body.error;
  const nested = asObject(error);
  if (nested) {
    const message = asText(nested.message) ?? asText(nested.error) ?? JSON.stringify(nested);
    // TGI's http_status_code is left out: it is 422 for every error TGI streams (overload, validation, a failed generation).
    const status = asStatus(nested.code) ?? asStatus(nested.status) ?? asStatus(body.code);
    return { message, status, type: asText(nested.type) ?? asText(nested.error_type) };
  }
  if (typeof error === "string") {
    return {
      message: asText(body.message) ?? error,
      status: asStatus(body.code) ?? asStatus(body.status),
      type: asText(body.error_type) ?? asText(body.type) ?? error,
    };
  }
  if (body.object === "error" && typeof body.message === "string") {
    return { message: body.message, status: asStatus(body.code), type: asText(body.type) };
  }
  if (error !== undefined && error !== null) return { message: JSON.stringify(error), status: null, type: null };
  return null;
}

/** The error of an event the server named `error`: its error object, or else the event itself is one. */
export function readErrorEvent(body: Json): ServerError {
  return (
    readServerError(body) ?? {
      message: asText(body.message) ?? JSON.stringify(body),
      status: asStatus(body.code) ?? asStatus(body.status),
      type: asText(body.type) ?? asText(body.error_type),
    }
  );
}

/** The message of the error a body or event reports, or null. */
export function readErrorMessage(body: Json): string | null {
  return readServerError(body)?.message ?? null;
}

export function parseJsonObject(text: string): Json | null {
  try {
    return asObject(JSON.parse(text));
  } catch {
    // Not JSON: the caller turns null into a typed error for this request.
    return null;
  }
}
