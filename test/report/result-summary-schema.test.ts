/** @module test/report/result-summary-schema.test — result_summary.json's committed JSON Schema is the declaration's; real summaries validate and round-trip. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { LLAMA_IDENTITY } from "./server-identity-fixture.ts";
import { ResultSummarySchema, resultSummaryJsonSchema } from "../../src/report/result-summary.ts";
import { sampleSummary } from "./sample-summary.ts";

describe("report/result-summary's schema", () => {
  test("the committed JSON Schema is the one the zod schema generates (run scripts/make-summary-schema.ts)", () => {
    const committed = JSON.parse(
      readFileSync(join(import.meta.dir, "..", "..", "src", "report", "result-summary.schema.json"), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(resultSummaryJsonSchema())));
  });

  test.each([
    ["a clean run", sampleSummary()],
    ["a run with failures", sampleSummary({}, true)],
    ["an interrupted run", sampleSummary({ state: "interrupted" })],
    ["a run whose server said what it is", { ...sampleSummary(), server: LLAMA_IDENTITY }],
  ])("%s validates, and JSON round-trips through the schema unchanged", (_name, summary) => {
    const json = JSON.parse(JSON.stringify(summary));
    expect(ResultSummarySchema.parse(json)).toEqual(json);
  });

  test("an unknown key or a wrong type is rejected", () => {
    const json = JSON.parse(JSON.stringify(sampleSummary()));
    expect(ResultSummarySchema.safeParse({ ...json, extra: 1 }).success).toBe(false);
    expect(ResultSummarySchema.safeParse({ ...json, qps: "fast" }).success).toBe(false);
  });
});
