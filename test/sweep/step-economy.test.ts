/**
 * @module test/sweep/step-economy.test — the $/1M column a sweep's tables show: output tokens for a generating API,
 * input tokens for embeddings and rerank (which generate nothing); `--runs N` averages the input price as the output one.
 */
import { describe, expect, test } from "bun:test";
import { economyColumns } from "../../src/sweep/step-economy.ts";
import { mergeStepRuns } from "../../src/sweep/step-repeats.ts";
import { failedStep, type SweepStep } from "../../src/sweep/sweep-step.ts";

/** A complete step with these figures (the rest null, as a step without --gpus has them). */
const step = (figures: Partial<SweepStep>): SweepStep => ({
  ...failedStep(1, "concurrency", 4, "r", "", false),
  state: "complete",
  note: null,
  ...figures,
});

describe("sweep/step-economy", () => {
  test.each<[string, Partial<SweepStep>[], string[]]>([
    [
      "a generating sweep",
      [{ usd_per_million_output_tokens: 2.5 }, { usd_per_million_output_tokens: 1.5 }],
      ["$/1M out"],
    ],
    [
      "an embeddings sweep",
      [{ usd_per_million_input_tokens: 0.4 }, { usd_per_million_input_tokens: 0.3 }],
      ["$/1M in"],
    ],
    [
      "a sweep.json written before the input price",
      [{ usd_per_million_output_tokens: 2, usd_per_million_input_tokens: undefined }],
      ["$/1M out"],
    ],
    ["a sweep without --gpu-hour-cost", [{}, {}], []],
  ])("%s shows %p", (_title, figures, shown) => {
    const steps = figures.map(step);
    expect(economyColumns(steps).map((c) => c.short)).toEqual(shown);
  });

  test("--runs N: the input price is the runs' mean, with its spread; a run without one does not count", () => {
    const runs = [0.3, 0.5].map((usd) => step({ usd_per_million_input_tokens: usd }));
    const old = step({ usd_per_million_input_tokens: undefined });
    const merged = mergeStepRuns([...runs, old], "r");
    expect(merged.usd_per_million_input_tokens as number).toBeCloseTo(0.4, 12);
    expect(merged.repeats?.figures.usd_per_million_input_tokens?.values).toEqual([0.3, 0.5, null]);
    expect(merged.usd_per_million_output_tokens).toBeNull();
  });
});
