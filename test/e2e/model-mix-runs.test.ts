/**
 * @module test/e2e/model-mix-runs.test — a model mix through the rest of a run's life: each model's own
 * tokenizer after the run, two shards merged into one breakdown, and `--dry-run`'s share of each model.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnServe } from "../../src/server/serve-process.ts";
import { referenceGpt2Encode, writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-model-mix-runs-");
afterAll(() => dirs.cleanup());

const BIG = "org/big-model,v2";
const LORA = "base=lora-adapter-1";

describe("cli/model-mix runs", () => {
  test("a mix entry's own tokenizer counts that model's responses; a model without one is not counted", async () => {
    const answer = "The quick brown fox jumps over the lazy dog, twice.";
    // No usage in the response: the tokenizer's count is the request's output tokens, or nothing is.
    const server = Bun.serve({
      port: 0,
      hostname: "127.0.0.1",
      fetch: (req) =>
        req.method === "GET"
          ? new Response("not found", { status: 404 })
          : Response.json({
              choices: [{ index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" }],
            }),
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const config = join(dir, "mix.yaml");
      const yaml = {
        type: "offline",
        model_params: {
          model_mix: [
            { name: "gpt2-family", weight: 1, tokenizer: writeGpt2Tokenizer(join(dir, "gpt2")) },
            { name: "other", weight: 1 },
          ],
        },
        endpoint_config: { endpoints: [`http://127.0.0.1:${server.port}`] },
        datasets: [{ path: questionDataset(dir, 10) }],
        settings: { runtime: { n_samples_to_issue: 40 }, client: { num_workers: 1 } },
      };
      writeFileSync(config, JSON.stringify(yaml));
      const result = await runCli([
        "benchmark",
        "from-config",
        "-c",
        config,
        "--report-dir",
        report,
        "--server-metrics",
        "off",
        "-q",
      ]);
      expect(result.exitCode).toBe(0);
      const db = new Database(join(report, "events.db"), { readonly: true });
      const rows = db
        .query(
          "SELECT model, token_source, output_tokens, COUNT(*) AS n FROM requests GROUP BY model, token_source, output_tokens ORDER BY model",
        )
        .all();
      db.close();
      expect(rows).toEqual([
        { model: 0, token_source: "tokenizer", output_tokens: referenceGpt2Encode(answer).length, n: 20 },
        { model: 1, token_source: "none", output_tokens: null, n: 20 },
      ]);
      const summary = readSummary(report);
      expect(summary.per_model?.["gpt2-family"]?.token_count_source).toBe("tokenizer");
      expect(summary.per_model?.other?.token_count_source).toBe("none");
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("two shards of a mix merge into one breakdown: the plan's split, dealt between them", async () => {
    const server = await spawnServe(
      onServerCpu([BUN_PATH, MAIN_PATH, "serve", "--mode", "model", "--output-tokens", "2", "--port", "0"]),
    );
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 10);
      const mix = ["--model-mix", `${BIG}=3`, "--model-mix", `${LORA}=1`];
      for (const shard of ["0/2", "1/2"]) {
        const args = [
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--dataset",
          dataset,
          ...mix,
          "--num-samples",
          "40",
        ];
        const out = join(dir, shard.replace("/", "-"));
        expect(
          (await runCli([...args, "--shard", shard, "--report-dir", out, "--server-metrics", "off", "-q"])).exitCode,
        ).toBe(0);
      }
      const merged = await runCli([
        "report",
        "merge",
        join(dir, "0-2"),
        join(dir, "1-2"),
        "--output",
        join(dir, "merged"),
      ]);
      expect(merged.exitCode).toBe(0);
      const perModel = readSummary(join(dir, "merged")).per_model ?? {};
      expect([perModel[BIG]?.n_samples_issued, perModel[LORA]?.n_samples_issued]).toEqual([30, 10]);
      const shardCounts = ["0-2", "1-2"].map((d) => readSummary(join(dir, d)).per_model?.[BIG]?.n_samples_issued ?? 0);
      expect(shardCounts.reduce((a, b) => a + b, 0)).toBe(30);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("--dry-run shows each model's share of the plan; a row's model column is its own", async () => {
    const dir = dirs.make();
    const dataset = join(dir, "rows.jsonl");
    writeFileSync(
      dataset,
      ['{"prompt":"a"}', '{"prompt":"b","model":"sql-lora"}', '{"prompt":"c"}', '{"prompt":"d"}'].join("\n"),
    );
    const args = [
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--dataset",
      dataset,
      "--num-samples",
      "400",
    ];
    const result = await runCli([...args, "--model-mix", `${BIG}=3`, "--model-mix", `${LORA}=1`, "--dry-run"]);
    expect(result.exitCode).toBe(0);
    // 100 requests to the row naming sql-lora; the mix shares the other 300 as 225 and 75.
    expect(result.stdout).toContain(`  models: ${BIG} 225, ${LORA} 75, sql-lora 100`);
    // parser.model=COL names the column that holds each row's model.
    const mapped = join(dir, "mapped.jsonl");
    writeFileSync(mapped, ['{"prompt":"a","served":"x"}', '{"prompt":"b","served":""}'].join("\n"));
    const base = ["benchmark", "offline", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--num-samples", "10"];
    const remapped = await runCli([...base, "--dataset", `${mapped},parser.model=served`, "--dry-run"]);
    expect(remapped.stdout).toContain("  models: m 5, x 5");
    const refused = await runCli([...args, "--model", "m", "--model-mix", "a=1", "--dry-run"]);
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toMatch(/^error: .*model_params\.model_mix \(--model-mix\): names the models itself/m);
  }, 30_000);
});
