/**
 * @module test/dataset/bad-input — every kind of bad dataset gives one error line naming the
 * file (and the line, row or column where that applies) plus a hint, with the right exit code.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURE_DIR } from "../../scripts/make-dataset-fixtures.ts";
import { encodeParquet } from "../../scripts/parquet-file.ts";
import { loadDataset, type DatasetSpec } from "../../src/dataset/load-dataset.ts";
import { BenchmarkError, ExitCode } from "../../src/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "dataset-bad-input-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const snappy = readFileSync(join(FIXTURE_DIR, "prompts.snappy.parquet"));
const numbers = encodeParquet([
  { name: "question", kind: "int64", values: [1n, 2n] },
  { name: "text", kind: "string", values: ["a", "b"] },
]);

interface BadCase {
  title: string;
  file: string;
  content?: string | Uint8Array;
  spec?: Omit<DatasetSpec, "path">;
  exit?: number;
  message: RegExp;
  hint: RegExp;
}

const CASES: BadCase[] = [
  {
    title: "an unknown extension",
    file: "data.txt",
    content: "x",
    message: /data\.txt: unsupported dataset extension '\.txt'$/,
    hint: /format=\.jsonl/,
  },
  {
    title: "a missing file",
    file: "nope.jsonl",
    message: /^dataset file not found: .*nope\.jsonl$/,
    hint: /check the path/,
  },
  {
    title: "a directory read as a file",
    file: "adir",
    content: "dir",
    spec: { format: ".jsonl" },
    exit: ExitCode.setupFailure,
    message: /cannot read dataset .*adir/,
    hint: /^$/,
  },
  {
    title: "an empty JSONL file",
    file: "empty.jsonl",
    content: "\n\n",
    message: /^dataset .*empty\.jsonl has no rows$/,
    hint: /blank lines/,
  },
  {
    title: "an empty JSON array",
    file: "empty.json",
    content: "[]",
    message: /empty\.json has no rows$/,
    hint: /array is empty/,
  },
  {
    title: "JSON columns without values",
    file: "nocols.json",
    content: '{"prompt": []}',
    message: /nocols\.json has no rows$/,
    hint: /empty/,
  },
  {
    title: "a CSV with only a header",
    file: "header.csv",
    content: "prompt,x\n",
    message: /header\.csv has no rows$/,
    hint: /no data rows/,
  },
  { title: "an empty CSV", file: "blank.csv", content: "", message: /blank\.csv has no rows$/, hint: /header row/ },
  {
    title: "a Parquet file without rows",
    file: "none.parquet",
    content: encodeParquet([{ name: "prompt", kind: "string", values: [] }]),
    message: /none\.parquet has no rows$/,
    hint: /no rows/,
  },
  {
    title: "a truncated Parquet file",
    file: "cut.parquet",
    content: snappy.subarray(0, snappy.length - 40),
    message: /cut\.parquet: not a readable Parquet file: /,
    hint: /truncated or corrupt/,
  },
  {
    title: "a file that is not Parquet",
    file: "text.parquet",
    content: "prompt\nhello\n",
    message: /text\.parquet: not a readable Parquet file: /,
    hint: /re-export/,
  },
  {
    title: "a non-string prompt in JSONL",
    file: "num.jsonl",
    content: '{"prompt":"a"}\n{"prompt":5}\n',
    message: /num\.jsonl:2: row has no usable prompt: column 'prompt' is a number, not a string; columns: prompt$/,
    hint: /parser\.prompt=/,
  },
  {
    title: "a non-string detected prompt in Parquet",
    file: "num.parquet",
    content: numbers,
    message:
      /num\.parquet: row 1: row has no usable prompt: column 'prompt' \(from 'question'\) is a number, not a string/,
    hint: /parser\.prompt=text/,
  },
  {
    title: "a parser prompt naming a list column",
    file: "list.json",
    content: '[{"p": "a", "q": [1]}]',
    spec: { parser: { prompt: "q" } },
    message: /list\.json: row 1: .*column 'prompt' \(from 'q'\) is an array, not a string/,
    hint: /parser\.prompt=/,
  },
  {
    title: "a row asking for two choices",
    file: "n2.jsonl",
    content: '{"prompt":"a","n":1}\n{"prompt":"b","n":2}\n',
    message:
      /n2\.jsonl:2: field 'n' is 2; only n = 1 can be measured \(the server would stream every choice in one response and count their tokens together\)$/,
    hint: /remove 'n'.*--num-samples/,
  },
  {
    title: "a CSV column n of 3",
    file: "n3.csv",
    content: "prompt,n\na,1\nb,3\n",
    message: /n3\.csv:3: field 'n' is "3"; only n = 1/,
    hint: /set it to 1/,
  },
  {
    title: "a JSON scalar",
    file: "scalar.json",
    content: '"text"',
    message: /scalar\.json: JSON is neither an array of records nor an object of columns: the document is a string$/,
    hint: /array of records/,
  },
  {
    title: "a JSON object of scalars",
    file: "flat.json",
    content: '{"prompt": "a", "n": 1}',
    message: /flat\.json: JSON is neither .*: column 'prompt' holds a string$/,
    hint: /object of columns/,
  },
  {
    title: "a JSON array of non-objects",
    file: "array.json",
    content: '[{"prompt": "a"}, 2]',
    message: /array\.json: row 2: expected a JSON object, got a number$/,
    hint: /one object per row/,
  },
  {
    title: "JSON columns of different lengths",
    file: "ragged.json",
    content: '{"prompt": ["a", "b"], "id": [1]}',
    message: /ragged\.json: columns differ in length \(prompt 2, id 1\)$/,
    hint: /same number of values/,
  },
  {
    title: "JSON Lines saved as .json",
    file: "lines.json",
    content: '{"prompt": "a"}\n{"prompt": "b"}\n',
    message: /lines\.json: invalid JSON: /,
    hint: /format=\.jsonl/,
  },
  {
    title: "a short CSV row",
    file: "short.csv",
    content: 'prompt,x\n"a",1\n"b"\n',
    message: /short\.csv:3: row has 1 fields, the header has 2$/,
    hint: /quote fields/,
  },
  {
    title: "a long CSV row after a multi-line field",
    file: "long.csv",
    content: 'prompt,x\n"a\nb",1\nc,2,3\n',
    message: /long\.csv:4: row has 3 fields, the header has 2$/,
    hint: /one value per header column/,
  },
  {
    title: "an unterminated CSV quote",
    file: "quote.csv",
    content: 'prompt,x\na,1\n"b,2\n',
    message: /quote\.csv:3: quoted field unterminated$/,
    hint: /close every quoted field/,
  },
  {
    title: "a repeated CSV header",
    file: "dup.csv",
    content: "a,b,a\n1,2,3\n",
    message: /dup\.csv:1: column 'a' appears twice in the header$/,
    hint: /distinct name/,
  },
  {
    title: "format=huggingface on a file",
    file: "one.jsonl",
    content: '{"prompt":"a"}',
    spec: { format: "huggingface" },
    message: /one\.jsonl: format huggingface needs a directory$/,
    hint: /drop format=huggingface/,
  },
  {
    title: "a directory without data files",
    file: "nodata",
    content: "dir",
    message: /nodata: no data files \(\.jsonl, \.json, \.csv, \.parquet\) found$/,
    hint: /Parquet shards/,
  },
  {
    title: "a save_to_disk directory whose split lacks state.json",
    file: "saved",
    content: "saved",
    message: /saved\/train\/state\.json: not readable JSON/,
    hint: /save it again/,
  },
  {
    title: "Arrow files without save_to_disk's metadata",
    file: "loose",
    content: "arrow",
    message: /loose: Arrow files without the state\.json or dataset_dict\.json that save_to_disk writes$/,
    hint: /save_to_disk wrote/,
  },
  {
    title: "a template naming a missing column",
    file: "t.jsonl",
    content: '{"a":"x","b":"y"}',
    spec: { template: "Q: {c}" },
    message: /t\.jsonl: template 'Q: \{c\}': column 'c' not found; columns: a, b$/,
    hint: /\{a\}/,
  },
  {
    title: "a template over a null value",
    file: "tnull.json",
    content: '{"a": ["x", null]}',
    spec: { template: "Q: {a}" },
    message: /tnull\.json: row 2: template column 'a' is null$/,
    hint: /every row needs a value/,
  },
  {
    title: "a template with an unmatched brace",
    file: "tb.jsonl",
    content: '{"a":"x"}',
    spec: { template: "Q: {a" },
    message: /tb\.jsonl: template 'Q: \{a': unmatched '\{' at position 4$/,
    hint: /\{\{/,
  },
  {
    title: "template together with parser.prompt",
    file: "tp.jsonl",
    content: '{"a":"x"}',
    spec: { template: "{a}", parser: { prompt: "a" } },
    message: /^dataset tp: template and parser\.prompt both set the prompt$/,
    hint: /template=/,
  },
];

function place(testCase: BadCase): string {
  const path = join(dir, testCase.file);
  if (testCase.content === "dir") mkdirSync(path, { recursive: true });
  else if (testCase.content === "saved") {
    mkdirSync(join(path, "train"), { recursive: true });
    writeFileSync(join(path, "dataset_dict.json"), '{"splits": ["train"]}');
    writeFileSync(join(path, "train", "data-00000-of-00001.arrow"), "");
  } else if (testCase.content === "arrow") {
    mkdirSync(path, { recursive: true });
    writeFileSync(join(path, "data-00000-of-00001.arrow"), "");
  } else if (testCase.content !== undefined) writeFileSync(path, testCase.content);
  return path;
}

describe("dataset bad input", () => {
  test.each(CASES)("rejects $title in one line with a hint", (testCase) => {
    const path = place(testCase);
    let caught: unknown;
    try {
      loadDataset({ path, ...testCase.spec });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(BenchmarkError);
    const error = caught as BenchmarkError;
    expect(error.exitCode).toBe((testCase.exit ?? ExitCode.invalidInput) as typeof error.exitCode);
    expect(error.message).toMatch(testCase.message);
    expect(error.message).not.toContain("\n");
    expect(error.hint ?? "").toMatch(testCase.hint);
  });
});
