/** @module test/dataset/conversations/responses-turns.test — conversation turns as Responses API bodies, recorded and live. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConversations } from "../../../src/dataset/conversations/load-conversations.ts";
import { systemContentStart } from "../../../src/dataset/conversations/turn-body.ts";
import type { RequestBodyParams } from "../../../src/dataset/request-body.ts";
import { LiveHistory } from "../../../src/worker/live-history.ts";

const dir = mkdtempSync(join(tmpdir(), "responses-turns-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Row = Record<string, unknown>;
const params: RequestBodyParams = { apiType: "openai_responses", model: "m", maxNewTokens: 64, streaming: true };
const TOOLS = [{ type: "function", function: { name: "bash", parameters: { type: "object" } } }];
const rows: Row[] = [
  { conversation_id: "c1", turn: 1, role: "user", system: "You are an agent.", content: "Fix it", tools: TOOLS },
  {
    conversation_id: "c1",
    turn: 2,
    role: "assistant",
    tool_calls: [{ id: "call_0", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } }],
  },
  { conversation_id: "c1", turn: 3, role: "tool", tool_results: [{ tool_call_id: "call_0", content: "a.py" }] },
  { conversation_id: "c1", turn: 4, role: "assistant", content: "Fixed." },
  { conversation_id: "c1", turn: 5, role: "user", content: "Thanks" },
];

function load() {
  const path = join(dir, "c.jsonl");
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return loadConversations(path, "c", params);
}

describe("conversations over openai_responses", () => {
  test("each turn's history is input items: system first, tool calls and results as function_call items", () => {
    const [first, tool, last] = load().bodies.map((b) => JSON.parse(b) as Row);
    expect(Object.keys(first as Row)[0]).toBe("input");
    expect(first).toMatchObject({
      model: "m",
      max_output_tokens: 64,
      stream: true,
      tools: [{ type: "function", name: "bash", parameters: { type: "object" } }],
    });
    expect(first).not.toHaveProperty("stream_options");
    expect(first).not.toHaveProperty("max_completion_tokens");
    expect(tool?.input).toEqual([
      { role: "system", content: "You are an agent." },
      { role: "user", content: "Fix it" },
      { type: "function_call", call_id: "call_0", name: "bash", arguments: '{"command":"ls"}' },
      { type: "function_call_output", call_id: "call_0", output: "a.py" },
    ]);
    expect((last?.input as Row[]).slice(4)).toEqual([
      { role: "assistant", content: "Fixed." },
      { role: "user", content: "Thanks" },
    ]);
  });

  test("the system span covers the system item's content, for salting", () => {
    const loaded = load();
    const body = loaded.bodies[1] as string;
    expect(body.slice(systemContentStart(body), loaded.systemEnds[1])).toBe("You are an agent.");
  });

  test("history: live — the reply's function call joins as an item, the next tool result answers its call_id", () => {
    const bodies = load().bodies;
    const live = new LiveHistory(null);
    const sent1 = JSON.parse(live.body(bodies[0] as string, 1)) as Row;
    expect(sent1.input).toEqual([
      { role: "system", content: "You are an agent." },
      { role: "user", content: "Fix it" },
    ]);
    live.answered(
      JSON.stringify({
        content: "",
        reasoning_content: "",
        tool_calls: [{ id: "live_7", type: "function", function: { name: "bash", arguments: '{"command":"pwd"}' } }],
      }),
    );
    const sent2 = JSON.parse(live.body(bodies[1] as string, 1)) as Row;
    expect((sent2.input as Row[]).slice(2)).toEqual([
      { type: "function_call", call_id: "live_7", name: "bash", arguments: '{"command":"pwd"}' },
      { type: "function_call_output", call_id: "live_7", output: "a.py" },
    ]);
    live.answered(JSON.stringify({ content: "done", reasoning_content: "", tool_calls: [] }));
    const sent3 = JSON.parse(live.body(bodies[2] as string, 1)) as Row;
    expect((sent3.input as Row[]).slice(4)).toEqual([
      { role: "assistant", content: "done" },
      { role: "user", content: "Thanks" },
    ]);
    expect(JSON.stringify(sent3)).not.toContain("call_0");
  });
});
