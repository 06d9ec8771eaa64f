/** @module test/dataset/load-dataset — format detection, column remaps and the prompt check. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InputError } from "../../src/errors.ts";
import { loadDataset, resolveDatasetFormat, type DatasetSpec } from "../../src/dataset/load-dataset.ts";

const dir = mkdtempSync(join(tmpdir(), "load-dataset-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeRows(name: string, rows: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, rows.map((row) => JSON.stringify(row)).join("\n"));
  return path;
}

function errorOf(run: () => unknown): InputError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return error as InputError;
  }
  throw new Error("expected an error");
}

describe("dataset/load-dataset", () => {
  test.each([
    { path: "a.jsonl", format: null, expected: ".jsonl" },
    { path: "a.JSONL", format: undefined, expected: ".jsonl" },
    { path: "a.txt", format: ".jsonl", expected: ".jsonl" },
    { path: "a", format: "jsonl", expected: ".jsonl" },
    { path: "a.json", format: null, expected: ".json" },
    { path: "a.csv", format: null, expected: ".csv" },
    { path: "a.Parquet", format: null, expected: ".parquet" },
    { path: "a.jsonl", format: "CSV", expected: ".csv" },
    { path: "dir", format: "huggingface", expected: "huggingface" },
    { path: "hf://datasets/org/name", format: null, expected: "huggingface" },
    { path: "hf://datasets/org/name", format: "huggingface", expected: "huggingface" },
  ])("resolves the format of $path (format=$format)", ({ path, format, expected }) => {
    expect(resolveDatasetFormat(path, format)).toBe(expected);
  });

  test("treats a directory without format= as huggingface", () => {
    expect(resolveDatasetFormat("some/dir", null, true)).toBe("huggingface");
  });

  test.each([
    { path: "a.txt", format: null, message: "a.txt: unsupported dataset extension '.txt'", hint: /format=\.jsonl/ },
    { path: "noext", format: null, message: "noext: unsupported dataset extension ''", hint: /format=/ },
    { path: "a.jsonl", format: ".xml", message: "a.jsonl: unsupported dataset format '.xml'", hint: /format=/ },
    {
      path: "hf://datasets/o/n",
      format: ".csv",
      message: "hf://datasets/o/n: an hf:// dataset cannot be read as format .csv",
      hint: /format=huggingface/,
    },
  ])("refuses $path (format=$format) with a hint", ({ path, format, message, hint }) => {
    const error = errorOf(() => resolveDatasetFormat(path, format));
    expect(error.message).toBe(message);
    expect(error.hint ?? "").toMatch(hint);
  });

  test("names the dataset after the file stem unless a name is given", () => {
    const path = writeRows("stem-name.jsonl", [{ prompt: "p" }]);
    expect(loadDataset({ path }).name).toBe("stem-name");
    expect(loadDataset({ path, name: "mine" }).name).toBe("mine");
  });

  interface RemapCase {
    title: string;
    rows: object[];
    parser?: Record<string, string>;
    columns: string[];
    first: Record<string, unknown>;
  }
  test.each<RemapCase>([
    {
      title: "keeps a prompt column as is",
      rows: [{ prompt: "p", x: 1 }],
      columns: ["prompt", "x"],
      first: { prompt: "p", x: 1 },
    },
    {
      title: "applies the parser remap",
      rows: [{ article: "a", sys: "s" }],
      parser: { prompt: "article", system: "sys" },
      columns: ["prompt", "system"],
      first: { prompt: "a", system: "s" },
    },
    {
      title: "lets the parser replace an existing target column",
      rows: [{ prompt: "old", body: "new" }],
      parser: { prompt: "body" },
      columns: ["prompt"],
      first: { prompt: "new" },
    },
    {
      title: "lets two targets copy one source",
      rows: [{ q: "same" }],
      parser: { prompt: "q", system: "q" },
      columns: ["prompt", "system"],
      first: { prompt: "same", system: "same" },
    },
    {
      title: "detects question as the prompt",
      rows: [{ question: "q", answer: "a" }],
      columns: ["prompt", "answer"],
      first: { prompt: "q", answer: "a" },
    },
    {
      title: "detects text_input as the prompt (ours)",
      rows: [{ text_input: "t", ref_output: "r" }],
      columns: ["prompt", "ref_output"],
      first: { prompt: "t", ref_output: "r" },
    },
    {
      // The columns of upstream's tests/assets/datasets/ds_samples.jsonl: upstream takes question.
      title: "prefers upstream's candidates over text_input (ds_samples.jsonl)",
      rows: [{ dataset: "aime", ground_truth: "3", text_input: "templated", question: "q", templated_text_input: "t" }],
      columns: ["dataset", "ground_truth", "text_input", "prompt", "templated_text_input"],
      first: { dataset: "aime", ground_truth: "3", text_input: "templated", prompt: "q", templated_text_input: "t" },
    },
    {
      title: "renames system_prompt to system",
      rows: [{ user_prompt: "u", system_prompt: "s" }],
      columns: ["prompt", "system"],
      first: { prompt: "u", system: "s" },
    },
    {
      title: "keeps an existing system over system_prompt",
      rows: [{ prompt: "p", system: "s", system_prompt: "t" }],
      columns: ["prompt", "system", "system_prompt"],
      first: { prompt: "p", system: "s", system_prompt: "t" },
    },
    {
      title: "skips detection when the parser gives the prompt",
      rows: [{ question: "q", input: "i" }],
      parser: { prompt: "input" },
      columns: ["question", "prompt"],
      first: { question: "q", prompt: "i" },
    },
    {
      title: "accepts rows with messages only",
      rows: [{ messages: [{ role: "user", content: "hi" }] }],
      columns: ["messages"],
      first: { messages: [{ role: "user", content: "hi" }] },
    },
    {
      title: "accepts rows with input_tokens only",
      rows: [{ input_tokens: [1, 2, 3] }],
      columns: ["input_tokens"],
      first: { input_tokens: [1, 2, 3] },
    },
  ])("$title", ({ rows, parser, columns, first }) => {
    const dataset = loadDataset({ path: writeRows("remap.jsonl", rows), parser: parser ?? null });
    expect(dataset.columns).toEqual(columns);
    expect(dataset.rows[0]).toEqual(first);
  });

  test.each<{ title: string; rows: object[]; spec?: Partial<DatasetSpec>; message: RegExp; hint: RegExp }>([
    {
      title: "a parser source column that does not exist",
      rows: [{ text: "t", label: 1 }],
      spec: { parser: { prompt: "article" } },
      message: /parser\.prompt: column 'article' not found .*available columns: text, label/,
      hint: /parser\.prompt=text/,
    },
    {
      title: "two fuzzy prompt candidates",
      rows: [{ question: "q", query: "r" }],
      message: /several columns could be the prompt: question, query/,
      hint: /parser\.prompt=COL/,
    },
    {
      title: "a row without any prompt, naming its line",
      rows: [{ prompt: "ok" }, { prompt: "ok" }, { prompt: 7, note: "n" }],
      message: /bad-row\.jsonl:3: row has no usable prompt.*columns: prompt, note/,
      hint: /parser\.prompt=<column> \(e\.g\. parser\.prompt=note\)/,
    },
    {
      title: "a dataset with no prompt column at all",
      rows: [{ body: "b" }],
      message: /bad-row\.jsonl:1: row has no usable prompt.*columns: body/,
      hint: /parser\.prompt=/,
    },
    {
      title: "empty messages and non-integer token ids",
      rows: [{ messages: [], input_tokens: [1.5] }],
      message: /bad-row\.jsonl:1: row has no usable prompt/,
      hint: /parser\.prompt=/,
    },
  ])("rejects $title", ({ rows, spec, message, hint }) => {
    const path = writeRows("bad-row.jsonl", rows);
    const error = errorOf(() => loadDataset({ path, ...spec }));
    expect(error.message).toMatch(message);
    expect(error.hint ?? "").toMatch(hint);
  });

  test("reports the file line, not the row index, when blank lines come first", () => {
    const path = join(dir, "blank-lines.jsonl");
    writeFileSync(path, '\n\n{"prompt":"a"}\n\n{"other":"b"}\n');
    expect(errorOf(() => loadDataset({ path })).message).toMatch(/blank-lines\.jsonl:5: /);
  });

  test("loads the bundled dummy dataset without a parser", () => {
    const dataset = loadDataset({ path: join(import.meta.dir, "../../datasets/dummy_1k.jsonl") });
    expect(dataset.name).toBe("dummy_1k");
    expect(dataset.rows).toHaveLength(1000);
    expect(dataset.columns).toEqual(["prompt", "ref_output"]);
  });
});

describe("dataset/load-dataset transforms", () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ article: `text ${i}`, sys: "be brief", question: `q${i}` }));

  test.each<{ title: string; spec: Partial<DatasetSpec>; prompts: string[] }>([
    {
      title: "maxRows keeps the first N rows in file order",
      spec: { maxRows: 3, parser: { prompt: "article" } },
      prompts: ["text 0", "text 1", "text 2"],
    },
    {
      title: "maxRows beyond the row count keeps them all",
      spec: { maxRows: 50, parser: { prompt: "article" } },
      prompts: rows.map((r) => r.article),
    },
    {
      title: "template builds the prompt from columns",
      spec: { maxRows: 2, template: "Summarize: {article}" },
      prompts: ["Summarize: text 0", "Summarize: text 1"],
    },
    {
      title: "template wins over fuzzy prompt detection",
      spec: { maxRows: 1, template: "{question} / {article}" },
      prompts: ["q0 / text 0"],
    },
  ])("$title", ({ spec, prompts }) => {
    const dataset = loadDataset({ path: writeRows("transforms.jsonl", rows), ...spec });
    expect(dataset.rows.map((row) => row.prompt)).toEqual(prompts);
    expect(dataset.columns).toContain("prompt");
  });

  test("a template and parser.system work together", () => {
    const dataset = loadDataset({
      path: writeRows("both.jsonl", rows),
      maxRows: 1,
      template: "Q: {question}",
      parser: { system: "sys" },
    });
    expect(dataset.rows[0]).toMatchObject({ prompt: "Q: q0", system: "be brief" });
  });

  test("checks prompts only in the rows that maxRows keeps", () => {
    const path = writeRows("late-bad.jsonl", [{ prompt: "ok" }, { prompt: "ok" }, { prompt: 3 }]);
    expect(loadDataset({ path, maxRows: 2 }).rows).toHaveLength(2);
    expect(() => loadDataset({ path })).toThrow(/late-bad\.jsonl:3: /);
  });
});
