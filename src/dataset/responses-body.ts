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
import {
  put,
  putLengthControls,
  putSampling,
  rowMaxTokens,
  type GenerationParams,
  type SamplingParams,
} from "./body-fields.ts";
import { isContentParts, isTokenIds } from "./prompt-check.ts";
import { responsesInputItems, responsesToolChoice, responsesTools } from "./responses-input.ts";

type Body = Record<string, unknown>;

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

export function responsesBody(row: Record<string, unknown>, params: GenerationParams & SamplingParams): Body {
  const body: Body = { model: params.model, input: responsesInput(row) };
  const { system } = row;
  if (typeof row.prompt === "string" || isContentParts(row.prompt))
    if (typeof system === "string" && system.length > 0) body.instructions = system;
  put(body, "max_output_tokens", rowMaxTokens(row, params));
  putLengthControls(body, row);
  body.stream = params.streaming;
  putSampling(body, params);
  put(body, "tools", responsesTools(row.tools));
  put(body, "tool_choice", responsesToolChoice(row.tool_choice));
  put(body, "user", row.user);
  return body;
}
