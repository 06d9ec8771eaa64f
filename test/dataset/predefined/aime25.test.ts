/**
 * @module test/dataset/predefined/aime25 — AIME 2025 from the fake hub cache (parts I then II),
 * answer normalisation, the gptoss prompt, a prepared file as source, and the download of the
 * hub's Parquet conversion through an injected fetch (no network).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encodeParquet } from "../../../scripts/parquet-file.ts";
import { leadingInteger } from "../../../src/dataset/predefined/aime25.ts";
import { loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { InputError } from "../../../src/errors.ts";
import { makeFixtureHome } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
const downloadHome = mkdtempSync(join(tmpdir(), "aime-download-"));
afterAll(() => {
  fixture.remove();
  rmSync(downloadHome, { recursive: true, force: true });
});
const options = { env: fixture.env, cacheDir: fixture.emptyCacheDir };
const INSTRUCTION = "Please reason step by step, and put your final answer within \\boxed{}.";

describe("dataset/predefined/aime25", () => {
  test.each([
    ["70", "70"],
    ["024", "24"],
    ["336 degrees", "336"],
    [588, "588"],
    ["x = 5", null],
    [" 70", null],
    [null, null],
  ])("takes the leading integer of %p as %p", (answer, expected) => {
    expect(leadingInteger(answer)).toBe(expected);
  });

  test("concatenates AIME2025-I then AIME2025-II from the hub cache", async () => {
    const dataset = await loadPredefinedDataset("aime25::gptoss", options);
    expect(dataset.rows.map((row) => row.answer)).toEqual(["28", "6", "24", "20"]);
    expect(dataset.columns).toEqual(["question", "answer", "prompt"]);
    expect(dataset.rows[3]?.prompt).toBe(`Compute $\\binom{6}{3}$.\n${INSTRUCTION}`);
    expect(dataset.accuracyDefaults).toEqual({
      evalMethod: "pass_at_1",
      extractor: "boxed_math_extractor",
      groundTruthColumn: "answer",
      numRepeats: 8,
    });
  });

  test("reads one prepared file with both parts given as source", async () => {
    const file = fixture.path("aime25.jsonl");
    writeFileSync(file, '{"question": "One?", "answer": 1}\n{"question": "Two?", "answer": "002"}\n');
    const dataset = await loadPredefinedDataset("aime25", { ...options, source: file });
    expect(dataset.rows).toEqual([
      { prompt: "One?", answer: "1" },
      { prompt: "Two?", answer: "2" },
    ]);
  });

  test("fails on an answer without a leading integer, naming the row", async () => {
    const file = fixture.path("bad-aime.jsonl");
    writeFileSync(file, '{"question": "Q", "answer": "17"}\n{"question": "Q", "answer": "n/a"}\n');
    const failure = loadPredefinedDataset("aime25", { ...options, source: file });
    await expect(failure).rejects.toThrow(InputError);
    await expect(failure).rejects.toThrow(`${file}:2: answer "n/a" does not start with an integer`);
  });

  test("rejects a variant, which AIME does not have", async () => {
    await expect(loadPredefinedDataset("aime25", { ...options, variant: "2024" })).rejects.toThrow(
      "aime25 has no variants",
    );
  });

  test("downloads both configs' Parquet conversion when online, then loads offline from the cache", async () => {
    const commit = "e".repeat(40);
    const parquet = (questions: string[], answers: string[]) =>
      encodeParquet([
        { name: "question", kind: "string", values: questions },
        { name: "answer", kind: "string", values: answers },
      ]);
    const files: Record<string, Uint8Array> = {
      "AIME2025-I": parquet(["I.1", "I.2"], ["11", "12"]),
      "AIME2025-II": parquet(["II.1"], ["21"]),
    };
    const requested: string[] = [];
    const fakeFetch = async (url: string): Promise<Response> => {
      requested.push(url);
      const listing = /\/api\/datasets\/opencompass\/AIME2025\/parquet\/([^/]+)\/test$/.exec(url);
      if (listing) return Response.json([`http://hub.invalid/files/${listing[1]}/0000.parquet`]);
      const file = /\/files\/([^/]+)\/0000\.parquet$/.exec(url);
      const bytes = file ? files[file[1] as string] : undefined;
      return bytes
        ? new Response(bytes, { headers: { "x-repo-commit": commit } })
        : new Response("missing", { status: 404 });
    };
    const env = { HF_HOME: downloadHome, HF_ENDPOINT: "http://hub.invalid" };
    const cacheDir = join(downloadHome, "dataset_cache");
    mkdirSync(cacheDir);
    const online = await loadPredefinedDataset("aime25::gptoss", { env, cacheDir, fetch: fakeFetch });
    expect(online.rows.map((row) => [row.question, row.answer])).toEqual([
      ["I.1", "11"],
      ["I.2", "12"],
      ["II.1", "21"],
    ]);
    expect(requested[0]).toBe("http://hub.invalid/api/datasets/opencompass/AIME2025/parquet/AIME2025-I/test");
    const ref = join(downloadHome, "hub", "datasets--opencompass--AIME2025", "refs", "refs", "convert", "parquet");
    expect(readFileSync(ref, "utf8")).toBe(commit);
    const offline = await loadPredefinedDataset("aime25::gptoss", { env: { ...env, HF_HUB_OFFLINE: "1" }, cacheDir });
    expect(offline.rows).toEqual(online.rows);
  });
});
