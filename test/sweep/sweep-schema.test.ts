/** @module test/sweep/sweep-schema.test — sweep.json's committed JSON Schema is the zod schema's; what a sweep writes fits it. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { steadyStateOf } from "../../src/metrics/steady-state/steady-state.ts";
import { emptySweepResult, runSweep } from "../../src/sweep/run-sweep.ts";
import { SweepFileSchema, sweepJsonSchema } from "../../src/sweep/sweep-schema.ts";
import { failedStep } from "../../src/sweep/sweep-step.ts";
import { parseSweepFlags } from "../../src/sweep/sweep-flags.ts";
import { sampleRecords, sampleSummary } from "../report/sample-summary.ts";
import { undeclaredKeys } from "../support/schema-keys.ts";

const COMMITTED = JSON.parse(
  readFileSync(join(import.meta.dir, "..", "..", "src", "sweep", "sweep.schema.json"), "utf8"),
);

const slo = { ttft_ms: 500, tpot_ms: null, latency_ms: null };

describe("sweep/sweep-schema", () => {
  test("the committed JSON Schema is the one the zod schema generates (run scripts/make-sweep-schemas.ts)", () => {
    expect(COMMITTED).toEqual(JSON.parse(JSON.stringify(sweepJsonSchema())));
  });

  test("a grid's first sweep.json, and one with a failed step, fit it; a wrong type does not", () => {
    const { plan } = parseSweepFlags({ "sweep.concurrencies": ["1"], "sweep.isl_osl": ["64/8"] });
    const empty = { ...emptySweepResult(plan), slo, grid: { fingerprint: "f" } };
    expect(SweepFileSchema.safeParse(JSON.parse(JSON.stringify(empty))).success).toBe(true);
    const failed = { ...empty, state: "failed", steps: [failedStep(1, "concurrency", 1, "", "unreachable", false)] };
    expect(SweepFileSchema.safeParse(JSON.parse(JSON.stringify(failed))).success).toBe(true);
    expect(SweepFileSchema.safeParse({ ...empty, state: "done" }).success).toBe(false);
  });

  // The schema's objects are open, so a file holding a field the schema forgot still validated: the stability
  // fields and steps[].repeats went unnoticed that way. Every key a sweep writes must also be declared.
  test.each([1, 2])(
    "a sweep of judged rate steps with --runs %p writes only keys the committed schema declares",
    async (runs) => {
      const summary = {
        ...sampleSummary(),
        steady_state: steadyStateOf(columnsFromRecords(sampleRecords(false))) ?? undefined,
      };
      expect(summary.steady_state).toBeDefined();
      const { plan } = parseSweepFlags({ "sweep.rates": ["5", "10"] });
      const result = await runSweep(
        { ...plan, percentile: 95 },
        {
          run: async () => ({
            summary,
            reportDir: "/s/step",
            ...(runs > 1 ? { runs: Array(runs).fill(summary) } : {}),
          }),
          save: () => {},
          log: () => {},
          stopped: () => false,
        },
      );
      const file = JSON.parse(JSON.stringify({ ...result, slo, grid: { fingerprint: "f" } }));
      expect(file.steps[0].stability).toBeDefined();
      expect(file.steps[0].at_slo_percentile).not.toBeNull();
      expect(file.steps[0].repeats !== undefined).toBe(runs > 1);
      expect(SweepFileSchema.safeParse(file).error).toBeUndefined();
      expect(undeclaredKeys(COMMITTED, file)).toEqual([]);
    },
  );
});
