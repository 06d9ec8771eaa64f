/**
 * @module test/dataset/predefined/load-predefined — predefined names and presets, the errors for
 * unknown presets and missing data, options shared by all datasets, and the route from
 * `loadDatasetAsync` (what `--dataset gpqa::gptoss` reaches). Airgapped: HF_HOME is a copy of
 * the fixture hub cache and HF_HUB_OFFLINE is set.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { loadDatasetAsync } from "../../../src/dataset/load-dataset-async.ts";
import { isPredefinedDataset, loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { InputError } from "../../../src/errors.ts";
import { makeFixtureHome } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
afterAll(() => fixture.remove());
const options = { env: fixture.env, cacheDir: fixture.emptyCacheDir };
const emptyHome = {
  env: { HF_HOME: fixture.path("no-such-home"), HF_HUB_OFFLINE: "1" },
  cacheDir: fixture.emptyCacheDir,
};

async function failureOf(promise: Promise<unknown>): Promise<InputError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(InputError);
  return error as InputError;
}

describe("dataset/predefined/load-predefined", () => {
  test.each([
    ["gpqa", true],
    ["gpqa::gptoss", true],
    ["gpqa::nonsense", true],
    ["gpqa_main::gptoss", true],
    ["aime25::gptoss", true],
    ["livecodebench", true],
    ["GPQA", false],
    ["random", false],
    ["data/gpqa.jsonl", false],
    ["hf://datasets/Idavidrein/gpqa", false],
    ["", false],
  ])("isPredefinedDataset(%p) is %p", (name, expected) => {
    expect(isPredefinedDataset(name)).toBe(expected);
  });

  test.each([
    ["gpqa::gpt5", "gpqa has no preset 'gpt5' (available: gptoss)"],
    ["aime25::llama3_8b", "aime25 has no preset 'llama3_8b' (available: gptoss)"],
    ["livecodebench::", "livecodebench has no preset '' (available: gptoss)"],
    ["gpqa_main::x", "gpqa_main has no preset 'x' (available: gptoss)"],
    [
      "mmlu::gptoss",
      "'mmlu::gptoss' is not a predefined dataset (available: gpqa, aime25, livecodebench, cnn_dailymail, open_orca, shopify_product_catalogue, shopify_product_catalogue_8k, legacy_mlperf_deepseek_r1, gpqa_diamond, gpqa_main, gpqa_extended)",
    ],
  ])("rejects %p", async (name, message) => {
    const error = await failureOf(loadPredefinedDataset(name, options));
    expect(error.message).toBe(message);
  });

  test.each([
    [
      "gpqa::gptoss",
      "datasets--Idavidrein--gpqa",
      "huggingface-cli download --repo-type dataset Idavidrein/gpqa --include 'gpqa_diamond.csv'",
    ],
    [
      "aime25::gptoss",
      "datasets--opencompass--AIME2025",
      "huggingface-cli download --repo-type dataset opencompass/AIME2025",
    ],
  ])("explains where it looked for %p offline and how to provide it", async (name, repoDir, command) => {
    const error = await failureOf(loadPredefinedDataset(name, emptyHome));
    expect(error.message).toContain("data not found on this machine");
    expect(error.message).toContain(fixture.emptyCacheDir);
    expect(error.message).toContain(join(fixture.path("no-such-home"), "hub", repoDir));
    expect(error.message).toContain("HF_HUB_OFFLINE is set, so nothing was downloaded");
    expect(error.hint).toContain(command);
    expect(error.hint).toContain("generate_params.source=PATH");
  });

  test.each([
    ["a missing path", () => fixture.path("nowhere.csv"), "gpqa (diamond): source"],
    ["a directory without the data", () => fixture.emptyCacheDir, "no gpqa (diamond) data found in this directory"],
    [
      "an uncached hf:// address",
      () => "hf://datasets/acme/gpqa-copy",
      "hf://datasets/acme/gpqa-copy is not in the local Hugging Face cache",
    ],
  ])("fails clearly for %s given as source", async (_what, sourceOf, message) => {
    const error = await failureOf(loadPredefinedDataset("gpqa", { ...options, source: sourceOf() }));
    expect(error.message).toContain(message);
  });

  test("keeps the first `max_rows` rows after the transform", async () => {
    const dataset = await loadPredefinedDataset("aime25::gptoss", { ...options, maxRows: 3 });
    expect(dataset.rows.map((row) => row.answer)).toEqual(["28", "6", "24"]);
  });

  test("builds the prompt from a template when no preset is named", async () => {
    const dataset = await loadPredefinedDataset("aime25", { ...options, template: "Solve: {question} [{answer}]" });
    expect(dataset.rows[0]?.prompt).toBe("Solve: Find the sum of all positive divisors of $12$. [28]");
  });

  test("refuses a template together with a preset", async () => {
    const error = await failureOf(loadPredefinedDataset("aime25::gptoss", { ...options, template: "{question}" }));
    expect(error.message).toContain("template and the preset 'gptoss' both set the prompt");
  });

  describe("through loadDatasetAsync", () => {
    test("routes a predefined name given as the dataset path", async () => {
      const dataset = await loadDatasetAsync({ path: "gpqa::gptoss", name: "gpqa::gptoss" }, { env: fixture.env });
      expect(dataset.name).toBe("gpqa::gptoss");
      expect(dataset.rows).toHaveLength(5);
      expect(String(dataset.rows[0]?.prompt)).toContain("(C) Nitrogen\n");
    });

    test("takes the variant from config= and the source and max_samples from generate_params", async () => {
      const variant = await loadDatasetAsync({ path: "gpqa::gptoss", config: "gpqa_main" }, { env: fixture.env });
      expect(variant.rows).toHaveLength(2);
      const source = fixture.path("hub", "datasets--Idavidrein--gpqa", "snapshots");
      const snapshotDir = join(source, "5e1c8d2f9a3b4c6d7e8f90a1b2c3d4e5f6a7b8c9");
      const sampled = await loadDatasetAsync(
        { path: "gpqa::gptoss", generateParams: { source: snapshotDir, max_samples: "3", force_regenerate: "true" } },
        { env: emptyHome.env },
      );
      expect(sampled.rows.map((row) => row.ground_truth)).toEqual(["choice3", "choice4", "choice3"]);
    });

    test("rejects unknown generate_params keys, listing the known ones", async () => {
      const error = await failureOf(
        loadDatasetAsync({ path: "aime25", generateParams: { sorce: "/x" } }, { env: fixture.env }),
      );
      expect(error.message).toContain("dataset aime25: invalid generate_params");
      expect(error.hint).toBe("known keys: source, variant, split, seed, max_samples, force_regenerate");
    });

    test("still loads ordinary files", async () => {
      const dir = fixture.path("plain");
      mkdirSync(dir, { recursive: true });
      await Bun.write(join(dir, "gpqa.jsonl"), '{"prompt": "plain"}\n');
      const dataset = await loadDatasetAsync({ path: join(dir, "gpqa.jsonl") }, { env: fixture.env });
      expect(dataset.rows).toEqual([{ prompt: "plain" }]);
    });
  });
});
