/**
 * @module test/dataset/predefined/gpqa — GPQA from the fake hub cache (airgapped), its seeded
 * choice shuffle, the gptoss prompt, variants and the other source shapes.
 *
 * Expected choice orders come from running upstream's procedure in python3 over the
 * fixture CSV (the same snippet with `rows = [rows[i] for i in random.Random(0).sample(range(5), 3)]`
 * inserted before the loop gives the max_samples=3 vectors):
 *
 *   import csv, random
 *   rows = list(csv.DictReader(open(".../gpqa_diamond.csv", newline="")))
 *   rng = random.Random(0)
 *   for row in rows:
 *       perm = rng.sample(range(4), 4)
 *       c = [row["Correct Answer"], row["Incorrect Answer 1"], row["Incorrect Answer 2"], row["Incorrect Answer 3"]]
 *       c = [c[i] for i in perm]
 *       print(c, f"choice{c.index(row['Correct Answer']) + 1}")
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCsvRows } from "../../../src/dataset/load-csv.ts";
import { loadPredefinedDataset } from "../../../src/dataset/predefined/load-predefined.ts";
import { InputError } from "../../../src/errors.ts";
import { GPQA_SNAPSHOT, makeFixtureHome, writeStringParquet } from "./predefined-fixtures.ts";

const fixture = makeFixtureHome();
afterAll(() => fixture.remove());
const options = { env: fixture.env, cacheDir: fixture.emptyCacheDir };
const snapshot = fixture.path("hub", "datasets--Idavidrein--gpqa", "snapshots", GPQA_SNAPSHOT);

const DIAMOND: Array<[string, string[], string, string]> = [
  ["Which gas", ["Carbon dioxide", "Oxygen", "Nitrogen", "Argon"], "choice3", "Nitrogen"],
  ["A ball is dropped", ["5 m", "10 m", "40 m", "20 m"], "choice4", "20 m"],
  ["Which organelle", ["Golgi apparatus", "Lysosome", "Mitochondrion", "Ribosome"], "choice3", "Mitochondrion"],
  ["What is the pH", ["14", " 7", "0", "1"], "choice2", " 7"],
  ["How many base pairs", ["10^6", "10^3", "10^9", "10^12"], "choice3", "10^9"],
];
const INSTRUCTION = "Express your final answer as the corresponding option 'A', 'B', 'C', or 'D'.";
const choicesOf = (row: Record<string, unknown>) => [row.choice1, row.choice2, row.choice3, row.choice4];

describe("dataset/predefined/gpqa", () => {
  test.each(DIAMOND.map((expected, index) => [index, ...expected] as const))(
    "shuffles row %p (%p…) with upstream's Random(0) permutation",
    async (index, start, choices, groundTruth) => {
      const dataset = await loadPredefinedDataset("gpqa::gptoss", options);
      const row = dataset.rows[index] as Record<string, unknown>;
      expect(String(row.question).startsWith(start)).toBe(true);
      expect(choicesOf(row)).toEqual(choices);
      expect(row.ground_truth).toBe(groundTruth);
    },
  );

  test.each(DIAMOND.map((expected, index) => [index, ...expected] as const))(
    "writes row %p's prompt with the shuffled choices as (A)–(D)",
    async (index, _start, choices, groundTruth, correct) => {
      const dataset = await loadPredefinedDataset("gpqa::gptoss", options);
      const row = dataset.rows[index] as Record<string, string>;
      const lines = choices.map((choice, i) => `(${"ABCD"[i]}) ${choice}`).join("\n");
      expect(row.prompt).toBe(`${row.question}\n\n${lines}\n\n${INSTRUCTION}`);
      const letter = "ABCD"[Number(groundTruth.slice(-1)) - 1];
      expect(row.prompt).toContain(`(${letter}) ${correct}\n`);
    },
  );

  test("keeps the dataset's columns and reports GPQA's accuracy defaults", async () => {
    const dataset = await loadPredefinedDataset("gpqa::gptoss", options);
    expect(dataset.name).toBe("gpqa::gptoss");
    expect(dataset.path).toBe(join(snapshot, "gpqa_diamond.csv"));
    expect(dataset.columns).toEqual([
      "question",
      "choice1",
      "choice2",
      "choice3",
      "choice4",
      "ground_truth",
      "domain",
      "subdomain",
      "prompt",
    ]);
    expect(dataset.rows[0]).toMatchObject({ domain: "Chemistry", subdomain: "Atmospheric Chemistry" });
    expect(dataset.accuracyDefaults).toEqual({
      evalMethod: "pass_at_1",
      extractor: "abcd_extractor",
      groundTruthColumn: "ground_truth",
      numRepeats: 5,
    });
  });

  test("sends the bare question as the prompt without a preset", async () => {
    const dataset = await loadPredefinedDataset("gpqa", options);
    expect(dataset.columns[0]).toBe("prompt");
    expect(dataset.rows[0]?.prompt).toBe("Which gas makes up most of Earth's atmosphere by volume?");
  });

  test("draws a max_samples subset with Random(0) before shuffling with a fresh Random(0)", async () => {
    const dataset = await loadPredefinedDataset("gpqa::gptoss", { ...options, maxSamples: 3 });
    expect(dataset.rows.map((row) => [choicesOf(row), row.ground_truth])).toEqual([
      [["0", "1", " 7", "14"], "choice3"],
      [["10^3", "10^6", "10^12", "10^9"], "choice4"],
      [["Argon", "Carbon dioxide", "Nitrogen", "Oxygen"], "choice3"],
    ]);
  });

  test.each([
    ["gpqa_main::gptoss", null],
    ["gpqa::gptoss", "main"],
    ["gpqa::gptoss", "gpqa_main"],
  ])("loads the main variant for %p with variant %p", async (name, variant) => {
    const dataset = await loadPredefinedDataset(name, { ...options, variant });
    expect(dataset.rows.map((row) => [choicesOf(row), row.ground_truth])).toEqual([
      [["Charge", "Momentum", "Kinetic energy", "Mass"], "choice3"],
      [["Cytosine", "Uracil", "Guanine", "Thymine"], "choice4"],
    ]);
  });

  test.each([
    ["gpqa", "platinum", "gpqa has no variant 'platinum' (available: diamond, main, extended)"],
    ["gpqa_main", "diamond", "the name fixes variant 'main' but variant 'diamond' was also given"],
    ["gpqa_extended", null, "gpqa (extended): data not found on this machine"],
  ])("rejects %p with variant %p", async (name, variant, message) => {
    const failure = loadPredefinedDataset(name, { ...options, variant });
    await expect(failure).rejects.toThrow(InputError);
    await expect(failure).rejects.toThrow(message);
  });

  test("uses an already converted file as it is, without shuffling again", async () => {
    const converted = [
      {
        question: "Q1",
        choice1: "a",
        choice2: "b",
        choice3: "c",
        choice4: "d",
        ground_truth: "choice2",
        domain: "Physics",
        subdomain: "Optics",
      },
      {
        question: "Q2",
        choice1: "e",
        choice2: "f",
        choice3: "g",
        choice4: "h",
        ground_truth: "choice4",
        domain: "Biology",
        subdomain: "Genetics",
      },
    ];
    const source = writeStringParquet(fixture.path("converted", "gpqa_diamond.parquet"), converted);
    for (const from of [source, fixture.path("converted")]) {
      const dataset = await loadPredefinedDataset("gpqa", { ...options, source: from, parser: { prompt: "question" } });
      expect(dataset.rows.map(({ prompt, ...rest }) => ({ question: prompt, ...rest }))).toEqual(converted);
    }
  });

  test("reads upstream's prepared copy from dataset_cache/gpqa/<variant>/", async () => {
    const cacheDir = fixture.path("seed-cache");
    const row = {
      question: "Cached?",
      choice1: "yes",
      choice2: "no",
      choice3: "maybe",
      choice4: "never",
      ground_truth: "choice1",
    };
    writeStringParquet(join(cacheDir, "gpqa", "diamond", "gpqa_diamond.parquet"), [row]);
    const dataset = await loadPredefinedDataset("gpqa::gptoss", { ...options, cacheDir });
    expect(dataset.rows).toEqual([
      {
        ...row,
        domain: "",
        subdomain: "",
        prompt: `Cached?\n\n(A) yes\n(B) no\n(C) maybe\n(D) never\n\n${INSTRUCTION}`,
      },
    ]);
  });

  test("reads the hub's Parquet conversion (gpqa_diamond/train/0000.parquet) like the CSV", async () => {
    const csvRows = readCsvRows(join(snapshot, "gpqa_diamond.csv")).rows as Array<Record<string, string>>;
    writeStringParquet(fixture.path("conversion", "gpqa_diamond", "train", "0000.parquet"), csvRows);
    const fromCsv = await loadPredefinedDataset("gpqa::gptoss", options);
    const fromParquet = await loadPredefinedDataset("gpqa::gptoss", { ...options, source: fixture.path("conversion") });
    expect(fromParquet.rows).toEqual(fromCsv.rows);
  });

  test("names the file and row of a CSV that lacks an answer column", async () => {
    const dir = fixture.path("broken");
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, "gpqa_diamond.csv"),
      "Question,Correct Answer,Incorrect Answer 1,Incorrect Answer 2\nQ?,a,b,c\n",
    );
    const failure = loadPredefinedDataset("gpqa", { ...options, source: dir });
    await expect(failure).rejects.toThrow(InputError);
    await expect(failure).rejects.toThrow(`${join(dir, "gpqa_diamond.csv")}:2: column 'Incorrect Answer 3' is missing`);
  });

  test("loads from an hf:// source in the local cache", async () => {
    const dataset = await loadPredefinedDataset("gpqa::gptoss", {
      ...options,
      source: "hf://datasets/Idavidrein/gpqa@main",
    });
    expect(dataset.rows.map((row) => row.ground_truth)).toEqual(DIAMOND.map(([, , truth]) => truth));
  });
});
