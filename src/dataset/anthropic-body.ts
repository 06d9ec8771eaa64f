/**
 * @module dataset/anthropic-body — the body of Anthropic's Messages API (`/v1/messages`) for one row,
 * as vLLM, SGLang and llama.cpp's server take it.
 *
 * `messages` from the row's chat messages with the system message(s) lifted into `system`
 * (dataset/anthropic-messages), else one user message holding the prompt and the row's
 * `system` as `system`. `max_tokens` is required by the API: it is always sent, the row's own
 * `max_new_tokens` or else `model_params.max_new_tokens` (default 1024). Sampling: temperature,
 * top_p, top_k; the row's `stop` as `stop_sequences`; its tools in Anthropic's shape (`name`,
 * `description`, `input_schema`) and `tool_choice` as `auto | any | none | tool`; its `user` as
 * `metadata.user_id` (its `logit_bias` and `chat_template` have no field: workload/dropped-columns
 * warns). The output-length
 * controls synthetic rows ask with (`min_tokens`, `ignore_eos`) go out as for chat. No
 * `stream_options`: the Messages stream reports usage in `message_start` and `message_delta`.
 */
import { InputError } from "../errors.ts";
import { anthropicConversation } from "./anthropic-messages.ts";
import { put, putLengthControls, rowMaxTokens, type GenerationParams, type SamplingParams } from "./body-fields.ts";
import { isContentParts } from "./prompt-check.ts";

/** What the Messages body takes from the effective model parameters: of the sampling ones, the three Anthropic's API has. */
type AnthropicParams = GenerationParams & Pick<SamplingParams, "temperature" | "topP" | "topK">;

type Json = Record<string, unknown>;

/** The API requires max_tokens; this is sent when no limit is configured (the schema's own default). */
const DEFAULT_MAX_TOKENS = 1024;

const asObject = (v: unknown): Json | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null;

/** An OpenAI `{type: "function", function: {...}}` tool as Anthropic's; a tool already in that shape passes. */
export function anthropicTool(tool: unknown): unknown {
  const fn = asObject(asObject(tool)?.function);
  if (!fn) return tool;
  const out: Json = { name: fn.name, input_schema: fn.parameters ?? { type: "object", properties: {} } };
  put(out, "description", fn.description);
  return out;
}

/** OpenAI's tool_choice (`auto`, `none`, `required`, a named function) as Anthropic's. */
export function anthropicToolChoice(choice: unknown): unknown {
  if (choice === "auto" || choice === "none") return { type: choice };
  if (choice === "required") return { type: "any" };
  const name = asObject(asObject(choice)?.function)?.name;
  return typeof name === "string" ? { type: "tool", name } : choice;
}

/** A chat `stop` (a string or a list) as `stop_sequences` (always a list). */
export function stopSequences(stop: unknown): unknown {
  return typeof stop === "string" ? [stop] : stop;
}

function rowConversation(row: Json): { messages: Json[]; system: unknown } {
  if (Array.isArray(row.messages) && row.messages.length > 0) return anthropicConversation(row.messages);
  const { prompt, system } = row;
  if (typeof prompt !== "string" && !isContentParts(prompt)) {
    throw new InputError("row has neither 'messages' nor a text 'prompt' for a Messages request", {
      hint: "map the prompt column with parser.prompt=<column> (token ids need --api-type openai_completions or sglang)",
    });
  }
  const { messages } = anthropicConversation([{ role: "user", content: prompt }]);
  return { messages, system: typeof system === "string" || isContentParts(system) ? system : null };
}

/** The Messages request body (before extra_body) for `row`. Throws InputError when the row has no prompt. */
export function anthropicBody(row: Json, params: AnthropicParams): Json {
  const { messages, system } = rowConversation(row);
  const body: Json = { model: params.model, max_tokens: rowMaxTokens(row, params) ?? DEFAULT_MAX_TOKENS, messages };
  put(body, "system", system);
  body.stream = params.streaming;
  put(body, "temperature", params.temperature);
  put(body, "top_p", params.topP);
  put(body, "top_k", params.topK);
  put(body, "stop_sequences", stopSequences(row.stop));
  if (Array.isArray(row.tools)) body.tools = row.tools.map(anthropicTool);
  put(body, "tool_choice", row.tool_choice === undefined ? undefined : anthropicToolChoice(row.tool_choice));
  // Anthropic's end-user id lives in metadata.user_id, where chat has `user`.
  if (typeof row.user === "string") body.metadata = { user_id: row.user };
  putLengthControls(body, row);
  return body;
}
