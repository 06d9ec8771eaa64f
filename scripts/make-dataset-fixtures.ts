/**
 * @module scripts/make-dataset-fixtures — writes the same prompts in every dataset format we
 * read, for the loader tests and by hand: JSONL, JSON records, JSON columns, CSV, Parquet
 * (snappy, gzip, zstd) and a Hugging Face-style directory of Parquet shards.
 *
 * Prompts are deterministic and deliberately awkward: commas, quotes, line breaks (LF and
 * CRLF), braces, tabs, leading/trailing spaces and non-ASCII text. Every value is a string
 * except `id`, so CSV (all strings) and the typed formats yield the same request bodies.
 * `bun scripts/make-dataset-fixtures.ts [DIR]` writes 20 rows to DIR (default
 * test/fixtures/datasets/) plus `types.parquet`, a small file with INT64, list and null cells.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { encodeParquet, type ParquetCodec, type ParquetColumn } from "./parquet-file.ts";

export const FIXTURE_DIR = join(import.meta.dir, "..", "test", "fixtures", "datasets");
const FIXTURE_ROWS = 20;

interface PromptRow {
  id: number;
  question: string;
  system_prompt: string;
}

const SUBJECTS = [
  "tides",
  "café culture",
  "the 🚀 launch",
  "数据库 indexes",
  '"quoted" words',
  "{braces}",
  "tabs\tand\\slashes",
];
const SHAPES = [
  (s: string, i: number) => `Explain ${s} (case ${i}).`,
  (s: string, i: number) => `List three facts about ${s}, briefly, please — #${i}`,
  (s: string, i: number) => `Line one about ${s}\nline two, case ${i}`,
  (s: string, i: number) => `  Padded question on ${s} ${i}  `,
  (s: string, i: number) => `Windows line\r\nbreak: ${s} / ${i}`,
];

/** Row `i` of the fixture prompts. */
function promptRow(i: number): PromptRow {
  const subject = SUBJECTS[i % SUBJECTS.length] as string;
  const shape = SHAPES[i % SHAPES.length] as (s: string, i: number) => string;
  return {
    id: i,
    question: shape(subject, i),
    system_prompt: i % 3 === 0 ? "You are terse." : `You answer in ${["English", "plain words, no jargon"][i % 2]}.`,
  };
}

export function promptRows(count: number): PromptRow[] {
  return Array.from({ length: count }, (_, i) => promptRow(i));
}

function csvField(value: string | number): string {
  return `"${String(value).replaceAll('"', '""')}"`;
}

function promptColumns(rows: readonly PromptRow[]): ParquetColumn[] {
  return [
    { name: "id", kind: "int64", values: rows.map((row) => BigInt(row.id)) },
    { name: "question", kind: "string", values: rows.map((row) => row.question) },
    { name: "system_prompt", kind: "string", dictionary: true, values: rows.map((row) => row.system_prompt) },
  ];
}

function write(path: string, data: string | Uint8Array): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, data);
}

/** Every file `writePromptFormats` writes, relative to its directory. */
export const PROMPT_FILES = {
  jsonl: "prompts.jsonl",
  records: "prompts.records.json",
  columns: "prompts.columns.json",
  csv: "prompts.csv",
  snappy: "prompts.snappy.parquet",
  gzip: "prompts.gzip.parquet",
  zstd: "prompts.zstd.parquet",
  hub: "hub",
} as const;

/** Writes `rows` in every format into `dir`; the hub directory gets two train shards and a test split. */
export function writePromptFormats(dir: string, rows: readonly PromptRow[]): void {
  write(join(dir, PROMPT_FILES.jsonl), rows.map((row) => `${JSON.stringify(row)}\n`).join(""));
  write(join(dir, PROMPT_FILES.records), JSON.stringify(rows, null, 1));
  const columns = {
    id: rows.map((r) => r.id),
    question: rows.map((r) => r.question),
    system_prompt: rows.map((r) => r.system_prompt),
  };
  write(join(dir, PROMPT_FILES.columns), JSON.stringify(columns));
  const csv = [
    "id,question,system_prompt",
    ...rows.map((r) => [r.id, r.question, r.system_prompt].map(csvField).join(",")),
  ];
  write(join(dir, PROMPT_FILES.csv), `${csv.join("\n")}\n`);
  const codecs: Array<[string, ParquetCodec]> = [
    [PROMPT_FILES.snappy, "snappy"],
    [PROMPT_FILES.gzip, "gzip"],
    [PROMPT_FILES.zstd, "zstd"],
  ];
  for (const [name, codec] of codecs) {
    write(join(dir, name), encodeParquet(promptColumns(rows), { codec, rowGroupRows: 200, pageBytes: 4096 }));
  }
  const half = Math.ceil(rows.length / 2);
  const shards = [rows.slice(0, half), rows.slice(half)];
  shards.forEach((shard, i) => {
    write(join(dir, PROMPT_FILES.hub, "data", `train-0000${i}-of-00002.parquet`), encodeParquet(promptColumns(shard)));
  });
  const testRows = rows.slice(0, 3).map((row) => ({ ...row, question: `TEST SPLIT ${row.question}` }));
  write(join(dir, PROMPT_FILES.hub, "data", "test-00000-of-00001.parquet"), encodeParquet(promptColumns(testRows)));
}

/** A few rows with INT64 (safe and unsafe), lists, nulls, doubles and booleans. */
function typesParquet(): Uint8Array {
  const columns: ParquetColumn[] = [
    { name: "prompt", kind: "string", values: ["a", "b", "c", "d"] },
    { name: "count", kind: "int64", values: [1n, 2n ** 53n - 1n, 2n ** 60n, null] },
    { name: "input_tokens", kind: "int64", list: true, values: [[1, 2, 3], [], null, [7, null]] },
    { name: "tags", kind: "string", list: true, dictionary: true, values: [["x"], ["x", "y"], [], null] },
    { name: "score", kind: "double", values: [0.5, -1, null, 1e-9] },
    { name: "flag", kind: "boolean", values: [true, false, null, true] },
    { name: "small", kind: "int32", values: [1, -2, 3, null] },
  ];
  return encodeParquet(columns, { codec: "gzip", rowGroupRows: 3, pageBytes: 64 });
}

/** Writes the committed fixtures. */
export function writeFixtures(dir: string): void {
  writePromptFormats(dir, promptRows(FIXTURE_ROWS));
  write(join(dir, "types.parquet"), typesParquet());
}

if (import.meta.main) {
  const dir = process.argv[2] ?? FIXTURE_DIR;
  writeFixtures(dir);
  console.log(`wrote dataset fixtures to ${dir}`);
}
