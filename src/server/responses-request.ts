/**
 * @module server/responses-request — a Responses API request body read as the chat request it
 * stands for, so that `serve` plans and paces it as it does chat (server/openai-request).
 *
 * `instructions` is a system message first; `input` is one user message when a string, else
 * its items in order: messages keep their role and text (`input_text`/`output_text` parts),
 * a `function_call` is the assistant's turn (its arguments as text) and a `function_call_output`
 * a tool message, so echo mode and `--tool-calls` see the same last message as in chat.
 * `max_output_tokens` is the token cap; tools in the flat Responses form are read as chat's.
 * Usage always comes with the response (the Responses API has no `include_usage`).
 */
import { partModality } from "../dataset/media-parts.ts";
import { parseMockRequest, type MockRequest } from "./openai-request.ts";

type Json = Record<string, unknown>;
type ParseResult = { ok: true; request: MockRequest } | { ok: false; message: string };

const asJson = (value: unknown): Json | null =>
  typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Json) : null;

/** Text parts as chat's; media parts (`input_image`, `input_audio`) as they are, for server/request-media to check and count. */
function partsText(content: unknown): unknown {
  if (!Array.isArray(content)) return content;
  return content.map((part) => {
    const p = asJson(part);
    if (partModality(p) !== null) return p;
    return { type: "text", text: typeof p?.text === "string" ? p.text : "" };
  });
}

function itemMessage(raw: unknown): Json | null {
  const item = asJson(raw);
  if (!item) return null;
  if (item.type === "function_call") return { role: "assistant", content: String(item.arguments ?? "") };
  if (item.type === "function_call_output")
    return { role: "tool", content: typeof item.output === "string" ? item.output : JSON.stringify(item.output) };
  if (typeof item.role === "string") return { role: item.role, content: partsText(item.content) };
  return null;
}

function chatMessages(body: Json): unknown {
  const messages: unknown[] = [];
  if (typeof body.instructions === "string") messages.push({ role: "system", content: body.instructions });
  if (typeof body.input === "string") messages.push({ role: "user", content: body.input });
  else if (Array.isArray(body.input)) for (const item of body.input) messages.push(itemMessage(item) ?? item);
  else return body.input;
  return messages;
}

function chatTools(tools: unknown): unknown {
  if (!Array.isArray(tools)) return tools;
  return tools.map((raw) => {
    const tool = asJson(raw);
    return tool && tool.type === "function" && typeof tool.name === "string"
      ? { type: "function", function: tool }
      : raw;
  });
}

/** The mock's view of a `/v1/responses` body, or the one-line reason it cannot be read. */
export function parseResponsesRequest(body: unknown, count: ((text: string) => number) | null): ParseResult {
  const request = asJson(body);
  if (!request) return { ok: false, message: "body must be a JSON object" };
  if (request.input === undefined) return { ok: false, message: "input: Required" };
  const chat = {
    model: request.model,
    messages: chatMessages(request),
    max_tokens: request.max_output_tokens,
    stream: request.stream,
    ignore_eos: request.ignore_eos,
    min_tokens: request.min_tokens,
    tools: chatTools(request.tools),
  };
  const parsed = parseMockRequest("chat", chat, count);
  if (!parsed.ok)
    return {
      ok: false,
      message: parsed.message.replace(/\bmessages\b/g, "input").replace(/\bmax_tokens\b/g, "max_output_tokens"),
    };
  return { ok: true, request: { ...parsed.request, includeUsage: true } };
}
