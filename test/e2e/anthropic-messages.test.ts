/**
 * @module test/e2e/anthropic-messages.test — whole runs with `--api-type anthropic_messages`: what goes on the wire, and a run against `serve`.
 *
 * A loopback server records every request: the key as `x-api-key` and as a Bearer token, with
 * `anthropic-version`, the Messages body (system lifted, max_tokens set), the user's `--header`
 * replacing the version; a first answer that echoes the key must leave it in no file and no
 * output. Against a `serve` process with a latency model, TTFT is held to what serve decides:
 * no first token before its TTFT, and the count of tokens it was asked for.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import {
  BUN_PATH,
  MAIN_PATH,
  onServerCpu,
  questionDataset,
  readSummary,
  runCli,
  serveCompletions,
  tempDirs,
} from "./run-cli.ts";

const dirs = tempDirs("ie-anthropic-");
afterAll(() => dirs.cleanup());

const SECRET = "sk-ant-api-key-9c2e1";

const MESSAGE = {
  id: "msg_1",
  type: "message",
  role: "assistant",
  model: "m",
  content: [{ type: "text", text: "ok then" }],
  stop_reason: "end_turn",
  stop_sequence: null,
  usage: { input_tokens: 9, output_tokens: 2 },
};

/** Every file under `dir`, as bytes read as text (events.db included). */
function allText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path, "latin1"))
    .join("\n");
}

describe("e2e/anthropic-messages", () => {
  test("the key goes as x-api-key (Anthropic) and as a Bearer token (vLLM's and SGLang's check), with anthropic-version, and into no file or output", async () => {
    const posts: { path: string; headers: Record<string, string>; body: Record<string, unknown> }[] = [];
    const endpoint = serveCompletions(async (req) => {
      const headers = Object.fromEntries(req.headers);
      posts.push({ path: new URL(req.url).pathname, headers, body: (await req.json()) as Record<string, unknown> });
      if (posts.length === 1) {
        const error = { type: "authentication_error", message: `invalid x-api-key ${headers["x-api-key"]}` };
        return Response.json({ type: "error", error }, { status: 401 });
      }
      return Response.json(MESSAGE);
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const dataset = join(dir, "rows.jsonl");
      writeFileSync(dataset, `${JSON.stringify({ system: "be brief", question: "what is one" })}\n`);
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${endpoint.port}`,
        "--api-type",
        "anthropic_messages",
        "--api-key",
        SECRET,
        "--model",
        "claude-x",
        "--dataset",
        `${dataset},parser.prompt=question`,
        "--num-samples",
        "4",
        "--max-output-tokens",
        "32",
        "--report-dir",
        report,
      ]);
      expect({ exitCode: result.exitCode, stderr: result.stderr }).toMatchObject({ exitCode: 0 });
      expect(posts).toHaveLength(4);
      for (const { path, headers, body } of posts) {
        expect(path).toBe("/v1/messages");
        expect(headers["x-api-key"]).toBe(SECRET);
        expect(headers["anthropic-version"]).toBe("2023-06-01");
        expect(headers.authorization).toBe(`Bearer ${SECRET}`);
        expect(body).toEqual({
          model: "claude-x",
          max_tokens: 32,
          messages: [{ role: "user", content: "what is one" }],
          system: "be brief",
          stream: false,
        });
      }
      const summary = readSummary(report) as ReturnType<typeof readSummary> & {
        finish_reason_counts: Record<string, number>;
      };
      expect(summary).toMatchObject({ n_samples_failed: 1, error_counts: { http_4xx: 1 } });
      expect(summary.finish_reason_counts.stop).toBe(3);
      const written = allText(report);
      expect(written).toContain("invalid x-api-key");
      expect(written).not.toContain(SECRET);
      expect(result.stdout + result.stderr).not.toContain(SECRET);
    } finally {
      endpoint.stop(true);
    }
  });

  test("--header anthropic-version replaces ours", async () => {
    const versions: (string | null)[] = [];
    const endpoint = serveCompletions((req) => {
      versions.push(req.headers.get("anthropic-version"));
      return Response.json(MESSAGE);
    });
    try {
      const dir = dirs.make();
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${endpoint.port}`,
        "--api-type",
        "anthropic_messages",
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 2),
        "--header",
        "Anthropic-Version: 2026-10-21",
        "--num-samples",
        "2",
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.exitCode).toBe(0);
      expect(versions).toEqual(["2026-10-21", "2026-10-21"]);
    } finally {
      endpoint.stop(true);
    }
  });

  test("against serve with a latency model, streamed: 0 failures, no first token before its TTFT; probe answers too", async () => {
    const serve = [
      BUN_PATH,
      MAIN_PATH,
      "serve",
      "--mode",
      "model",
      "--output-tokens",
      "16",
      "--ttft-ms",
      "40",
      "--tpot-ms",
      "2",
      "--port",
      "0",
    ];
    const server = await spawnServe(onServerCpu(serve));
    try {
      const dir = dirs.make();
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
        "--dataset",
        questionDataset(dir, 10),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "4",
        "--num-samples",
        "20",
        "--max-output-tokens",
        "64",
        "--report-dir",
        report,
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const summary = readSummary(report);
      expect(summary).toMatchObject({ n_samples_completed: 20, n_samples_failed: 0 });
      // result_summary.json holds ns, as mlcommons/endpoints' does.
      expect(summary.ttft.min as number).toBeGreaterThanOrEqual(40e6);
      // A stream read in one go (a busy host lets the chunks pile up) has TPOT 0 by its definition.
      expect(summary.tpot.min as number).toBeGreaterThanOrEqual(0);
      const probe = await runCli([
        "probe",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--api-type",
        "anthropic_messages",
        "--requests",
        "2",
      ]);
      expect({ exitCode: probe.exitCode, stderr: probe.stderr }).toEqual({ exitCode: 0, stderr: "" });
      expect(probe.stdout).toContain("2/2 requests succeeded");
      expect(probe.stdout).toContain("16 tokens: tok tok");
    } finally {
      await server.stop();
    }
  });
});
