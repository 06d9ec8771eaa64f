/**
 * @module test/dataset/predefined/livecodebench — LiveCodeBench from a copy of the hub
 * repository's release files (test.jsonl … test6.jsonl) and from upstream's prepared
 * Parquet file; the gptoss prompt; no download is ever attempted.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { releaseFiles } from "../../../src/dataset/predefined/livecodebench.ts";
import { loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { InputError } from "../../../src/errors.ts";
import { makeFixtureHome, writeStringParquet } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
afterAll(() => fixture.remove());
const options = { env: fixture.env, cacheDir: fixture.emptyCacheDir };

const PREPARED = [
  {
    question_id: "abc400_b",
    question: "Print the sum.",
    starter_code: "",
    public_test_cases: "[]",
    private_test_cases: "[]",
    func_name: "",
  },
  {
    question_id: "3999",
    question: "Return the answer.",
    starter_code: "class Solution:\n    def f(self) -> int:\n        ",
    public_test_cases: "[]",
    private_test_cases: "[]",
    func_name: "f",
  },
];

describe("dataset/predefined/livecodebench", () => {
  test.each([
    ["release_v1", ["test"]],
    ["release_v3", ["test", "test2", "test3"]],
    ["release_v6", ["test", "test2", "test3", "test4", "test5", "test6"]],
    ["latest", []],
  ])("builds %p from the hub files %p", (variant, files) => {
    expect(releaseFiles(variant)).toEqual(files);
  });

  test("reads release_v6 as test.jsonl then test2…test6.jsonl from the hub cache", async () => {
    const dataset = await loadPredefinedDataset("livecodebench::gptoss", options);
    expect(dataset.rows.map((row) => row.question_id)).toEqual([
      "fix001_a",
      "3002",
      "fix003_a",
      "3004",
      "fix005_a",
      "3006",
    ]);
    expect(dataset.columns).toEqual(["question_id", "question", "starter_code", "prompt"]);
    expect(dataset.rows[1]?.question).toBe("Given a list nums, return the sum of its elements plus 2.");
    expect(dataset.accuracyDefaults).toEqual({
      evalMethod: "code_bench_scorer",
      extractor: "python_code_extractor",
      groundTruthColumn: "question_id",
      numRepeats: 3,
    });
  });

  test.each([
    ["release_v1", 1],
    ["release_v2", 2],
    ["RELEASE_V4", 4],
  ])("reads variant %p as its first %p release files", async (variant, count) => {
    const dataset = await loadPredefinedDataset("livecodebench", { ...options, variant });
    expect(dataset.rows).toHaveLength(count);
  });

  test("puts the instructions, the question and the starter code in a python fence into the prompt", async () => {
    const dataset = await loadPredefinedDataset("livecodebench::gptoss", options);
    const row = dataset.rows[1] as Record<string, string>;
    expect(row.prompt).toStartWith("You are a python coding expert that solves problems step-by-step.\n");
    expect(row.prompt).toContain(`\n\n\n${row.question}\n### Format:`);
    expect(row.prompt).toEndWith(`\`\`\`python\n${row.starter_code}\n\`\`\`\n`);
  });

  test.each([
    ["a file given as source", (dir: string) => ({ source: join(dir, "livecodebench_release_v6.parquet") })],
    ["a directory given as source", (dir: string) => ({ source: dir })],
  ])("reads upstream's prepared Parquet from %s, keeping three columns", async (_what, sourceOf) => {
    const dir = fixture.path("lcb-prepared");
    writeStringParquet(join(dir, "livecodebench_release_v6.parquet"), PREPARED);
    const dataset = await loadPredefinedDataset("livecodebench", {
      ...options,
      ...sourceOf(dir),
      parser: { prompt: "question" },
    });
    expect(dataset.rows).toEqual(
      PREPARED.map(({ question_id, question, starter_code }) => ({ question_id, prompt: question, starter_code })),
    );
  });

  test("finds the prepared copy in dataset_cache/livecodebench/<variant>/", async () => {
    const cacheDir = fixture.path("lcb-seed-cache");
    writeStringParquet(join(cacheDir, "livecodebench", "release_v5", "livecodebench_release_v5.parquet"), PREPARED);
    const dataset = await loadPredefinedDataset("livecodebench::gptoss", {
      ...options,
      cacheDir,
      variant: "release_v5",
    });
    expect(dataset.rows.map((row) => row.question_id)).toEqual(["abc400_b", "3999"]);
  });

  test("never downloads: without local data it explains how to prepare it", async () => {
    let fetched = false;
    const failure = loadPredefinedDataset("livecodebench::gptoss", {
      env: { HF_HOME: fixture.path("empty-home") },
      cacheDir: fixture.emptyCacheDir,
      fetch: async () => {
        fetched = true;
        return new Response("", { status: 500 });
      },
    });
    await expect(failure).rejects.toThrow(InputError);
    await expect(failure).rejects.toThrow("livecodebench (release_v6): data not found on this machine");
    await failure.catch((error: InputError) => {
      expect(error.hint).toContain("livecodebench_release_v6.parquet");
      expect(error.hint).toContain("livecodebench/code_generation_lite");
    });
    expect(fetched).toBe(false);
  });
});
