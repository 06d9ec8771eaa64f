/** @module test/check/submission-checks — the checks `check` runs, on hand-made artifacts of a llama2-70b run. */
import { describe, expect, test } from "bun:test";
import { submissionChecks, type RunArtifacts } from "../../src/mlperf/submission-checks.ts";
import { DATACENTER_MODELS } from "../../src/mlperf/ruleset-models.ts";

const rule = DATACENTER_MODELS.get("llama2-70b")!;
const pinned = { scheduler: 16159082839903944936n, sampleIndex: 2747215439041700203n };
const seeds = { scheduler: 16159082839903944936n, dataloader: 2747215439041700203n, warmup: 2747215439041700203n };

function artifacts(summary: Record<string, unknown>, score: Record<string, string | number>): RunArtifacts {
  return {
    configProblem: null,
    seeds,
    summary: {
      n_samples_completed: 270336,
      result: { valid: true, reasons: [] },
      finish_reason_counts: { stop: 270000, length: 336, other: 0 },
      token_count_discrepancy: null,
      output_sequence_lengths: { avg: 290 },
      ...summary,
    },
    accuracy: [{ eval_method: "rouge", score }],
    audit: null,
  };
}

const byName = (a: RunArtifacts) => Object.fromEntries(submissionChecks(a, rule, pinned).map((c) => [c.name, c]));
const ROUGE_OK = { rouge1: "44.4312", rouge2: "22.0352", rougeL: "28.6162" };

describe("mlperf/submission-checks", () => {
  test.each([
    ["a mean output length within ±10 %", { output_sequence_lengths: { avg: 320 } }, true],
    ["one 15 % short", { output_sequence_lengths: { avg: 250 } }, false],
  ])("TEST09: %s", (_title, summary, passed) => {
    expect(byName(artifacts(summary, ROUGE_OK))["test09:output_length"]?.passed).toBe(passed);
  });

  test.each([
    ["every response with a known finish reason", {}, true],
    ["responses without one", { finish_reason_counts: { stop: 270000, other: 336 } }, false],
    ["tokenizer counts that disagree with usage", { token_count_discrepancy: { mismatched: 3 } }, false],
  ])("TEST06-style consistency: %s", (_title, summary, passed) => {
    expect(byName(artifacts(summary, ROUGE_OK))["test06:consistency"]?.passed).toBe(passed);
  });

  test("accuracy: any one target set may be met (0.999 × golden, or 0.99 ×), and the measured values are named", () => {
    const checks = byName(artifacts({}, { rouge1: "44.0", rouge2: "21.9", rougeL: "28.4" }));
    expect(checks["accuracy:rouge1"]).toEqual({
      name: "accuracy:rouge1",
      passed: true,
      detail: "44.00 >= 43.99 (=0.99 x 44.4312)",
    });
    expect(checks["accuracy:tokens_per_sample"]).toEqual({
      name: "accuracy:tokens_per_sample",
      passed: false,
      detail: "metric missing or non-numeric",
    });
    expect(
      byName(artifacts({}, { rouge1: "43.0", rouge2: "22.0352", rougeL: "28.6162" }))["accuracy:rouge1"]?.passed,
    ).toBe(false);
  });

  test.each([
    ["the run's config names the dataset's scorer", { scorers: new Map([["deepseek", "exact_match"]]) }, {}],
    ["a results file from before entries lost eval_method", {}, { eval_method: "exact_match" }],
  ])("accuracy: a scalar score is its scorer's metric — %s", (_title, run, entry) => {
    const deepseek = DATACENTER_MODELS.get("deepseek-r1")!;
    const checks = submissionChecks(
      {
        ...artifacts({}, ROUGE_OK),
        ...run,
        accuracy: [{ dataset_name: "deepseek", score: 0.82, ...entry }],
      },
      deepseek,
      pinned,
    );
    expect(checks.find((c) => c.name === "accuracy:exact_match")).toMatchObject({ passed: true });
  });
});
