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
 * salted like recorded runs when salting is on.
 */
import { parseStructuredOutput } from "../client/structured-output.ts";
import { saltedPrompt } from "../plan/conversation-plan.ts";

type ChatMessage = Record<string, unknown>;

export class LiveHistory {
  private history: ChatMessage[] | null = null;
  private pendingOwn: ChatMessage[] = [];
  private callIds: string[] = [];

  /** `salts`: [repeat salt, conversation salt], or null when not salting. */
  constructor(private readonly salts: readonly [string, string] | null) {}

  /** The body of a turn whose recorded body is `recorded` and whose last `ownCount` messages are its own. */
  body(recorded: string, ownCount: number): string {
    const body = JSON.parse(recorded) as { messages: ChatMessage[] };
    const messages = body.messages;
    this.history ??= this.salted(messages.slice(0, messages.length - ownCount));
    let result = 0;
    this.pendingOwn = messages.slice(messages.length - ownCount).map((message) => {
      if (message.role !== "tool") return message;
      const id = this.callIds[result++];
      return id === undefined ? message : { ...message, tool_call_id: id };
    });
    return JSON.stringify({ ...body, messages: [...this.history, ...this.pendingOwn] });
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
    (this.history as ChatMessage[]).push(...this.pendingOwn, reply);
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
