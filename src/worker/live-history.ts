/**
 * @module worker/live-history — one trajectory's history under `history: live`: the model's own replies, not the recorded ones.
 *
 * Ours (upstream replays recorded history only). Turn k is sent as the live history so far
 * followed by its own messages (the user row, or one message per tool result), with every other
 * request field as the recorded body has it. A successful turn then appends its own messages
 * and the model's reply: content, reasoning_content and tool calls, as AIPerf and GuideLLM carry
 * multi-turn chat forward. A recorded tool result answers the recorded call ids; here the i-th
 * result is given the id of the live reply's i-th call, so the messages stay consistent. The
 * history starts from the recorded messages before the first turn's own (the system prompt),
 * salted like recorded runs when salting is on. A Responses API body (api_type
 * openai_responses) carries the same history as `input` items: the reply joins it as a message
 * item and `function_call` items (dataset/responses-input; reasoning text is not sent back, as
 * the Responses API takes reasoning only as the server's own items), tool results answer the
 * live calls by `call_id`.
 */
import { parseStructuredOutput } from "../client/structured-output.ts";
import { responsesInputItems } from "../dataset/responses-input.ts";
import { saltedPrompt } from "../plan/conversation-plan.ts";

type ChatMessage = Record<string, unknown>;

export class LiveHistory {
  private history: ChatMessage[] | null = null;
  private pendingOwn: ChatMessage[] = [];
  private callIds: string[] = [];
  /** The body's history field: chat's `messages`, or the Responses API's `input`. */
  private key: "messages" | "input" | null = null;

  /** `salts`: [repeat salt, conversation salt], or null when not salting. */
  constructor(private readonly salts: readonly [string, string] | null) {}

  /** The body of a turn whose recorded body is `recorded` and whose last `ownCount` messages are its own. */
  body(recorded: string, ownCount: number): string {
    const body = JSON.parse(recorded) as Record<string, ChatMessage[]>;
    const key = (this.key ??= Array.isArray(body.input) ? "input" : "messages");
    const messages = body[key] as ChatMessage[];
    this.history ??= this.salted(messages.slice(0, messages.length - ownCount));
    let result = 0;
    this.pendingOwn = messages.slice(messages.length - ownCount).map((message) => {
      const idKey =
        message.role === "tool" ? "tool_call_id" : message.type === "function_call_output" ? "call_id" : null;
      if (idKey === null) return message;
      const id = this.callIds[result++];
      return id === undefined ? message : { ...message, [idKey]: id };
    });
    return JSON.stringify({ ...body, [key]: [...this.history, ...this.pendingOwn] });
  }

  /** A turn succeeded with this response (kept as its parts): it and its own messages join the history. */
  answered(responseText: string | null): void {
    const parts = parseStructuredOutput(responseText);
    const reply: ChatMessage = { role: "assistant" };
    const calls = (parts?.toolCalls ?? []).map((call, i) => ({
      id: call.id ?? `call_${i}`,
      type: "function",
      function: {
        name: call.function.name,
        arguments:
          typeof call.function.arguments === "string"
            ? call.function.arguments
            : JSON.stringify(call.function.arguments),
      },
    }));
    if (parts?.content || calls.length === 0) reply.content = parts?.content ?? "";
    if (parts?.reasoningContent) reply.reasoning_content = parts.reasoningContent;
    if (calls.length > 0) reply.tool_calls = calls;
    this.callIds = calls.map((call) => call.id);
    const items = this.key === "input" ? (responsesInputItems([reply]) as ChatMessage[]) : [reply];
    (this.history as ChatMessage[]).push(...this.pendingOwn, ...items);
    this.pendingOwn = [];
  }

  private salted(prefix: ChatMessage[]): ChatMessage[] {
    if (!this.salts) return prefix;
    const salts = this.salts;
    return prefix.map((message, i) =>
      i === 0 && message.role === "system" && typeof message.content === "string"
        ? { ...message, content: saltedPrompt(message.content, salts) }
        : message,
    );
  }
}
