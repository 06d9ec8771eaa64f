/**
 * @module test/e2e/anthropic-conversations.test — conversations (agentic_inference) over `--api-type anthropic_messages`.
 *
 * Against a server that logs every request and answers in Anthropic's streamed events, a
 * `history: live` run carries the server's own tool_use ids into the next turn's tool_result
 * blocks, with the system prompt in `system`; against a `serve --tool-calls` process (tool_use
 * answers), the tool-round-trip workload of the chat conversation test completes every turn,
 * its history recorded or live.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolConversationRows } from "../../scripts/bench/lib/tool-conversations.ts";
import { spawnServe } from "../../src/server/serve-process.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, readSummary, runCli, serveCompletions, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-anthropic-conv-");
afterAll(() => dirs.cleanup());

type Json = Record<string, unknown>;

const event = (data: Json) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;

/** A streamed reply: one tool_use block calling bash, or one text block. */
function reply(k: number, toolCall: boolean): string {
  const start = {
    type: "message_start",
    message: {
      id: `msg_${k}`,
      type: "message",
      role: "assistant",
      content: [],
      usage: { input_tokens: 3, output_tokens: 0 },
    },
  };
  const blocks = toolCall
    ? [
        event({
          type: "content_block_start",
          index: 0,
          content_block: { type: "tool_use", id: `toolu_${k}`, name: "bash", input: {} },
        }),
        event({
          type: "content_block_delta",
          index: 0,
          delta: { type: "input_json_delta", partial_json: `{"command": "ls ${k}"}` },
        }),
      ]
    : [
        event({ type: "content_block_start", index: 0, content_block: { type: "text", text: "" } }),
        event({ type: "content_block_delta", index: 0, delta: { type: "text_delta", text: `server reply ${k}` } }),
      ];
  const stop = toolCall ? "tool_use" : "end_turn";
  return (
    event(start) +
    blocks.join("") +
    event({ type: "content_block_stop", index: 0 }) +
    event({ type: "message_delta", delta: { stop_reason: stop }, usage: { output_tokens: 3 } }) +
    event({ type: "message_stop" })
  );
}

function writeRows(dir: string, rows: readonly Json[]): string {
  const path = join(dir, "conversations.jsonl");
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

describe("e2e/anthropic-conversations", () => {
  test("history: live — the system prompt in system, the server's tool_use ids answered by tool_result blocks", async () => {
    const dir = dirs.make();
    const rows: Json[] = [
      {
        conversation_id: "a",
        turn: 1,
        role: "user",
        system: "S",
        content: "a fix",
        tools: [{ type: "function", function: { name: "bash" } }],
      },
      {
        conversation_id: "a",
        turn: 2,
        role: "assistant",
        tool_calls: [{ id: "recorded_0", type: "function", function: { name: "bash", arguments: "{}" } }],
      },
      {
        conversation_id: "a",
        turn: 3,
        role: "tool",
        tool_results: [{ tool_call_id: "recorded_0", content: "a output" }],
      },
      { conversation_id: "a", turn: 4, role: "assistant", content: "recorded answer" },
      { conversation_id: "a", turn: 5, role: "user", content: "a thanks" },
    ];
    const seen: { path: string; body: Json }[] = [];
    const server = serveCompletions(async (req) => {
      const body = (await req.json()) as Json;
      seen.push({ path: new URL(req.url).pathname, body });
      return new Response(reply(seen.length, seen.length === 1), { headers: { "content-type": "text/event-stream" } });
    });
    try {
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--api-type",
        "anthropic_messages",
        "--model",
        "m",
        "--load-pattern",
        "agentic_inference",
        "--concurrency",
        "1",
        "--dataset",
        `${writeRows(dir, rows)},agentic_inference.history=live`,
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      expect(seen.map((s) => s.path)).toEqual(["/v1/messages", "/v1/messages", "/v1/messages"]);
      const [first, toolTurn, last] = seen.map((s) => s.body);
      expect(first).toMatchObject({ system: "S", messages: [{ role: "user", content: "a fix" }], stream: true });
      expect(first?.tools).toEqual([{ name: "bash", input_schema: { type: "object", properties: {} } }]);
      expect(first?.stream_options).toBeUndefined();
      expect(toolTurn?.messages).toEqual([
        { role: "user", content: "a fix" },
        { role: "assistant", content: [{ type: "tool_use", id: "toolu_1", name: "bash", input: { command: "ls 1" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "toolu_1", content: "a output" }] },
      ]);
      expect((last?.messages as Json[]).slice(3)).toEqual([
        { role: "assistant", content: "server reply 2" },
        { role: "user", content: "a thanks" },
      ]);
      expect(JSON.stringify(seen)).not.toContain("recorded");
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test.each(["recorded", "live"])(
    "against serve --tool-calls, %s history: the tool-round-trip conversations complete every turn",
    async (history) => {
      const dir = dirs.make();
      const rows = toolConversationRows(6);
      const clientTurns = rows.filter((r) => r.role !== "assistant").length;
      const server = await spawnServe(
        onServerCpu([BUN_PATH, MAIN_PATH, "serve", "--mode", "echo", "--tool-calls", "--port", "0"]),
      );
      try {
        const report = join(dir, "r");
        const result = await runCli([
          "benchmark",
          "online",
          "--endpoints",
          server.url,
          "--api-type",
          "anthropic_messages",
          "--model",
          "m",
          "--load-pattern",
          "agentic_inference",
          "--concurrency",
          "2",
          "--dataset",
          `${writeRows(dir, rows)},agentic_inference.history=${history}`,
          "--report-dir",
          report,
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const summary = readSummary(report) as ReturnType<typeof readSummary> & {
          conversations: { completed: number; failed: number; untracked_turns: number };
        };
        // As upstream, turns sent after the first conversation ended with none left to start are outside the window.
        expect(summary.n_samples_issued).toBe(clientTurns - summary.conversations.untracked_turns);
        expect(summary.n_samples_failed).toBe(0);
        expect(summary.conversations).toMatchObject({ completed: 6, failed: 0 });
      } finally {
        await server.stop();
      }
    },
    60_000,
  );
});
