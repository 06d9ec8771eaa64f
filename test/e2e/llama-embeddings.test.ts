/**
 * @module test/e2e/llama-embeddings.test — `--api-type openai_embeddings` against llama.cpp's real server
 * (../shared/tools/llama-server), started with `--embeddings --pooling mean`: the tiny model's own pooling is
 * `none`, which llama.cpp refuses on /v1/embeddings ("Pooling type 'none' is not OAI compatible"), as curl showed.
 *
 * What the engine and our code decide: 0 failures, one vector per text sent, and the input tokens the
 * server's usage reports — checked against GPT-2's tokenizer (the models' vocabulary) counting the same texts.
 */
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { findLlamaEngine, startLlamaServer, type LlamaServer } from "../support/llama-server.ts";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { readSummary as readCliSummary, runCli, tempDirs } from "./run-cli.ts";

/** The whole summary, typed as the report writes it (run-cli's type holds the fields most tests read). */
const readSummary = (report: string) => readCliSummary(report);

const found = findLlamaEngine();
const dirs = tempDirs("ie-llama-embed-");
afterAll(() => dirs.cleanup());

if ("missing" in found) {
  if (process.env.CI === "true") {
    test("the real engine is present in CI", () => {
      throw new Error(`llama-server embeddings tests cannot run: ${found.missing}`);
    });
  } else {
    console.warn(`skipping the llama-server embeddings tests: ${found.missing} (set LLAMA_SERVER and LLAMA_MODELS)`);
  }
} else {
  const engine = found;

  describe("llama-server --embeddings, tiny model, 2 slots", () => {
    let server: LlamaServer;
    beforeAll(async () => {
      server = await startLlamaServer(engine, {
        model: "tiny-64x2.gguf",
        slots: 2,
        extraArgs: ["--embeddings", "--pooling", "mean"],
      });
    }, 60_000);
    afterAll(() => server?.stop());

    test.each([1, 4])(
      "--batch-size %d: 0 failures, a vector per text, input tokens from usage",
      async (batch) => {
        const dir = dirs.make();
        const report = join(dir, "r");
        const texts = Array.from(
          { length: 16 },
          (_, i) => `The quick brown fox ${i} jumps over ${"the lazy dog ".repeat(i % 4)}`,
        );
        const dataset = join(dir, "texts.jsonl");
        writeFileSync(dataset, `${texts.map((prompt) => JSON.stringify({ prompt })).join("\n")}\n`);
        const requests = 16 / batch;
        const result = await runCli([
          "benchmark",
          "online",
          "--endpoints",
          server.url,
          "--model",
          "tiny",
          "--api-type",
          "openai_embeddings",
          "--batch-size",
          String(batch),
          "--dataset",
          dataset,
          "--load-pattern",
          "concurrency",
          "--concurrency",
          "2",
          "--num-samples",
          String(requests),
          "--duration",
          "0",
          "--report-dir",
          report,
        ]);
        expect(result.exitCode).toBe(0);
        const s = readSummary(report);
        expect(s.n_samples_failed).toBe(0);
        expect(s.inputs?.inputs).toBe(16);
        expect(s.token_count_source).toBe("server_usage");
        const db = new Database(join(report, "events.db"), { readonly: true });
        const rows = db
          .query(
            "SELECT input_count AS inputs, input_tokens AS tokens FROM requests WHERE phase = 'performance' AND error_kind IS NULL",
          )
          .all() as { inputs: number; tokens: number }[];
        db.close();
        expect(rows).toHaveLength(requests);
        expect(rows.every((r) => r.inputs === batch)).toBe(true);
        // llama.cpp counts each text's tokens with the model's vocabulary (GPT-2's), no special tokens added.
        const gpt2 = loadTokenizer(engine.tokenizer);
        const expected = texts.reduce((sum, text) => sum + gpt2.count(text), 0);
        expect(rows.reduce((sum, r) => sum + r.tokens, 0)).toBe(expected);
        expect(readFileSync(join(report, "report.txt"), "utf8")).toContain("Inputs/s: ");
      },
      90_000,
    );
  });
}
