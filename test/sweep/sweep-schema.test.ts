/** @module test/sweep/sweep-schema.test — sweep.json's committed JSON Schema is the zod schema's; what a sweep writes fits it. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { emptySweepResult } from "../../src/sweep/run-sweep.ts";
import { SweepFileSchema, sweepJsonSchema } from "../../src/sweep/sweep-schema.ts";
import { failedStep } from "../../src/sweep/sweep-step.ts";
import { parseSweepFlags } from "../../src/sweep/sweep-flags.ts";

const slo = { ttft_ms: 500, tpot_ms: null, latency_ms: null };

describe("sweep/sweep-schema", () => {
  test("the committed JSON Schema is the one the zod schema generates (run scripts/make-sweep-schemas.ts)", () => {
    const committed = JSON.parse(
      readFileSync(join(import.meta.dir, "..", "..", "src", "sweep", "sweep.schema.json"), "utf8"),
    );
    expect(committed).toEqual(JSON.parse(JSON.stringify(sweepJsonSchema())));
  });

  test("a grid's first sweep.json, and one with a failed step, fit it; a wrong type does not", () => {
    const { plan } = parseSweepFlags({ "sweep.concurrencies": ["1"], "sweep.isl_osl": ["64/8"] });
    const empty = { ...emptySweepResult(plan), slo, grid: { fingerprint: "f" } };
    expect(SweepFileSchema.safeParse(JSON.parse(JSON.stringify(empty))).success).toBe(true);
    const failed = { ...empty, state: "failed", steps: [failedStep(1, "concurrency", 1, "", "unreachable", false)] };
    expect(SweepFileSchema.safeParse(JSON.parse(JSON.stringify(failed))).success).toBe(true);
    expect(SweepFileSchema.safeParse({ ...empty, state: "done" }).success).toBe(false);
  });
});
