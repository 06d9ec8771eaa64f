/**
 * @module test/dataset/predefined/summarisation — the MLPerf summarisation sets: CNN/DailyMail from
 * a hub snapshot (config 3.0.0, split validation) with the llama3_8b preset, and OpenOrca from
 * upstream's JSONL cache with the llama2_70b preset; both scored with rouge by default.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { makeFixtureHome, writeStringParquet } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
afterAll(() => fixture.remove());
const options = { env: fixture.env, cacheDir: fixture.emptyCacheDir };

const SNAPSHOT = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00";
const articles = Array.from({ length: 6 }, (_, i) => ({
  article: `Article number ${i}. It rained.`,
  highlights: `Summary ${i}.`,
  id: `id${i}`,
}));
const repo = fixture.path("hub", "datasets--abisee--cnn_dailymail");
mkdirSync(join(repo, "refs"), { recursive: true });
writeFileSync(join(repo, "refs", "main"), SNAPSHOT);
writeStringParquet(join(repo, "snapshots", SNAPSHOT, "3.0.0", "validation-00000-of-00001.parquet"), articles);

describe("dataset/predefined/summarisation", () => {
  test("cnn_dailymail::llama3_8b builds upstream's prompt and carries its chat template", async () => {
    const dataset = await loadPredefinedDataset("cnn_dailymail::llama3_8b", options);
    expect(dataset.rows).toHaveLength(6);
    const row = dataset.rows[2] as Record<string, unknown>;
    expect(row.prompt).toBe(
      "Summarize the following news article in 128 tokens. Please output the summary only, without any other text.\n\nArticle:\nArticle number 2. It rained.\n\nSummary:",
    );
    expect(row.chat_template).toBe(
      "{{- bos_token }}{%- for message in messages %}{{ message['content'] | trim }}{%- endfor %}",
    );
    expect(row.highlights).toBe("Summary 2.");
    expect(dataset.accuracyDefaults).toEqual({
      evalMethod: "rouge",
      extractor: "identity_extractor",
      groundTruthColumn: "highlights",
      numRepeats: 1,
    });
  });

  test("cnn_dailymail max_samples keeps a seeded subset, as random.Random(seed).sample draws it", async () => {
    // python3 -c "import random; print(random.Random(0).sample(range(6), 3))" → [3, 5, 0]
    const dataset = await loadPredefinedDataset("cnn_dailymail::llama3_8b", { ...options, maxSamples: 3, seed: 0 });
    expect(dataset.rows.map((row) => row.highlights)).toEqual(["Summary 3.", "Summary 5.", "Summary 0."]);
  });

  test("open_orca::llama2_70b reads upstream's JSONL cache: question is the prompt, system_prompt the system", async () => {
    const dir = join(fixture.emptyCacheDir, "open_orca", "mlperf-inference");
    mkdirSync(dir, { recursive: true });
    const rows = [
      {
        id: "cot.1",
        system_prompt: "You are helpful.",
        question: "Why is the sky blue?",
        output: "Rayleigh scattering.",
        tok_input: [1, 2],
      },
    ];
    writeFileSync(
      join(dir, "open_orca_gpt4_tokenized_llama.sampled_24576.jsonl"),
      rows.map((r) => JSON.stringify(r)).join("\n") + "\n",
    );
    const dataset = await loadPredefinedDataset("open_orca::llama2_70b", options);
    expect(dataset.rows[0]).toMatchObject({
      prompt: "Why is the sky blue?",
      system: "You are helpful.",
      output: "Rayleigh scattering.",
    });
    expect(dataset.accuracyDefaults.groundTruthColumn).toBe("output");
  });

  test("open_orca without its cache explains how to make it, and downloads nothing", async () => {
    const empty = makeFixtureHome();
    try {
      await expect(
        loadPredefinedDataset("open_orca::llama2_70b", { env: empty.env, cacheDir: empty.emptyCacheDir }),
      ).rejects.toThrow(/open_orca/);
    } finally {
      empty.remove();
    }
  });
});
