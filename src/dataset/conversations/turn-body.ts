/**
 * @module dataset/conversations/turn-body — the chat request body of one client turn.
 *
 * Field precedence is upstream's: the row's own value; else the model parameters (model,
 * sampling, chat_template_kwargs, max_completion_tokens = max_new_tokens), filling gaps only;
 * else the conversation's first user row (model, max tokens, stream, tools), so tool turns get
 * the tools and limits the conversation started with. The output limit is the first set of
 * max_new_tokens, max_completion_tokens, max_tokens (128 when none), sent as an integer
 * max_completion_tokens. Only keys a chat server reads go out; `delay_seconds`, tool results
 * and the recorded tool calls never do.
 * Ours: `stream` follows the run's streaming setting (a row asking otherwise is refused, since
 * one run reads one kind of response), and a streaming request asks for usage. `messages` is
 * the first key, with the system message first, so a salted copy is one splice (see
 * `systemSpan`); `extra_body` fills in after it (dataset/extra-body). For api_type
 * openai_responses the same turn goes as the Responses API's body (conversations/responses-turn),
 * its `input` first with the system item first, for the same splice.
 */
import { InputError } from "../../errors.ts";
import { mergeExtraBody } from "../extra-body.ts";
import type { RequestBodyParams } from "../request-body.ts";
import type { ClientTurn, Conversation } from "./conversation-history.ts";
import { responsesTurnFields } from "./responses-turn.ts";

/**
 * Keys copied from the row (or its defaults) into the body, in upstream's chat adapter order;
 * ours after it: the output-length controls the synthetic conversations ask with (vLLM, SGLang).
 */
const FORWARDED = [
  "model",
  "temperature",
  "seed",
  "top_p",
  "top_k",
  "repetition_penalty",
  "n",
  "presence_penalty",
  "frequency_penalty",
  "stop",
  "logit_bias",
  "user",
  "chat_template",
  "chat_template_kwargs",
  "tools",
  "tool_choice",
  "min_tokens",
  "ignore_eos",
] as const;
/** What the first user row lends to later turns that lack it. */
const INHERITED = ["model", "max_completion_tokens", "max_new_tokens", "stream", "tools"] as const;
const DEFAULT_MAX_TOKENS = 128;

type Fields = Record<string, unknown>;

const present = (value: unknown): boolean => value !== null && value !== undefined;

/** The model parameters as row fields (upstream's static columns for api_type openai). */
function paramDefaults(params: RequestBodyParams): Fields {
  const fields: Fields = {
    model: params.model,
    temperature: params.temperature,
    seed: params.seed,
    top_p: params.topP,
    top_k: params.topK,
    repetition_penalty: params.repetitionPenalty,
    presence_penalty: params.presencePenalty,
    frequency_penalty: params.frequencyPenalty,
    chat_template_kwargs: params.chatTemplateKwargs,
    max_completion_tokens: params.maxNewTokens,
  };
  if (params.streaming) fields.stream = true;
  return fields;
}

function fillMissing(target: Fields, defaults: Fields): Fields {
  for (const [key, value] of Object.entries(defaults)) if (!present(target[key]) && present(value)) target[key] = value;
  return target;
}

function maxTokensOf(fields: Fields): number {
  for (const key of ["max_new_tokens", "max_completion_tokens", "max_tokens"]) {
    const value = fields[key];
    if (typeof value === "number" && value > 0) return Math.trunc(value);
  }
  return DEFAULT_MAX_TOKENS;
}

interface TurnBody {
  /** The JSON text sent. */
  text: string;
  /** The model it names (resolved as every field is, above), for the per-model breakdown. */
  model: string;
  /** Where the system message's content sits inside `text` (between its quotes); null without one. */
  systemSpan: { start: number; end: number } | null;
}

const SYSTEM_PREFIX = '{"messages":[{"role":"system","content":"';
const RESPONSES_SYSTEM_PREFIX = '{"input":[{"role":"system","content":"';
/** Where the system content starts in a chat body that has one. */
export const SYSTEM_CONTENT_START = SYSTEM_PREFIX.length;

/** Where the system content starts in a body that has one (chat's or the Responses API's). */
export function systemContentStart(body: string): number {
  return body.startsWith(RESPONSES_SYSTEM_PREFIX) ? RESPONSES_SYSTEM_PREFIX.length : SYSTEM_CONTENT_START;
}

/** Every client turn's body, in the conversation's turn order. `where(turn)` names the row in errors. */
export function turnBodies(
  conversation: Conversation,
  params: RequestBodyParams,
  where: (turn: ClientTurn) => string,
): TurnBody[] {
  const defaults = paramDefaults(params);
  const firstUser = conversation.turns.find((t) => t.role === "user");
  const inherited: Fields = {};
  if (firstUser) {
    const base = fillMissing({ ...firstUser.row }, defaults);
    for (const key of INHERITED) if (present(base[key])) inherited[key] = base[key];
  }
  return conversation.turns.map((turn) => {
    const fields = fillMissing(fillMissing({ ...turn.row }, defaults), inherited);
    const stream = fields.stream === true;
    if (present(turn.row.stream) && stream !== params.streaming) {
      throw new InputError(
        `${where(turn)}: conversation '${conversation.id}' turn ${turn.turn}: 'stream' is ` +
          `${String(turn.row.stream)} but the run's streaming is ${params.streaming ? "on" : "off"}`,
        {
          hint: "drop the row's stream field, or set model_params.streaming to match it",
        },
      );
    }
    if (typeof fields.model !== "string")
      throw new InputError(
        `${where(turn)}: conversation '${conversation.id}' turn ${turn.turn}: its model must be a model name (text)`,
      );
    const body: Fields = { messages: turn.messages };
    for (const key of FORWARDED) if (present(fields[key])) body[key] = fields[key];
    body.max_completion_tokens = maxTokensOf(fields);
    body.stream = params.streaming;
    if (params.streaming) body.stream_options = { include_usage: true };
    const responses = params.apiType === "openai_responses";
    const text = JSON.stringify(mergeExtraBody(responses ? responsesTurnFields(body) : body, params.extraBody));
    const prefix = responses ? RESPONSES_SYSTEM_PREFIX : SYSTEM_PREFIX;
    const first = turn.messages[0];
    const hasSystem = conversation.system !== null && first?.role === "system" && text.startsWith(prefix);
    const systemSpan = hasSystem
      ? { start: prefix.length, end: prefix.length + JSON.stringify(conversation.system).length - 2 }
      : null;
    return { text, systemSpan, model: fields.model.trim() };
  });
}
