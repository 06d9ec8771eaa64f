/** @module test/dataset/load-csv — CSV quoting, line ends, headers and row locations. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readCsvRows } from "../../src/dataset/load-csv.ts";

const dir = mkdtempSync(join(tmpdir(), "load-csv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function csv(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe("dataset/load-csv", () => {
  test.each<{ title: string; text: string; rows: Array<Record<string, string>> }>([
    { title: "plain fields", text: "prompt,n\nhello,1\n", rows: [{ prompt: "hello", n: "1" }] },
    { title: "no trailing newline", text: "prompt,n\nhello,1", rows: [{ prompt: "hello", n: "1" }] },
    {
      title: "CRLF line ends",
      text: "prompt,n\r\nhello,1\r\nbye,2\r\n",
      rows: [
        { prompt: "hello", n: "1" },
        { prompt: "bye", n: "2" },
      ],
    },
    { title: "quoted commas and quotes", text: 'prompt,n\n"a, ""b""",2\n', rows: [{ prompt: 'a, "b"', n: "2" }] },
    {
      title: "line breaks inside quotes",
      text: 'prompt,n\n"one\ntwo\r\nthree",3\n',
      rows: [{ prompt: "one\ntwo\r\nthree", n: "3" }],
    },
    {
      title: "values that look typed stay strings",
      text: "prompt,flag,x\n007,true,\n",
      rows: [{ prompt: "007", flag: "true", x: "" }],
    },
    { title: "blank lines between rows", text: "prompt\n\na\n\nb\n", rows: [{ prompt: "a" }, { prompt: "b" }] },
    { title: "a BOM before the header", text: "\uFEFFprompt\nü\n", rows: [{ prompt: "ü" }] },
    {
      title: "an unnamed index column (pandas to_csv)",
      text: ",prompt\n0,a\n",
      rows: [{ "Unnamed: 0": "0", prompt: "a" }],
    },
  ])("reads $title", ({ text, rows }) => {
    expect(readCsvRows(csv("data.csv", text)).rows).toEqual(rows);
  });

  test("locates rows by the line they start on, past multi-line fields and blank lines", () => {
    const path = csv("lines.csv", 'prompt\n"a\nb\nc"\n\nd\n"e\r\nf"\ng\n');
    const { rows, locate } = readCsvRows(path);
    expect(rows.map((row) => row.prompt)).toEqual(["a\nb\nc", "d", "e\r\nf", "g"]);
    expect([0, 1, 2, 3].map(locate)).toEqual([`${path}:2`, `${path}:6`, `${path}:7`, `${path}:9`]);
  });
});
