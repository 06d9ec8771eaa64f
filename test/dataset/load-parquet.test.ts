/**
 * @module test/dataset/load-parquet — the synchronous Parquet reader: codecs, value
 * conversion (INT64, lists, nulls), agreement with hyparquet's own async reader.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parquetMetadata, parquetReadObjects } from "hyparquet";
import { compressors } from "hyparquet-compressors";
import { FIXTURE_DIR } from "../../scripts/make-dataset-fixtures.ts";
import { encodeParquet, type ParquetCodec } from "../../scripts/parquet-file.ts";
import { plainValue, readParquetRows } from "../../src/dataset/load-parquet.ts";

const dir = mkdtempSync(join(tmpdir(), "load-parquet-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("dataset/load-parquet", () => {
  test("converts INT64, lists, nulls, doubles and booleans to plain values", () => {
    const { rows, locate } = readParquetRows(join(FIXTURE_DIR, "types.parquet"));
    expect(rows).toEqual([
      { prompt: "a", count: 1, input_tokens: [1, 2, 3], tags: ["x"], score: 0.5, flag: true, small: 1 },
      {
        prompt: "b",
        count: Number.MAX_SAFE_INTEGER,
        input_tokens: [],
        tags: ["x", "y"],
        score: -1,
        flag: false,
        small: -2,
      },
      { prompt: "c", count: "1152921504606846976", input_tokens: null, tags: [], score: null, flag: null, small: 3 },
      { prompt: "d", count: null, input_tokens: [7, null], tags: null, score: 1e-9, flag: true, small: null },
    ]);
    expect(locate(2)).toMatch(/types\.parquet: row 3$/);
  });

  test.each(["uncompressed", "snappy", "gzip", "zstd"] satisfies ParquetCodec[])(
    "reads %s pages across row groups and pages",
    (codec) => {
      const count = 1000;
      const prompts = Array.from({ length: count }, (_, i) => `prompt ${i} ${"x".repeat(i % 50)}`);
      const path = join(dir, `${codec}.parquet`);
      writeFileSync(
        path,
        encodeParquet(
          [
            { name: "prompt", kind: "string", values: prompts },
            { name: "bucket", kind: "string", dictionary: true, values: prompts.map((_, i) => `b${i % 7}`) },
          ],
          { codec, rowGroupRows: 300, pageBytes: 2048 },
        ),
      );
      const written = readFileSync(path);
      expect(
        parquetMetadata(written.buffer.slice(written.byteOffset, written.byteOffset + written.byteLength)).row_groups,
      ).toHaveLength(4);
      const { rows } = readParquetRows(path);
      expect(rows.map((row) => row.prompt)).toEqual(prompts);
      expect(rows[999]).toEqual({ prompt: prompts[999], bucket: "b5" });
    },
  );

  test.each([
    "types.parquet",
    "prompts.snappy.parquet",
    "prompts.zstd.parquet",
    "hub/data/train-00001-of-00002.parquet",
  ])("agrees with hyparquet's async reader on %s", async (name) => {
    const bytes = readFileSync(join(FIXTURE_DIR, name));
    const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const expected = (await parquetReadObjects({ file, compressors })).map((row) => plainValue(row));
    expect(readParquetRows(join(FIXTURE_DIR, name)).rows).toEqual(expected as Record<string, unknown>[]);
  });

  test.each([
    { value: 5n, expected: 5 },
    { value: -(2n ** 53n) + 1n, expected: Number.MIN_SAFE_INTEGER },
    { value: 2n ** 53n, expected: "9007199254740992" },
    { value: [1n, [2n, null]], expected: [1, [2, null]] },
    { value: { a: 1n, b: ["x"] }, expected: { a: 1, b: ["x"] } },
    { value: new Int32Array([1, 2]), expected: [1, 2] },
    { value: undefined, expected: null },
    { value: "s", expected: "s" },
  ])("plainValue($value) is $expected", ({ value, expected }) => {
    expect(plainValue(value)).toEqual(expected);
  });
});
