/**
 * @module dataset/anthropic-turn — a conversation turn's chat body as Anthropic's Messages body, for conversations over `anthropic_messages`.
 *
 * A conversation (agentic_inference) is built, salted and carried forward (worker/live-history)
 * as chat messages, whichever API it is sent to; over `anthropic_messages` each turn's chat body
 * is turned into a Messages body as it is sent: the system message(s) into `system`, tool calls
 * and tool results into `tool_use` / `tool_result` blocks (dataset/anthropic-messages),
 * `max_completion_tokens` as `max_tokens`, `stop` as `stop_sequences`, tools and tool_choice in
 * Anthropic's shape, `user` as `metadata.user_id`, no `stream_options`. A live reply's `reasoning_content` is not sent back:
 * Anthropic takes earlier thinking only as signed thinking blocks, which the stream's text
 * alone cannot rebuild. Every other field (sampling, the row's own, extra_body) goes as it is.
 */
import { anthropicTool, anthropicToolChoice, stopSequences } from "./anthropic-body.ts";
import { anthropicConversation } from "./anthropic-messages.ts";

type Json = Record<string, unknown>;

/** The Messages body (JSON text) of the chat turn body `chatText`. */
export function anthropicTurnBody(chatText: string): string {
  const chat = JSON.parse(chatText) as Json;
  const {
    messages,
    stream_options: _usageRequest,
    max_completion_tokens: maxTokens,
    stop,
    tools,
    tool_choice: toolChoice,
    user,
    ...rest
  } = chat;
  const conversation = anthropicConversation(Array.isArray(messages) ? messages : []);
  const body: Json = { ...rest, max_tokens: maxTokens, messages: conversation.messages };
  if (conversation.system !== null) body.system = conversation.system;
  if (stop !== undefined && stop !== null) body.stop_sequences = stopSequences(stop);
  if (Array.isArray(tools)) body.tools = tools.map(anthropicTool);
  if (toolChoice !== undefined && toolChoice !== null) body.tool_choice = anthropicToolChoice(toolChoice);
  if (typeof user === "string") body.metadata = { user_id: user };
  return JSON.stringify(body);
}
