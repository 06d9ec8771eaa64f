/** @module test/dataset/predefined/deepseek-r1 — upstream's prepared DeepSeek-R1 Parquet, by source, env variable or cache. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { encodeParquet } from "../../../scripts/parquet-file.ts";
import { loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { makeFixtureHome } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
afterAll(() => fixture.remove());

const rows = [
  { input_tokens: [0, 151644, 11], ground_truth: "42", dataset: "aime", question: "What is 6 × 7?" },
  { input_tokens: [0, 151644, 12, 13], ground_truth: "B", dataset: "gpqa", question: "Which one?" },
];

function writePrepared(path: string): string {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(
    path,
    encodeParquet([
      { name: "input_tokens", kind: "int64", list: true, values: rows.map((r) => r.input_tokens) },
      ...(["ground_truth", "dataset", "question"] as const).map((name) => ({
        name,
        kind: "string" as const,
        values: rows.map((r) => r[name]),
      })),
    ]),
  );
  return path;
}

describe("dataset/predefined/deepseek-r1", () => {
  test("from generate_params.source: token ids are the prompt, the text columns come along", async () => {
    const source = writePrepared(fixture.path("prepared", "deepseek_r1_eval.parquet"));
    const dataset = await loadPredefinedDataset("legacy_mlperf_deepseek_r1", {
      env: fixture.env,
      cacheDir: fixture.emptyCacheDir,
      source,
    });
    expect(dataset.rows).toEqual(rows);
  });

  test("from $LEGACY_MLPERF_DEEPSEEK_R1_DATASET, then from upstream's cache", async () => {
    const viaEnv = writePrepared(fixture.path("env", "deepseek_r1_eval.parquet"));
    const fromEnv = await loadPredefinedDataset("legacy_mlperf_deepseek_r1", {
      env: { ...fixture.env, LEGACY_MLPERF_DEEPSEEK_R1_DATASET: viaEnv },
      cacheDir: fixture.emptyCacheDir,
    });
    expect(fromEnv.rows).toHaveLength(2);
    writePrepared(join(fixture.emptyCacheDir, "legacy_mlperf_deepseek_r1", "deepseek_r1_eval.parquet"));
    const fromCache = await loadPredefinedDataset("legacy_mlperf_deepseek_r1", {
      env: fixture.env,
      cacheDir: fixture.emptyCacheDir,
    });
    expect(fromCache.rows.map((r) => r.dataset)).toEqual(["aime", "gpqa"]);
  });

  test("max_samples (a pandas stratified draw upstream) is refused, naming max_rows", async () => {
    const source = fixture.path("prepared", "deepseek_r1_eval.parquet");
    await expect(
      loadPredefinedDataset("legacy_mlperf_deepseek_r1", {
        env: fixture.env,
        cacheDir: fixture.emptyCacheDir,
        source,
        maxSamples: 1,
      }),
    ).rejects.toThrow(/max_samples: .*use max_rows/);
  });
});
