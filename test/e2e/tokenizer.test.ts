import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { referenceGpt2Encode, writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-tokenizer-");
afterAll(() => dirs.cleanup());

const ANSWER = "The quick brown fox jumps over the lazy dog, twice.";

async function summaryOf(report: string) {
  return JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
}

describe("cli/tokenizer", () => {
  test("counts output tokens with --tokenizer when the server sends no usage", async () => {
    const server = Bun.serve({
      port: 0,
      fetch: () =>
        Response.json({
          choices: [{ index: 0, message: { role: "assistant", content: ANSWER }, finish_reason: "stop" }],
        }),
    });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 20);
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        "m",
        "--dataset",
        dataset,
        "--duration",
        "0",
        "--workers",
        "1",
        "--tokenizer",
        writeGpt2Tokenizer(join(dir, "gpt2")),
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const s = await summaryOf(report);
      expect(s.token_count_source).toBe("tokenizer");
      expect(s.output_sequence_lengths.min).toBe(referenceGpt2Encode(ANSWER).length);
      expect(s.output_sequence_lengths.max).toBe(referenceGpt2Encode(ANSWER).length);
      expect(s.input_sequence_lengths.median).toBeGreaterThan(0);
      expect(s.token_count_discrepancy).toBeNull();
    } finally {
      server.stop(true);
    }
  }, 30_000);

  test("prefers server usage and reports how far the tokenizer is from it", async () => {
    const server = await startMockServer({ mode: "echo" });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 20),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "4",
        "--num-samples",
        "20",
        "--duration",
        "0",
        "--tokenizer",
        writeGpt2Tokenizer(join(dir, "gpt2")),
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const s = await summaryOf(report);
      expect(s.token_count_source).toBe("server_usage");
      expect(s.token_count_discrepancy.compared).toBe(20);
      expect(result.stdout).toContain("Tokenizer vs server usage:");
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("the model name is the default tokenizer when it is in the Hugging Face cache, as upstream; --no-tokenizer skips it", async () => {
    const server = Bun.serve({
      port: 0,
      fetch: () =>
        Response.json({
          choices: [{ index: 0, message: { role: "assistant", content: ANSWER }, finish_reason: "stop" }],
        }),
    });
    try {
      const dir = dirs.make();
      const hub = join(dir, "hf", "hub", "models--acme--tiny");
      mkdirSync(join(hub, "refs"), { recursive: true });
      writeFileSync(join(hub, "refs", "main"), "abc123\n");
      writeGpt2Tokenizer(join(hub, "snapshots", "abc123"));
      const env = { HF_HOME: join(dir, "hf") };
      const dataset = questionDataset(dir, 10);
      const args = (model: string, report: string, extra: string[] = []) => [
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        model,
        "--dataset",
        dataset,
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        join(dir, report),
        ...extra,
      ];

      const cached = await runCli(args("acme/tiny", "r1"), { env });
      expect(cached.exitCode).toBe(0);
      expect(cached.stderr).toContain("tokenizer: the model name's, ");
      expect(cached.stderr).toContain(join("snapshots", "abc123", "tokenizer.json"));
      expect((await summaryOf(join(dir, "r1"))).token_count_source).toBe("tokenizer");

      const skipped = await runCli(args("acme/tiny", "r2", ["--no-tokenizer"]), { env });
      expect(skipped.exitCode).toBe(0);
      expect(skipped.stderr).not.toContain("tokenizer: the model name's");
      expect((await summaryOf(join(dir, "r2"))).token_count_source).not.toBe("tokenizer");

      const plan = await runCli([...args("acme/other", "r3"), "--dry-run"], { env });
      expect(plan.stdout).toContain("tokenizer: none (token counts from the server's usage)\n");
      const planCached = await runCli([...args("acme/tiny", "r3"), "--dry-run"], { env });
      expect(planCached.stdout).toContain(`tokenizer: ${join(hub, "snapshots", "abc123", "tokenizer.json")}\n`);
    } finally {
      server.stop(true);
    }
  }, 30_000);

  test("a tokenizer that cannot be found is a setup error before anything is sent", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 5),
      "--tokenizer",
      join(dir, "missing"),
      "--report-dir",
      join(dir, "r"),
    ]);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^error: tokenizer '.*missing' not found/);
  });
});
