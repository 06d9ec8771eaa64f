/** @module test/dataset/conversations/conversation-rules.test — upstream's agentic_inference dataset validation cases, one error each naming row, conversation and rule. */
import { describe, expect, test } from "bun:test";
import { checkedConversations } from "../../../src/dataset/conversations/conversation-rules.ts";
import { InputError } from "../../../src/errors.ts";

type Row = Record<string, unknown>;
const locate = (i: number) => `conv.jsonl:${i + 1}`;
const call = (id = "c0", extra: Row = {}) => ({
  id,
  type: "function",
  function: { name: "f", arguments: "{}" },
  ...extra,
});
const u = (turn: number, content: unknown = "Q", extra: Row = {}): Row => ({
  conversation_id: "c1",
  turn,
  role: "user",
  content,
  ...extra,
});
const a = (turn: number, extra: Row = { content: "A" }): Row => ({
  conversation_id: "c1",
  turn,
  role: "assistant",
  ...extra,
});
const tool = (turn: number, results: unknown = [{ tool_call_id: "c0", content: "r" }]): Row => ({
  conversation_id: "c1",
  turn,
  role: "tool",
  tool_results: results,
});

function errorOf(rows: Row[]): string {
  try {
    checkedConversations(rows, locate);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error("rows were accepted");
}

describe("dataset/conversations/conversation-rules", () => {
  test.each<[string, Row[], string]>([
    [
      "assistant first",
      [a(1), u(2)],
      "conv.jsonl:1: conversation 'c1' turn 1: invalid role sequence: got 'assistant' after 'start'",
    ],
    [
      "two assistants in a row",
      [u(1), a(2), a(3, { content: "C" })],
      "invalid role sequence: got 'assistant' after 'assistant'",
    ],
    ["tool right after user", [u(1), tool(2)], "invalid role sequence: got 'tool' after 'user'"],
    ["two users in a row", [u(1), u(2, "B")], "invalid role sequence: got 'user' after 'user'"],
    ["role assistant_tc", [u(1), { ...a(2, { tool_calls: [call()] }), role: "assistant_tc" }], "invalid role sequence"],
    [
      "user without content",
      [{ conversation_id: "c1", turn: 1, role: "user" }, a(2)],
      "user rows must have non-empty 'content'",
    ],
    ["user with empty content", [u(1, "")], "user rows must have non-empty 'content'"],
    ["turns with a gap", [u(1), a(3)], "turn numbers must be consecutive starting at 1, got [1, 3]"],
    ["turns from 0", [u(0), a(1)], "turn numbers must be consecutive starting at 1, got [0, 1]"],
    ["turns from 2", [u(2), a(3)], "consecutive starting at 1"],
    ["duplicate turns", [u(1), a(2), { ...u(2, "B") }], "consecutive starting at 1"],
    [
      "interleaved conversations",
      [u(1), { ...u(1), conversation_id: "c2" }, a(2)],
      "conv.jsonl:3: rows of conversation 'c1' are not consecutive",
    ],
    ["null id", [{ ...u(1), conversation_id: null }], "conv.jsonl:1: 'conversation_id' must be a non-empty string"],
    ["empty id", [{ ...u(1), conversation_id: "" }], "'conversation_id' must be a non-empty string"],
    ["id with a newline", [{ ...u(1), conversation_id: "conv\nInjected: x" }], "non-printable or non-ASCII"],
    ["id with CRLF", [{ ...u(1), conversation_id: "conv\r\nInjected: x" }], "non-printable or non-ASCII"],
    ["id with a tab", [{ ...u(1), conversation_id: "conv\tbad" }], "non-printable or non-ASCII"],
    ["id with NUL", [{ ...u(1), conversation_id: "conv\u0000bad" }], "non-printable or non-ASCII"],
    ["id not ASCII", [{ ...u(1), conversation_id: "conv-é" }], "non-printable or non-ASCII"],
    ["tool call without type", [u(1), a(2, { tool_calls: [{ id: "x" }] })], "tool_calls[0]: 'type' must be 'function'"],
    [
      "tool call without function",
      [u(1), a(2, { tool_calls: [{ id: "x", type: "function" }] })],
      "'function' must be an object",
    ],
    [
      "tool call without name",
      [u(1), a(2, { tool_calls: [{ id: "x", type: "function", function: {} }] })],
      "'function.name' must be a non-empty string",
    ],
    ["tool call with empty id", [u(1), a(2, { tool_calls: [call("")] })], "missing or empty 'id'"],
    [
      "tool call of type tool",
      [u(1), a(2, { tool_calls: [call("x", { type: "tool" })] })],
      "'type' must be 'function'",
    ],
    [
      "tool call with numeric arguments",
      [u(1), a(2, { tool_calls: [{ id: "x", type: "function", function: { name: "f", arguments: 123 } }] })],
      "'function.arguments' must be a JSON string or an object",
    ],
    [
      "tool_calls empty",
      [u(1), a(2, { content: "A", tool_calls: [] })],
      "'tool_calls' is present but is not a non-empty list",
    ],
    [
      "assistant with nothing",
      [u(1), a(2, {})],
      "assistant rows must have non-empty 'content' or non-empty 'tool_calls'",
    ],
    [
      "tool result not an object",
      [u(1), a(2, { tool_calls: [call("x")] }), tool(3, ["not-a-dict"])],
      "tool_results[0]: must be a dict",
    ],
    [
      "tool result without id",
      [u(1), a(2, { tool_calls: [call("x")] }), tool(3, [{ content: "ok" }])],
      "'tool_call_id' must be a non-empty string",
    ],
    [
      "tool result with empty id",
      [u(1), a(2, { tool_calls: [call("x")] }), tool(3, [{ tool_call_id: "", content: "ok" }])],
      "'tool_call_id' must be a non-empty string",
    ],
    [
      "tool result without content",
      [u(1), a(2, { tool_calls: [call("x")] }), tool(3, [{ tool_call_id: "x" }])],
      "'content' field is required",
    ],
    [
      "tool row without results",
      [u(1), a(2, { tool_calls: [call("x")] }), tool(3, [])],
      "non-empty 'tool_results' list",
    ],
    [
      "tool after an assistant without calls",
      [u(1), a(2), tool(3)],
      "a 'tool' row must follow an 'assistant' row that has non-empty 'tool_calls'",
    ],
    [
      "user right after tool calls",
      [u(1), a(2, { tool_calls: [call()] }), u(3, "B")],
      "a 'user' row cannot follow an assistant row with 'tool_calls'",
    ],
    ["turn not an integer", [u(1.5)], "'turn' must be an integer, got 1.5"],
  ])("refuses %s", (_name, rows, message) => {
    expect(errorOf(rows)).toContain(message);
  });

  test("accepts plain, tool and parallel-tool conversations, file order within a conversation free", () => {
    const rows: Row[] = [
      a(2),
      u(1),
      u(3, "Q2"),
      ...[
        u(1),
        a(2, { content: null, tool_calls: [call("a"), call("b")] }),
        tool(3, [
          { tool_call_id: "a", content: "1" },
          { tool_call_id: "b", content: "2" },
        ]),
        a(4),
        u(5, "Thanks"),
      ].map((r) => ({ ...r, conversation_id: "c2" })),
      ...[u(1), a(2, { tool_calls: [call()] }), tool(3)].map((r) => ({ ...r, conversation_id: "c3" })),
    ];
    const conversations = checkedConversations(rows, locate);
    expect(conversations.map((c) => [c.id, c.rows.map((r) => `${r.turn}${r.role[0]}`).join(" ")])).toEqual([
      ["c1", "1u 2a 3u"],
      ["c2", "1u 2a 3t 4a 5u"],
      ["c3", "1u 2a 3t"],
    ]);
  });

  test("uses a numeric id as its decimal text", () => {
    expect(checkedConversations([{ ...u(1), conversation_id: 7 }], locate)[0]?.id).toBe("7");
  });
});
