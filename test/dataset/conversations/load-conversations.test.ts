/** @module test/dataset/conversations/load-conversations.test — pre-built history and request bodies per client turn, as upstream replays them. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { blake2bHex } from "../../../src/dataset/conversations/blake2b.ts";
import { assertSaltable, loadConversations } from "../../../src/dataset/conversations/load-conversations.ts";
import { SYSTEM_CONTENT_START } from "../../../src/dataset/conversations/turn-body.ts";
import type { RequestBodyParams } from "../../../src/dataset/request-body.ts";

const dir = mkdtempSync(join(tmpdir(), "conversations-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = Record<string, unknown>;
function file(rows: Row[], name = "conv.jsonl"): string {
  const path = join(dir, name);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
}

const params: RequestBodyParams = {
  apiType: "openai",
  model: "m",
  maxNewTokens: 1024,
  streaming: true,
  temperature: 1.0,
};
const TOOLS = [{ type: "function", function: { name: "bash", parameters: { type: "object" } } }];
const toolConversation: Row[] = [
  { conversation_id: "c1", turn: 1, role: "user", system: "You are an agent.", content: "Fix the bug", tools: TOOLS },
  {
    conversation_id: "c1",
    turn: 2,
    role: "assistant",
    reasoning_content: "look first",
    tool_calls: [{ id: "call_0", type: "function", function: { name: "bash", arguments: '{"command": "ls"}' } }],
  },
  {
    conversation_id: "c1",
    turn: 3,
    role: "tool",
    tool_results: [{ tool_call_id: "call_0", content: "a.py" }],
    delay_seconds: 1.5,
  },
  { conversation_id: "c1", turn: 4, role: "assistant", content: "Fixed." },
  { conversation_id: "c1", turn: 5, role: "user", content: "Thanks" },
];
const bodies = (path: string, p = params) => loadConversations(path, "conv", p).bodies.map((b) => JSON.parse(b) as Row);

describe("dataset/conversations/load-conversations", () => {
  test("a tool turn carries the recorded history, tools and sampling, and never the delay or tool results", () => {
    const [first, toolTurn, last] = bodies(file(toolConversation));
    expect(toolTurn).toEqual({
      messages: [
        { role: "system", content: "You are an agent." },
        { role: "user", content: "Fix the bug" },
        {
          role: "assistant",
          reasoning_content: "look first",
          tool_calls: [{ id: "call_0", type: "function", function: { name: "bash", arguments: '{"command": "ls"}' } }],
        },
        { role: "tool", tool_call_id: "call_0", content: "a.py" },
      ],
      model: "m",
      temperature: 1,
      tools: TOOLS,
      max_completion_tokens: 1024,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(first?.messages).toHaveLength(2);
    expect((last?.messages as Row[]).map((m) => m.role)).toEqual([
      "system",
      "user",
      "assistant",
      "tool",
      "assistant",
      "user",
    ]);
    expect(last?.tools).toEqual(TOOLS);
  });

  test("a plain u/a/u conversation has 1 then 3 messages (no system); conversations do not share history", () => {
    const rows = [
      { conversation_id: "a", turn: 1, role: "user", content: "A1" },
      { conversation_id: "a", turn: 2, role: "assistant", content: "R" },
      { conversation_id: "a", turn: 3, role: "user", content: "A2" },
      { conversation_id: "b", turn: 1, role: "user", content: "B1" },
    ];
    const loaded = loadConversations(file(rows, "plain.jsonl"), "plain", params);
    expect(loaded.bodies.map((b) => (JSON.parse(b) as Row & { messages: unknown[] }).messages.length)).toEqual([
      1, 3, 1,
    ]);
    expect(Array.from(loaded.turnStart)).toEqual([0, 2, 3]);
    expect(loaded.systemEnds.every((end) => end === 0)).toBe(true);
  });

  test("ending on a tool row gives 2 client turns; delays are kept per turn", () => {
    const loaded = loadConversations(file(toolConversation.slice(0, 3), "ends-on-tool.jsonl"), "t", params);
    expect(loaded.bodies).toHaveLength(2);
    expect(Array.from(loaded.delaysS)).toEqual([0, 1.5]);
  });

  test.each<[string, Row, Row, number]>([
    ["the model parameters' limit", {}, {}, 1024],
    ["the first user row's max_new_tokens, inherited by the tool turn", { max_new_tokens: 256 }, {}, 256],
    ["the row's own max_tokens when nothing else is set", {}, { max_tokens: 77 }, 77],
    ["128 when nothing is set anywhere (max_tokens is not inherited)", { max_tokens: 77 }, {}, 128],
    ["a float column sent as an integer", { max_new_tokens: 256.0 }, { max_new_tokens: 300.0 }, 300],
  ])("output limit: %s", (_name, firstUser, toolRow, expected) => {
    const rows = toolConversation
      .slice(0, 3)
      .map((r, i) => (i === 0 ? { ...r, ...firstUser } : i === 2 ? { ...r, ...toolRow } : r));
    const p = _name.includes("nothing") ? { ...params, maxNewTokens: null } : params;
    const [, toolTurn] = bodies(file(rows, "limits.jsonl"), p);
    expect(toolTurn?.max_completion_tokens).toBe(expected);
  });

  test("row values win over the model parameters, which fill every row before the first user row lends its values (as upstream)", () => {
    const rows = toolConversation
      .slice(0, 3)
      .map((r, i) => (i === 0 ? { ...r, model: "row-model", temperature: 0.2 } : r));
    const [first, toolTurn] = bodies(file(rows, "overrides.jsonl"));
    expect([first?.model, first?.temperature, toolTurn?.model, toolTurn?.temperature]).toEqual([
      "row-model",
      0.2,
      "m",
      1,
    ]);
  });

  test("extra_body reaches every turn after the messages; the row's own tools win, the system span stays", () => {
    const extra = { ...params, extraBody: { min_p: 0.05, tools: [] } };
    const loaded = loadConversations(file(toolConversation, "extra.jsonl"), "e", extra);
    const turns = loaded.bodies.map((b) => JSON.parse(b) as Record<string, unknown>);
    expect(turns.map((t) => t.min_p)).toEqual(turns.map(() => 0.05));
    expect(turns[0]?.tools).toEqual(TOOLS);
    expect(loaded.bodies[1]?.slice(SYSTEM_CONTENT_START, loaded.systemEnds[1])).toBe("You are an agent.");
  });

  test("refuses a row whose stream disagrees with the run, naming file and line", () => {
    const rows = toolConversation.map((r, i) => (i === 4 ? { ...r, stream: false } : r));
    expect(() => loadConversations(file(rows, "stream.jsonl"), "s", params)).toThrow(
      /stream\.jsonl:5: conversation 'c1' turn 5: 'stream' is false but the run's streaming is on/,
    );
  });

  test("drops dataset_metadata rows and names the line of a broken rule", () => {
    const rows = [
      { _type: "dataset_metadata", version: 1 },
      ...toolConversation.slice(0, 2),
      { conversation_id: "c1", turn: 3, role: "user", content: "x" },
    ];
    expect(() => loadConversations(file(rows, "broken.jsonl"), "b", params)).toThrow(
      /broken\.jsonl:4: conversation 'c1' turn 3: a 'user' row cannot follow/,
    );
  });

  test("the system span covers the system content, for salting; a conversation without one cannot be salted", () => {
    const loaded = loadConversations(file(toolConversation, "span.jsonl"), "s", params);
    const body = loaded.bodies[1] as string;
    expect(body.slice(SYSTEM_CONTENT_START, loaded.systemEnds[1])).toBe("You are an agent.");
    expect(() => assertSaltable(loaded)).not.toThrow();
    const bare = loadConversations(
      file([{ conversation_id: "x", turn: 1, role: "user", content: "hi" }], "bare.jsonl"),
      "b",
      params,
    );
    expect(() => assertSaltable(bare)).toThrow(
      /bare\.jsonl:1: conversation 'x' has no system prompt, which agentic_inference\.enable_salt requires/,
    );
  });

  test("refuses api types that cannot carry messages", () => {
    expect(() =>
      loadConversations(file(toolConversation, "api.jsonl"), "a", { ...params, apiType: "openai_completions" }),
    ).toThrow(/api_type openai_completions cannot carry/);
  });

  test.each([
    ["1", "4461"],
    ["2", "ba75"],
    ["3", "0967"],
    ["conv1", "e643"],
  ])("BLAKE2b-16 salt of %s is %s (upstream's vectors)", (input, hex) => {
    expect(blake2bHex(input, 2)).toBe(hex);
  });

  test("BLAKE2b matches RFC 7693's 'abc' vector and multi-block input", () => {
    expect(blake2bHex("abc", 64)).toBe(
      "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923",
    );
    expect(blake2bHex("x".repeat(300), 32)).toBe("5aa7fbbf37986bb2a5d547c0d3c4d4326a24d786e7d57bf93fc784176e38b33d");
    expect(blake2bHex("", 64).slice(0, 16)).toBe("786a02f742015903");
  });
});
