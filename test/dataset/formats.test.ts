/**
 * @module test/dataset/formats — the same prompts stored in every format load into the same
 * rows and give byte-identical request bodies (the acceptance test for the dataset readers).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import {
  FIXTURE_DIR,
  PROMPT_FILES,
  promptRows,
  writeFixtures,
  writePromptFormats,
} from "../../scripts/make-dataset-fixtures.ts";
import { loadDataset, type DatasetSpec } from "../../src/dataset/load-dataset.ts";
import { buildRequestBody, type RequestBodyParams } from "../../src/dataset/request-body.ts";
import { readParquetRows } from "../../src/dataset/load-parquet.ts";

const dir = mkdtempSync(join(tmpdir(), "dataset-formats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ROWS = 500;
writePromptFormats(dir, promptRows(ROWS));

const SOURCES: Array<[string, Omit<DatasetSpec, "path"> & { file: string }]> = [
  ["JSONL", { file: PROMPT_FILES.jsonl }],
  ["JSON records", { file: PROMPT_FILES.records }],
  ["JSON columns", { file: PROMPT_FILES.columns }],
  ["CSV", { file: PROMPT_FILES.csv }],
  ["Parquet snappy", { file: PROMPT_FILES.snappy }],
  ["Parquet gzip", { file: PROMPT_FILES.gzip }],
  ["Parquet zstd", { file: PROMPT_FILES.zstd }],
  ["HF directory (2 shards)", { file: PROMPT_FILES.hub }],
  ["HF directory, format=huggingface, split=train", { file: PROMPT_FILES.hub, format: "huggingface", split: "train" }],
];

const PARAMS: RequestBodyParams[] = [
  { apiType: "openai", model: "m", maxNewTokens: 64, streaming: true, temperature: 0.5 },
  { apiType: "openai_completions", model: "m", maxNewTokens: 32, streaming: false },
];

function bodies(root: string, spec: Omit<DatasetSpec, "path"> & { file: string }, params: RequestBodyParams): string[] {
  const { file, ...rest } = spec;
  return loadDataset({ path: join(root, file), ...rest }).rows.map((row) => buildRequestBody(row, params));
}

describe("dataset formats", () => {
  const expected = PARAMS.map((params) => bodies(dir, { file: PROMPT_FILES.jsonl }, params));

  test("the JSONL baseline has one body per prompt, with the detected prompt and system", () => {
    expect(expected[0]).toHaveLength(ROWS);
    const first = JSON.parse(expected[0]?.[4] ?? "{}") as { messages: unknown };
    expect(first.messages).toEqual([
      { role: "system", content: "You answer in English." },
      { role: "user", content: 'Windows line\r\nbreak: "quoted" words / 4' },
    ]);
  });

  test.each(SOURCES)("%s gives the same request bodies as JSONL", (_title, spec) => {
    PARAMS.forEach((params, i) => expect(bodies(dir, spec, params)).toEqual(expected[i] as string[]));
  });

  test.each(SOURCES)("the committed %s fixture matches the committed JSONL", (_title, spec) => {
    const baseline = bodies(FIXTURE_DIR, { file: PROMPT_FILES.jsonl }, PARAMS[0] as RequestBodyParams);
    expect(baseline).toHaveLength(20);
    expect(bodies(FIXTURE_DIR, spec, PARAMS[0] as RequestBodyParams)).toEqual(baseline);
  });

  test("regenerating the committed fixtures gives the same files: text byte for byte, Parquet row for row", () => {
    // The committed Parquet files were written by another writer than the one the script uses
    // now: they stay as golden bytes, and must still hold exactly the rows the script writes.
    const fresh = mkdtempSync(join(dir, "fixtures-"));
    writeFixtures(fresh);
    const list = (root: string): string[] =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && !entry.name.startsWith("."))
        .map((entry) => relative(root, join(entry.parentPath, entry.name)))
        .sort();
    expect(list(FIXTURE_DIR)).toEqual(list(fresh));
    for (const file of list(fresh)) {
      if (file.endsWith(".parquet"))
        expect(readParquetRows(join(FIXTURE_DIR, file)).rows).toEqual(readParquetRows(join(fresh, file)).rows);
      else expect(readFileSync(join(FIXTURE_DIR, file))).toEqual(readFileSync(join(fresh, file)));
    }
  });
});
