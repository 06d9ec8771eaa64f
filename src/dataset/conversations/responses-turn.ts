/**
 * @module dataset/conversations/responses-turn — a conversation turn's chat body as the Responses
 * API's (api_type openai_responses), built once before the run (pure).
 *
 * The turn's history goes as `input` items (dataset/responses-input): the system prompt stays
 * the first item rather than moving to `instructions`, so a salted copy is the same one splice
 * as for chat (dataset/conversations/turn-body) and the prefix a server caches is the same
 * across turns; recorded tool calls and results become `function_call` and
 * `function_call_output` items. The token limit is `max_output_tokens`, tools and tool_choice
 * take the flat form; fields the Responses API has no place for (`n`, `stop`, `logit_bias`,
 * `chat_template`, `chat_template_kwargs`, `stream_options`) are left out.
 */
import { responsesInputItems, responsesToolChoice, responsesTools } from "../responses-input.ts";

type Fields = Record<string, unknown>;

const CHAT_ONLY = new Set(["n", "stop", "logit_bias", "chat_template", "chat_template_kwargs", "stream_options"]);

/** The Responses body of a chat turn body (`messages` first, then the forwarded fields). */
export function responsesTurnFields(chat: Fields): Fields {
  const body: Fields = { input: responsesInputItems(chat.messages as unknown[]) };
  for (const [key, value] of Object.entries(chat)) {
    if (key === "messages" || CHAT_ONLY.has(key)) continue;
    if (key === "max_completion_tokens") body.max_output_tokens = value;
    else if (key === "tools") body.tools = responsesTools(value);
    else if (key === "tool_choice") body.tool_choice = responsesToolChoice(value);
    else body[key] = value;
  }
  return body;
}
