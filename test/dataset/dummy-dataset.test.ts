/** @module test/dataset/dummy-dataset — the bundled dummy_1k.jsonl and the script that makes it. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { DUMMY_DATASET_PATH, dummyDatasetText, dummyRow } from "../../scripts/make-dummy-dataset.ts";

describe("scripts/make-dummy-dataset", () => {
  const text = readFileSync(DUMMY_DATASET_PATH, "utf8");
  const rows = text
    .trimEnd()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);

  test("the committed file has 1000 rows with exactly text_input and ref_output", () => {
    expect(rows).toHaveLength(1000);
    for (const row of rows) expect(Object.keys(row)).toEqual(["text_input", "ref_output"]);
  });

  test("regenerating gives the identical file", () => {
    expect(dummyDatasetText()).toBe(text);
  });

  test.each([0, 1, 11, 999])("row %i pairs template and topic i %% 10 and names its case", (i) => {
    const row = dummyRow(i);
    expect(row.text_input).toContain(`(case ${i})`);
    expect(row.ref_output).toMatch(
      new RegExp(`^Response for prompt ${i}: This is a detailed response about [a-z ]+\\.\\.\\.$`),
    );
    expect(dummyRow(i + 10).text_input.replace(`(case ${i + 10})`, "")).toBe(row.text_input.replace(`(case ${i})`, ""));
  });

  test("every prompt is distinct", () => {
    expect(new Set(rows.map((row) => row.text_input)).size).toBe(1000);
  });
});
