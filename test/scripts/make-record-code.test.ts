/** @module test/scripts/make-record-code.test — the record's generated sources are what scripts/make-record-code.ts writes from record/request-fields. */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { recordCodeFiles } from "../../scripts/make-record-code.ts";

const SRC = join(import.meta.dir, "..", "..", "src");

describe("scripts/make-record-code", () => {
  test.each(recordCodeFiles().map((f) => [f.path, f.text]))(
    "src/%s is what the script writes (run bun scripts/make-record-code.ts)",
    (path, text) => {
      expect(readFileSync(join(SRC, path), "utf8")).toBe(text);
    },
  );

  test("no source under src/ builds code at run time: it is generated ahead of time, typed", () => {
    const building = (readdirSync(SRC, { recursive: true }) as string[]).filter(
      (file) => file.endsWith(".ts") && /\bnew Function\(/.test(readFileSync(join(SRC, file), "utf8")),
    );
    expect(building).toEqual([]);
  });
});
