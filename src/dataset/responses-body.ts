/**
 * @module dataset/responses-body — the body of OpenAI's Responses API (`POST /v1/responses`) for one row.
 *
 * `input` is the row's prompt string (or its content parts as one user message), else its
 * `messages` as input items (dataset/responses-input). A `system` column goes to `instructions`,
 * which OpenAI documents as the system (developer) message of the request, and which vLLM and
 * llama.cpp put first in the prompt as a system message (llama.cpp counts the same input tokens
 * either way). A `messages` list keeps its system message as an item: the row's turns go as
 * they are. The token limit is `max_output_tokens`; streaming is `stream` alone, since the
 * Responses API reports usage in its `response.completed` event unasked (no `stream_options`).
 * Sampling fields are sent when configured, as for chat; a row's own `tools`, `tool_choice`
 * and `user` are forwarded, tools in the Responses API's flat form.
 */
import { InputError } from "../errors.ts";
import { isContentParts, isTokenIds } from "./prompt-check.ts";
import { responsesInputItems, responsesToolChoice, responsesTools } from "./responses-input.ts";

type Body = Record<string, unknown>;

/** What the Responses body takes from the effective model parameters (dataset/request-body). */
interface ResponsesParams {
  model: string;
  maxNewTokens: number | null;
  streaming: boolean;
  temperature?: number | null;
  topP?: number | null;
  topK?: number | null;
  seed?: number | null;
  repetitionPenalty?: number | null;
  presencePenalty?: number | null;
  frequencyPenalty?: number | null;
}

function put(body: Body, key: string, value: unknown): void {
  if (value !== null && value !== undefined) body[key] = value;
}

function responsesInput(row: Record<string, unknown>): unknown {
  const { prompt } = row;
  if (typeof prompt === "string") return prompt;
  if (isContentParts(prompt)) return responsesInputItems([{ role: "user", content: prompt }]);
  if (Array.isArray(row.messages) && row.messages.length > 0) return responsesInputItems(row.messages);
  throw new InputError(
    isTokenIds(row.input_tokens)
      ? "row has only 'input_tokens' (token ids), which a Responses request (api_type openai_responses) cannot send"
      : "row has neither 'messages' nor a 'prompt' for a Responses request",
    { hint: "map a text column with parser.prompt=<column>, or use --api-type openai_completions for token ids" },
  );
}

export function responsesBody(row: Record<string, unknown>, params: ResponsesParams): Body {
  const body: Body = { model: params.model, input: responsesInput(row) };
  const { system } = row;
  if (typeof row.prompt === "string" || isContentParts(row.prompt))
    if (typeof system === "string" && system.length > 0) body.instructions = system;
  put(body, "max_output_tokens", typeof row.max_new_tokens === "number" ? row.max_new_tokens : params.maxNewTokens);
  if (typeof row.min_tokens === "number") body.min_tokens = row.min_tokens;
  if (row.ignore_eos === true) body.ignore_eos = true;
  body.stream = params.streaming;
  put(body, "temperature", params.temperature);
  put(body, "top_p", params.topP);
  put(body, "top_k", params.topK);
  put(body, "seed", params.seed);
  put(body, "repetition_penalty", params.repetitionPenalty);
  put(body, "presence_penalty", params.presencePenalty);
  put(body, "frequency_penalty", params.frequencyPenalty);
  put(body, "tools", responsesTools(row.tools));
  put(body, "tool_choice", responsesToolChoice(row.tool_choice));
  put(body, "user", row.user);
  return body;
}
