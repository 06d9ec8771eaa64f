/**
 * @module test/e2e/openai-responses.test — `--api-type openai_responses` end to end against a
 * real `serve` process: the official `openai` SDK's Responses client accepts what serve writes,
 * and a benchmark run over the same route measures what serve was told to do.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import OpenAI from "openai";
import {
  collectOutput,
  questionDataset,
  readSummary,
  runCli,
  serveCompletions,
  spawnCli,
  tempDirs,
  waitFor,
} from "./run-cli.ts";

const dirs = tempDirs("ie-responses-");
const TTFT_MS = 40;
const TPOT_MS = 4;

/** A `serve` subprocess; its URL is the first line it prints. */
async function startServe(flags: string[]) {
  const proc = spawnCli(["serve", "--port", "0", ...flags]);
  const stdout = collectOutput(proc.stdout);
  await waitFor(() => stdout.text.includes("\n"), 10_000);
  return { url: stdout.text.trim().split("\n")[0] as string, stop: () => proc.kill() };
}

let echo: Awaited<ReturnType<typeof startServe>>;
let paced: Awaited<ReturnType<typeof startServe>>;
let client: OpenAI;

beforeAll(async () => {
  [echo, paced] = await Promise.all([
    startServe(["--mode", "echo", "--tool-calls"]),
    startServe(["--mode", "model", "--ttft-ms", String(TTFT_MS), "--tpot-ms", String(TPOT_MS)]),
  ]);
  client = new OpenAI({ baseURL: `${echo.url}/v1`, apiKey: "sk-test-not-a-secret", maxRetries: 0 });
});
afterAll(() => {
  echo?.stop();
  paced?.stop();
  dirs.cleanup();
});

const WEATHER = {
  type: "function" as const,
  name: "get_weather",
  description: "the weather in a city",
  parameters: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  strict: false,
};

describe("serve's /v1/responses with the openai SDK", () => {
  test("responses.create, not streaming: the echo as output_text, usage, status", async () => {
    const reply = await client.responses.create({ model: "m", instructions: "be brief", input: "hello big world" });
    expect(reply.output_text).toBe("hello big world");
    expect(reply.status).toBe("completed");
    expect(reply.usage).toMatchObject({ input_tokens: 5, output_tokens: 3, total_tokens: 8 });
  });

  test("responses.create with stream: true: typed events in order, deltas joined equal the text", async () => {
    const stream = await client.responses.create({ model: "m", input: "a b c d", stream: true });
    const types: string[] = [];
    let text = "";
    for await (const event of stream) {
      types.push(event.type);
      if (event.type === "response.output_text.delta") text += event.delta;
    }
    expect(text).toBe("a b c d");
    expect(types.slice(0, 4)).toEqual([
      "response.created",
      "response.in_progress",
      "response.output_item.added",
      "response.content_part.added",
    ]);
    expect(types.at(-1)).toBe("response.completed");
  });

  test("responses.stream: the SDK's accumulator builds the final response; the token cap makes it incomplete", async () => {
    const final = await client.responses
      .stream({ model: "m", input: [{ role: "user", content: "one two three four" }], max_output_tokens: 2 })
      .finalResponse();
    expect(final.status).toBe("incomplete");
    expect(final.incomplete_details?.reason).toBe("max_output_tokens");
    expect(final.output_text).toBe("one two");
    expect(final.usage?.output_tokens).toBe(2);
  });

  test("with tools and --tool-calls: a function_call item, streamed as argument deltas", async () => {
    const final = await client.responses.stream({ model: "m", input: "Paris today", tools: [WEATHER] }).finalResponse();
    const call = final.output[0];
    expect(call?.type).toBe("function_call");
    if (call?.type !== "function_call") return;
    expect(call.name).toBe("get_weather");
    expect(JSON.parse(call.arguments)).toEqual({ city: "Paris today" });
  });
});

interface Row {
  ttftMs: number | null;
  chunks: number;
  outputTokens: number;
  error: string | null;
  finish: string | null;
}

function rows(report: string): Row[] {
  const db = new Database(join(report, "events.db"), { readonly: true });
  try {
    return db
      .query(
        `SELECT (first_token_ns - sent_ns) / 1e6 AS ttftMs, chunk_count AS chunks, output_tokens AS outputTokens,
          error_kind AS error, finish_reason AS finish FROM requests WHERE phase = 'performance'`,
      )
      .all() as Row[];
  } finally {
    db.close();
  }
}

describe("probe --api-type openai_responses", () => {
  test("asks /v1/responses and reads its answers", async () => {
    const args = ["probe", "--endpoints", echo.url, "--model", "m", "--api-type", "openai_responses"];
    const result = await runCli([...args, "--requests", "3", "--prompt", "knock knock"]);
    expect(result.stderr).not.toMatch(/^error: /m);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("3/3 requests succeeded");
    expect(result.stdout).toContain("knock knock");
  });
});

describe("benchmark --api-type openai_responses against serve", () => {
  test.each(["on", "off"])(
    "streaming %s: no failures, output tokens = the limit, TTFT from the stream",
    async (streaming) => {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        paced.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 8),
        "--api-type",
        "openai_responses",
        "--max-output-tokens",
        "12",
        "--num-samples",
        "8",
        "--streaming",
        streaming,
        "--report-dir",
        report,
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const all = rows(report);
      expect(all).toHaveLength(8);
      for (const r of all) {
        expect(r.error).toBeNull();
        expect(r.outputTokens).toBe(12);
        expect(r.finish).toBe("length");
        if (streaming === "on") {
          expect(r.chunks).toBe(12);
          // serve holds the first token TTFT_MS after the request arrived: ours cannot be earlier.
          expect(r.ttftMs as number).toBeGreaterThanOrEqual(TTFT_MS);
        } else expect(r.ttftMs).toBeNull();
      }
      expect(readSummary(report).n_samples_issued).toBe(8);
    },
    60_000,
  );
});

/** Two conversations of a user turn offering a tool, the recorded call, its result, a reply, and a last user turn. */
function toolConversations(path: string): string {
  const rows = ["a", "b"].flatMap((id) => [
    {
      conversation_id: id,
      turn: 1,
      role: "user",
      system: "you are terse",
      content: `${id} list files`,
      tools: [{ type: "function", function: { name: "bash", parameters: { properties: { command: {} } } } }],
    },
    {
      conversation_id: id,
      turn: 2,
      role: "assistant",
      tool_calls: [{ id: "recorded_0", type: "function", function: { name: "bash", arguments: "{}" } }],
    },
    {
      conversation_id: id,
      turn: 3,
      role: "tool",
      tool_results: [{ tool_call_id: "recorded_0", content: `${id} out` }],
    },
    { conversation_id: id, turn: 4, role: "assistant", content: "recorded answer" },
    { conversation_id: id, turn: 5, role: "user", content: `${id} thanks` },
  ]);
  writeFileSync(path, rows.map((r) => JSON.stringify(r)).join("\n") + "\n");
  return path;
}

describe("conversations over openai_responses against serve --tool-calls", () => {
  test.each(["recorded", "live"])(
    "history %s: every turn answered (tool calls and results as items)",
    async (history) => {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        echo.url,
        "--model",
        "m",
        "--api-type",
        "openai_responses",
        "--streaming",
        "on",
        "--load-pattern",
        "agentic_inference",
        "--concurrency",
        "2",
        "--dataset",
        `${toolConversations(join(dir, "c.jsonl"))},agentic_inference.history=${history}`,
        "--report-dir",
        report,
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const all = rows(report);
      // Three client turns per conversation: the user turn, the tool result, the last user turn.
      expect(all).toHaveLength(6);
      for (const r of all) expect(r.error).toBeNull();
      // serve --tool-calls answers every turn that offers tools (all of them: the first turn's tools are inherited) with a call.
      expect(all.map((r) => r.finish)).toEqual(Array(6).fill("tool_calls"));
    },
    60_000,
  );
});

describe("--extra-body and --header over openai_responses", () => {
  test("reach every /v1/responses request as for chat; a key the body sets is refused naming its flag", async () => {
    const seen: { path: string; header: string | null; body: Record<string, unknown> }[] = [];
    const server = serveCompletions(async (req) => {
      seen.push({
        path: new URL(req.url).pathname,
        header: req.headers.get("x-route"),
        body: (await req.json()) as Record<string, unknown>,
      });
      return Response.json({
        id: "resp_1",
        object: "response",
        status: "completed",
        output: [{ type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] }],
        usage: { input_tokens: 2, output_tokens: 1 },
      });
    });
    try {
      const dir = dirs.make();
      const args = [
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${server.port}/v1`,
        "--model",
        "m",
        "--api-type",
        "openai_responses",
        "--dataset",
        questionDataset(dir, 3),
        "--num-samples",
        "3",
        "--header",
        "X-Route: pool-a",
        "--report-dir",
        join(dir, "r"),
      ];
      const result = await runCli([...args, "--extra-body", '{"store":false,"reasoning":{"effort":"low"}}']);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      expect(seen).toHaveLength(3);
      for (const s of seen) {
        expect([s.path, s.header]).toEqual(["/v1/responses", "pool-a"]);
        expect(s.body).toMatchObject({ model: "m", stream: false, store: false, reasoning: { effort: "low" } });
      }
      const refused = await runCli([...args, "--extra-body", '{"max_output_tokens":5}']);
      expect(refused.exitCode).toBe(2);
      expect(refused.stderr).toContain("sets 'max_output_tokens', which --max-output-tokens sets");
      expect(seen).toHaveLength(3);
    } finally {
      server.stop(true);
    }
  }, 60_000);
});
