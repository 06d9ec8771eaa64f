import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import type { ResultSummary } from "../../src/report/result-summary.ts";
import { LLAMA_IDENTITY } from "./server-identity-fixture.ts";
import { ResultSummarySchema, resultSummaryJsonSchema } from "../../src/report/summary-schema.ts";
import { sampleSummary } from "./sample-summary.ts";

// Compile-time: the schema's output and ResultSummary are the same shape both ways.
const toSchema = (s: ResultSummary): z.infer<typeof ResultSummarySchema> => s;
const fromSchema = (s: z.infer<typeof ResultSummarySchema>): ResultSummary => s;
void toSchema;
void fromSchema;

describe("report/summary-schema", () => {
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
