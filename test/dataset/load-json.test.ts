/** @module test/dataset/load-json — the JSON shapes a `.json` dataset may take. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readJsonRows } from "../../src/dataset/load-json.ts";

const dir = mkdtempSync(join(tmpdir(), "load-json-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const EXPECTED = [
  { prompt: "a", id: 1 },
  { prompt: "b", id: 2 },
];

describe("dataset/load-json", () => {
  test.each([
    { shape: "records", text: JSON.stringify(EXPECTED) },
    { shape: "records with a BOM and indentation", text: `\uFEFF${JSON.stringify(EXPECTED, null, 2)}\n` },
    { shape: "array columns", text: '{"prompt": ["a", "b"], "id": [1, 2]}' },
    { shape: "pandas orient=columns", text: '{"prompt": {"0": "a", "1": "b"}, "id": {"0": 1, "1": 2}}' },
    { shape: "pandas columns with other labels", text: '{"prompt": {"x": "a", "y": "b"}, "id": {"y": 2, "x": 1}}' },
  ])("reads $shape", ({ text }) => {
    const path = join(dir, "data.json");
    writeFileSync(path, text);
    const { rows, locate } = readJsonRows(path);
    expect(rows).toEqual(EXPECTED);
    expect(locate(1)).toBe(`${path}: row 2`);
  });

  test("keeps nested values (messages, token ids) as they are", () => {
    const path = join(dir, "nested.json");
    const rows = [{ messages: [{ role: "user", content: "hi" }], input_tokens: [1, 2] }];
    writeFileSync(path, JSON.stringify(rows));
    expect(readJsonRows(path).rows).toEqual(rows);
  });

  test("names the missing label of a pandas-style column", () => {
    const path = join(dir, "labels.json");
    writeFileSync(path, '{"prompt": {"0": "a", "1": "b"}, "id": {"0": 1, "2": 2}}');
    expect(() => readJsonRows(path)).toThrow(/labels\.json: column 'id' has no value for index '1'/);
  });
});
