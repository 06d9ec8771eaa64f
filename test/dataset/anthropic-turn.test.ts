/** @module test/dataset/anthropic-turn — a conversation turn's chat body as a Messages body. */
import { describe, expect, test } from "bun:test";
import { anthropicTurnBody } from "../../src/dataset/anthropic-turn.ts";

const turn = (body: Record<string, unknown>) => JSON.parse(anthropicTurnBody(JSON.stringify(body)));

describe("dataset/anthropic-turn", () => {
  test("system lifted, the limit renamed, stream_options dropped, tool round trips as blocks, every other field kept", () => {
    const chat = {
      messages: [
        { role: "system", content: "S" },
        { role: "user", content: "fix" },
        {
          role: "assistant",
          tool_calls: [{ id: "t1", type: "function", function: { name: "bash", arguments: "{}" } }],
        },
        { role: "tool", tool_call_id: "t1", content: "out" },
        { role: "assistant", content: "done", reasoning_content: "thought" },
        { role: "user", content: "thanks" },
      ],
      model: "m",
      temperature: 0.3,
      stop: "\n\n",
      tools: [{ type: "function", function: { name: "bash" } }],
      tool_choice: "auto",
      ignore_eos: true,
      user: "u",
      max_completion_tokens: 16,
      stream: true,
      stream_options: { include_usage: true },
    };
    expect(turn(chat)).toEqual({
      model: "m",
      temperature: 0.3,
      ignore_eos: true,
      stream: true,
      max_tokens: 16,
      system: "S",
      stop_sequences: ["\n\n"],
      tools: [{ name: "bash", input_schema: { type: "object", properties: {} } }],
      tool_choice: { type: "auto" },
      metadata: { user_id: "u" },
      messages: [
        { role: "user", content: "fix" },
        { role: "assistant", content: [{ type: "tool_use", id: "t1", name: "bash", input: {} }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: "out" }] },
        { role: "assistant", content: "done" },
        { role: "user", content: "thanks" },
      ],
    });
  });

  test("a turn without a system message has no system field", () => {
    expect(turn({ messages: [{ role: "user", content: "q" }], max_completion_tokens: 4 }).system).toBeUndefined();
  });
});
