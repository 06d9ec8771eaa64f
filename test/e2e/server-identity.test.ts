/**
 * @module test/e2e/server-identity.test — what served the run, recorded: llama.cpp's real server names itself and its
 * model, `serve` lists its model only, a server that answers no identity path costs one line; compare says they differ.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import type { ServerIdentity } from "../../src/server-metrics/server-identity.ts";
import { findLlamaEngine, startLlamaServer } from "../support/llama-server.ts";
import { questionDataset, readSummary, runCli, serveCompletions, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-identity-");
afterAll(() => dirs.cleanup());
const found = findLlamaEngine();

const runArgs = (url: string, dataset: string, report: string) => [
  "benchmark",
  "offline",
  "--endpoints",
  url,
  "--model",
  "tiny",
  "--dataset",
  dataset,
  "--num-samples",
  "4",
  "--max-output-tokens",
  "8",
  "--workers",
  "1",
  "--report-dir",
  report,
];

const serverOf = (report: string) => (readSummary(report) as { server?: ServerIdentity }).server;

function storedIdentity(report: string): string | null {
  const db = new Database(join(report, "events.db"), { readonly: true });
  try {
    return (
      (db.query("SELECT value FROM run WHERE key = 'server_identity'").get() as { value: string } | null)?.value ?? null
    );
  } finally {
    db.close();
  }
}

/** The mock server's run, made once and shared by its test and the compare test. */
let mockReport: Promise<string> | undefined;
const mockRun = (): Promise<string> => {
  mockReport ??= makeMockRun();
  return mockReport;
};

async function makeMockRun(): Promise<string> {
  const server = await startMockServer({ mode: "fixed", outputTokens: 8, modelName: "tiny" });
  try {
    const dir = dirs.make();
    const report = join(dir, "r");
    const result = await runCli(runArgs(server.url, questionDataset(dir, 4), report));
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain("server identity: engine not reported, model tiny (GET /v1/models only)");
    return report;
  } finally {
    await server.stop();
  }
}

describe("cli/server-identity", () => {
  test("serve: /v1/models only — no engine, its model listed, in events.db, result_summary.json and report.txt", async () => {
    const report = await mockRun();
    expect(serverOf(report)).toEqual({
      engine: null,
      identified_by: null,
      version: null,
      model: "tiny",
      settings: {},
      models: [{ id: "tiny", owned_by: "inference-endpoint", max_model_len: null }],
    });
    expect(JSON.parse(storedIdentity(report) ?? "null")).toEqual(serverOf(report));
    expect(await Bun.file(join(report, "report.txt")).text()).toContain("Server: engine not reported, model tiny");
  }, 30_000);

  test("a server answering no identity path: one line, no server key, the run unchanged", async () => {
    const server = serveCompletions(() =>
      Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 5, completion_tokens: 1 },
      }),
    );
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli(runArgs(`http://127.0.0.1:${server.port}`, questionDataset(dir, 4), report));
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain("server identity: not reported by the server\n");
      expect(storedIdentity(report)).toBeNull();
      expect(serverOf(report)).toBeUndefined();
      expect(readSummary(report).n_samples_completed).toBe(4);
    } finally {
      server.stop(true);
    }
  }, 30_000);

  if ("missing" in found) {
    if (process.env.CI === "true")
      test("the real engine is present in CI", () => {
        throw new Error(`llama-server tests cannot run: ${found.missing}`);
      });
    else console.warn(`skipping the llama-server identity test: ${found.missing} (set LLAMA_SERVER and LLAMA_MODELS)`);
  } else {
    const engine = found;
    test("llama.cpp's server names itself, its build, its model and slots; compare against serve says they differ", async () => {
      const server = await startLlamaServer(engine, { model: "tiny-64x2.gguf", slots: 2 });
      try {
        const dir = dirs.make();
        const report = join(dir, "r");
        const result = await runCli([
          ...runArgs(server.url, questionDataset(dir, 4), report),
          "--tokenizer",
          engine.tokenizer,
        ]);
        expect(result.stderr).not.toContain("error:");
        expect(result.exitCode).toBe(0);
        const identity = serverOf(report);
        expect(identity).toMatchObject({
          engine: "llama.cpp",
          identified_by: "GET /props",
          model: join(engine.models, "tiny-64x2.gguf"),
          settings: { total_slots: 2, n_ctx: 4096 },
        });
        expect(typeof identity?.version).toBe("string");
        expect(identity?.models[0]).toEqual({
          id: join(engine.models, "tiny-64x2.gguf"),
          owned_by: "llamacpp",
          max_model_len: null,
        });
        const compared = await runCli(["compare", report, await mockRun()]);
        expect(compared.exitCode).toBe(0);
        expect(compared.stdout).toContain(
          "the runs were served differently:\n  server engine: llama.cpp → not reported\n",
        );
        expect(compared.stdout).toContain(`  server model: ${join(engine.models, "tiny-64x2.gguf")} → tiny\n`);
      } finally {
        await server.stop();
      }
    }, 60_000);
  }
});
