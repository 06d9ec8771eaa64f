/**
 * @module dataset/responses-input — chat messages as OpenAI Responses API input items (pure).
 *
 * A row's `messages` (or a conversation's history) are in chat's shape; the Responses API takes
 * the same turns as items: a message keeps its role (`system`, `developer`, `user`,
 * `assistant`) with its content — a string as is, content parts renamed (`text` →
 * `input_text`, or `output_text` in an assistant's turn; `image_url` → `input_image`; `input_audio`
 * as it is, OpenAI's `ResponseInputAudio` having chat's shape); a video part has no Responses shape
 * and is refused (vLLM's `video_url` goes by chat, `--api-type openai`); an
 * assistant's `tool_calls` become `function_call` items and a `tool` message a
 * `function_call_output` item with the call's id, as OpenAI documents for function calling.
 * Tools and tool_choice go from chat's nested `function` to the Responses API's flat form.
 */

import { InputError } from "../errors.ts";

type Json = Record<string, unknown>;

const asJson = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** One content part in the Responses API's names; parts it already names pass through. */
function contentPart(part: unknown, assistant: boolean): unknown {
  const p = asJson(part);
  if (!p) return part;
  if (p.type === "text") return { type: assistant ? "output_text" : "input_text", text: p.text };
  if (p.type === "image_url") {
    const image = asJson(p.image_url);
    return { type: "input_image", image_url: image ? image.url : p.image_url };
  }
  if (p.type === "video_url" || p.type === "audio_url")
    throw new InputError(
      `row carries a '${p.type}' part, which the Responses API (api_type openai_responses) has no shape for`,
      {
        hint: "send video and audio URLs by chat (--api-type openai), where vLLM reads them; audio as base64 input_audio is sent here",
      },
    );
  return p;
}

function messageContent(content: unknown, assistant: boolean): unknown {
  if (Array.isArray(content)) return content.map((part) => contentPart(part, assistant));
  return content ?? "";
}

function functionCallItems(calls: unknown[]): Json[] {
  return calls.flatMap((raw) => {
    const call = asJson(raw);
    const fn = asJson(call?.function);
    if (!call || !fn) return [];
    const args = typeof fn.arguments === "string" ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    return [{ type: "function_call", call_id: call.id, name: fn.name, arguments: args }];
  });
}

/** The input items of chat `messages`, in order. */
export function responsesInputItems(messages: readonly unknown[]): unknown[] {
  return messages.flatMap((raw) => {
    const message = asJson(raw);
    if (!message || typeof message.role !== "string") return [raw];
    if (message.role === "tool") {
      const output = typeof message.content === "string" ? message.content : JSON.stringify(message.content ?? "");
      return [{ type: "function_call_output", call_id: message.tool_call_id, output }];
    }
    const assistant = message.role === "assistant";
    const calls = assistant && Array.isArray(message.tool_calls) ? functionCallItems(message.tool_calls) : [];
    const hasContent = typeof message.content === "string" ? message.content.length > 0 : message.content != null;
    if (calls.length > 0 && !hasContent) return calls;
    return [{ role: message.role, content: messageContent(message.content, assistant) }, ...calls];
  });
}

/** Chat-style tools (`{type: "function", function: {name, description, parameters}}`) in the flat Responses form. */
export function responsesTools(tools: unknown): unknown {
  if (!Array.isArray(tools)) return tools;
  return tools.map((raw) => {
    const tool = asJson(raw);
    const fn = asJson(tool?.function);
    return tool && fn ? { type: "function", ...fn } : raw;
  });
}

/** Chat's `{type: "function", function: {name}}` tool choice as `{type: "function", name}`; strings pass. */
export function responsesToolChoice(choice: unknown): unknown {
  const fn = asJson(asJson(choice)?.function);
  return fn ? { type: "function", name: fn.name } : choice;
}
