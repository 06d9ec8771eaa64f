/**
 * @module dataset/anthropic-messages — chat messages (OpenAI's shape, as datasets hold them) as Anthropic's
 * Messages API takes them: the system message(s) lifted out, tool calls and results as content blocks.
 *
 * Anthropic's `/v1/messages` has no `system` role: the system prompt is the top-level `system`
 * field. An assistant's `tool_calls` become `tool_use` blocks (arguments parsed, as the API
 * wants an object), and each `tool` message a `tool_result` block in a user message; consecutive
 * tool results share one user message, since the API wants every result of one assistant turn
 * together. OpenAI's `image_url` parts become `image` blocks (a data URL as base64, else a URL
 * source). The Messages API has no block for audio or video: such a part is refused, never dropped.
 * A message already in Anthropic's shape (content blocks of its own) passes unchanged.
 */
import { InputError } from "../errors.ts";
import { partModality } from "./media-parts.ts";

type Json = Record<string, unknown>;

/** `messages` and `system` of one Messages request. */
interface AnthropicConversation {
  messages: Json[];
  /** The system prompt: text, or text blocks when a system message had parts; null when none. */
  system: string | Json[] | null;
}

const asObject = (v: unknown): Json | null =>
  typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Json) : null;

const DATA_URL = /^data:([^;,]+);base64,(.*)$/s;

function imageBlock(part: Json): Json {
  const url = String(asObject(part.image_url)?.url ?? part.image_url ?? "");
  const data = DATA_URL.exec(url);
  if (data) return { type: "image", source: { type: "base64", media_type: data[1], data: data[2] } };
  return { type: "image", source: { type: "url", url } };
}

/** A message's content as Anthropic content: a string stays a string; OpenAI parts become blocks. */
function contentOf(content: unknown): unknown {
  if (!Array.isArray(content)) return content ?? "";
  return content.map((part) => {
    const block = asObject(part);
    const modality = partModality(part);
    if (modality === "audio" || modality === "video")
      throw new InputError(
        `row carries ${modality} ('${String(block?.type)}' part), which Anthropic's Messages API (api_type anthropic_messages) has no content block for`,
        { hint: "send audio and video by chat (--api-type openai), or leave the row's audio and video out" },
      );
    return block?.type === "image_url" || block?.type === "input_image" ? imageBlock(block) : part;
  });
}

function parsedArguments(text: unknown): unknown {
  if (typeof text !== "string") return asObject(text) ?? {};
  try {
    return asObject(JSON.parse(text)) ?? {};
  } catch {
    // Arguments the model wrote that are not JSON: kept as text under one key rather than lost.
    return { arguments: text };
  }
}

function assistantMessage(message: Json): Json {
  const calls = Array.isArray(message.tool_calls) ? message.tool_calls : [];
  if (calls.length === 0) return { role: "assistant", content: contentOf(message.content) };
  const blocks: unknown[] = [];
  const content = contentOf(message.content);
  if (typeof content === "string" && content !== "") blocks.push({ type: "text", text: content });
  else if (Array.isArray(content)) blocks.push(...content);
  for (const call of calls) {
    const c = asObject(call) ?? {};
    const fn = asObject(c.function) ?? {};
    blocks.push({
      type: "tool_use",
      id: String(c.id ?? ""),
      name: String(fn.name ?? ""),
      input: parsedArguments(fn.arguments),
    });
  }
  return { role: "assistant", content: blocks };
}

function toolResult(message: Json): Json {
  return { type: "tool_result", tool_use_id: String(message.tool_call_id ?? ""), content: contentOf(message.content) };
}

function systemText(parts: unknown[]): string | Json[] | null {
  if (parts.length === 0) return null;
  if (parts.every((p) => typeof p === "string")) return parts.join("\n\n");
  return parts.flatMap((p) => (typeof p === "string" ? [{ type: "text", text: p }] : (p as Json[])));
}

/** The row's chat `messages` as one Messages request's `messages` and `system`. */
export function anthropicConversation(chat: readonly unknown[]): AnthropicConversation {
  const messages: Json[] = [];
  const system: unknown[] = [];
  /** The tool results of the user message being filled, while tool messages follow one another. */
  let results: Json[] | null = null;
  for (const item of chat) {
    const message = asObject(item);
    if (!message) continue;
    const role = message.role;
    if (role === "tool") {
      if (results === null) {
        results = [];
        messages.push({ role: "user", content: results });
      }
      results.push(toolResult(message));
      continue;
    }
    results = null;
    if (role === "system" || role === "developer") system.push(contentOf(message.content));
    else if (role === "assistant") messages.push(assistantMessage(message));
    else messages.push({ role: "user", content: contentOf(message.content) });
  }
  return { messages, system: systemText(system) };
}
