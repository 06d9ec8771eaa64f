/**
 * @module dataset/request-body — builds the JSON request body for one dataset row and the URL
 * it is sent to.
 *
 * - `openai` → `/v1/chat/completions`: `messages` from the row verbatim when present, else
 *   `[system?] + user(prompt, name?)`; sampling parameters from the model params; the row's
 *   own `n, stop, tools, tool_choice, logit_bias, user, chat_template` are forwarded.
 * - `openai_completions` → `/v1/completions`: `prompt` is the row's `input_tokens` ids when
 *   present, else its prompt text (ours: upstream requires pre-tokenized ids).
 * - `sglang` → `/generate`: SGLang's native body (dataset/sglang-body).
 * - `openai_responses` → `/v1/responses`: OpenAI's Responses API (dataset/responses-body).
 * - `anthropic_messages` → `/v1/messages`: Anthropic's Messages body (dataset/anthropic-body).
 * - `openai_embeddings` → `/v1/embeddings` (dataset/embeddings-body), `rerank` → `/v1/rerank`
 *   (dataset/rerank-body); `--batch-size` rows make one embeddings request (workload/batch-rows).
 * - Null and undefined fields are left out. Streaming requests ask for
 *   `stream_options.include_usage` so the server reports token usage in its last event.
 * - `extra_body` fills in last (dataset/extra-body), so the send path sends it at no cost.
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
import { mergeExtraBody } from "./extra-body.ts";
import { isContentParts, isTokenIds } from "./prompt-check.ts";
import { responsesBody } from "./responses-body.ts";
import { sglangBody } from "./sglang-body.ts";
import { anthropicBody } from "./anthropic-body.ts";
import { embeddingsBody } from "./embeddings-body.ts";
import { rerankBody } from "./rerank-body.ts";
import { POOLING_ROUTES, type PoolingApiType, type PoolingRoute } from "./pooling-api.ts";

export type ApiType =
  | "openai"
  | "openai_completions"
  | "sglang"
  | "openai_responses"
  | "anthropic_messages"
  | PoolingApiType;
type ApiRoute =
  | "/v1/chat/completions"
  | "/v1/completions"
  | "/generate"
  | "/v1/responses"
  | "/v1/messages"
  | PoolingRoute;

/** Effective model parameters of a dataset (camelCase of the YAML `model_params`). */
export interface RequestBodyParams extends GenerationParams, SamplingParams {
  apiType: ApiType;
  minNewTokens?: number | null;
  skipSpecialTokens?: boolean | null;
  chatTemplateKwargs?: Record<string, unknown> | null;
  /** Vendor fields merged into every body (`extra_body`, a dataset's override merged over it). */
  extraBody?: Readonly<Record<string, unknown>> | null;
}

type Body = Record<string, unknown>;

const CHAT_ROW_FIELDS = ["n", "stop", "tools", "tool_choice", "logit_bias", "user", "chat_template"] as const;
const COMPLETION_ROW_FIELDS = ["n", "stop"] as const;

function putStreaming(body: Body, streaming: boolean): void {
  body.stream = streaming;
  if (streaming) body.stream_options = { include_usage: true };
}

function chatMessages(row: Record<string, unknown>): unknown[] {
  if (Array.isArray(row.messages) && row.messages.length > 0) return row.messages;
  const { prompt, system, name } = row;
  if (typeof prompt !== "string" && !isContentParts(prompt)) {
    if (isTokenIds(row.input_tokens)) {
      throw new InputError(
        "row has only 'input_tokens' (token ids), which a chat request (api_type openai) cannot send",
        {
          hint: "use --api-type openai_completions (or sglang) for a pre-tokenized dataset, or map a text column with parser.prompt=<column>",
        },
      );
    }
    throw new InputError("row has neither 'messages' nor a 'prompt' for a chat request", {
      hint: "map the prompt column with parser.prompt=<column>",
    });
  }
  const messages: unknown[] = [];
  if (typeof system === "string" || isContentParts(system)) messages.push({ role: "system", content: system });
  const user: Body = { role: "user", content: prompt };
  if (typeof name === "string") user.name = name;
  messages.push(user);
  return messages;
}

function chatBody(row: Record<string, unknown>, params: RequestBodyParams): Body {
  const body: Body = { model: params.model, messages: chatMessages(row) };
  put(body, "max_completion_tokens", rowMaxTokens(row, params));
  putLengthControls(body, row);
  putStreaming(body, params.streaming);
  putSampling(body, params);
  put(body, "chat_template_kwargs", params.chatTemplateKwargs);
  for (const key of CHAT_ROW_FIELDS) put(body, key, row[key]);
  return body;
}

function completionsBody(row: Record<string, unknown>, params: RequestBodyParams): Body {
  let prompt: string | number[];
  if (isTokenIds(row.input_tokens)) prompt = row.input_tokens;
  else if (typeof row.prompt === "string") prompt = row.prompt;
  else {
    throw new InputError("api_type openai_completions needs 'input_tokens' ids or a text 'prompt' in every row", {
      hint: "use api_type openai for rows that only have 'messages' or content parts",
    });
  }
  const body: Body = { model: params.model, prompt };
  put(body, "max_tokens", rowMaxTokens(row, params));
  put(body, "min_tokens", params.minNewTokens);
  putLengthControls(body, row);
  put(body, "skip_special_tokens", params.skipSpecialTokens);
  putStreaming(body, params.streaming);
  putSampling(body, params);
  for (const key of COMPLETION_ROW_FIELDS) put(body, key, row[key]);
  return body;
}

/** The JSON text of the request for `row`. Throws InputError when the row lacks its input. */
export function buildRequestBody(row: Record<string, unknown>, params: RequestBodyParams): string {
  switch (params.apiType) {
    case "openai":
      return JSON.stringify(mergeExtraBody(chatBody(row, params), params.extraBody));
    case "openai_completions":
      return JSON.stringify(mergeExtraBody(completionsBody(row, params), params.extraBody));
    case "sglang":
      return JSON.stringify(mergeExtraBody(sglangBody(row, params), params.extraBody));
    case "openai_responses":
      return JSON.stringify(mergeExtraBody(responsesBody(row, params), params.extraBody));
    case "anthropic_messages":
      return JSON.stringify(mergeExtraBody(anthropicBody(row, params), params.extraBody));
    case "openai_embeddings":
      return JSON.stringify(mergeExtraBody(embeddingsBody([row], params.model), params.extraBody));
    case "rerank":
      return JSON.stringify(mergeExtraBody(rerankBody(row, params.model), params.extraBody));
    default:
      throw new InputError(`unsupported api_type '${String(params.apiType satisfies never)}'`, {
        hint: "use openai, openai_completions, sglang, openai_responses, anthropic_messages, openai_embeddings or rerank",
      });
  }
}

/**
 * Every row's body, in row order; a row that cannot be sent is an InputError naming the dataset's
 * file and the row (1-based), with the row's own hint.
 */
export function buildDatasetBodies(
  dataset: { path: string; rows: readonly Record<string, unknown>[] },
  params: RequestBodyParams,
): string[] {
  return dataset.rows.map((row, index) => {
    try {
      return buildRequestBody(row, params);
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      throw new InputError(
        `${dataset.path}: row ${index + 1}: ${error.message.replace(/^row /, "")}`,
        error.hint ? { hint: error.hint } : {},
      );
    }
  });
}

/** The path each api_type posts to. */
export function routeFor(apiType: ApiType): ApiRoute {
  if (apiType === "sglang") return "/generate";
  if (apiType === "openai_responses") return "/v1/responses";
  if (apiType === "anthropic_messages") return "/v1/messages";
  if (apiType === "openai_embeddings" || apiType === "rerank") return POOLING_ROUTES[apiType];
  return apiType === "openai_completions" ? "/v1/completions" : "/v1/chat/completions";
}

/**
 * Appends `route` to the server root `base`. Trailing slashes of `base` are dropped, and
 * (ours) a base that already ends in `/v1` is not doubled: `http://h/v1` + `/v1/completions`
 * → `http://h/v1/completions`, since users often paste the OpenAI-style base URL. For the same
 * reason SGLang's root-level `/generate` drops such a `/v1`.
 */
export function joinEndpointUrl(base: string, route: string): string {
  const root = base.replace(/\/+$/, "");
  const path = route.startsWith("/") ? route : `/${route}`;
  if (root.endsWith("/v1") && (path === "/v1" || path.startsWith("/v1/"))) return root + path.slice(3);
  if (root.endsWith("/v1") && path === "/generate") return root.slice(0, -3) + path;
  return root + path;
}
