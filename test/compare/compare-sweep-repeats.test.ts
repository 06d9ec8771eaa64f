/**
 * @module test/compare/compare-sweep-repeats.test — two sweeps whose steps ran three times: each step's figures judged
 * by Welch's test over the runs' values, the gate as for two `benchmark --runs` directories.
 *
 * p-values: scipy 1.17.1 `ttest_ind(b, a, equal_var=False)` — [10, 12, 11] against [13, 14.5, 13.5] gives
 * p 0.02401810846153485 (+24.24 %); [100, 102, 98] against [101, 99, 100] gives p 1.0 (equal means).
 */
import { describe, expect, test } from "bun:test";
import { compareSweepRepeats, sweepHasRepeats } from "../../src/compare/compare-sweep-repeats.ts";
import type { SweepFile } from "../../src/compare/compare-sweeps.ts";
import { mergeStepRuns } from "../../src/sweep/step-repeats.ts";
import { failedStep, type SweepStep } from "../../src/sweep/sweep-step.ts";

/** Concurrency step `c` run three times, TTFT p99 and achieved QPS per run as given, the other figures steady. */
function step(index: number, c: number, ttftP99: number[], achieved: number[]): SweepStep {
  return mergeStepRuns(
    ttftP99.map((ttft, i) => ({
      ...failedStep(index, "concurrency", c, `/s/c${c}/run-${i + 1}`, "", false),
      state: "complete",
      note: null,
      load_generator: "ok",
      ttft_p99_ms: ttft,
      achieved_qps: achieved[i] as number,
      goodput_rps: 5,
      tpot_p99_ms: 6,
      latency_p99_ms: 100,
    })),
    `/s/c${c}`,
  );
}

const sweep = (steps: SweepStep[]): SweepFile => ({
  mode: "concurrencies",
  state: "complete",
  percentile: null,
  precision: null,
  steps,
  answer: null,
  warnings: [],
});

const BASE = sweep([step(1, 1, [10, 12, 11], [100, 102, 98]), step(2, 4, [20, 21, 22], [300, 301, 299])]);
const SLOWER = sweep([step(1, 1, [13, 14.5, 13.5], [101, 99, 100]), step(2, 4, [20, 21, 22], [300, 301, 299])]);

describe("compare/compare-sweep-repeats", () => {
  test("a step's TTFT p99 24 % higher over three runs a side is a regression by Welch's test; equal runs are not", () => {
    const { rows, notes } = compareSweepRepeats(BASE, SLOWER, 95, Number.POSITIVE_INFINITY);
    expect(notes).toEqual([]);
    const byKey = Object.fromEntries(rows.map((r) => [r.key, r]));
    expect(byKey["concurrency 1: ttft_p99_ms"]).toMatchObject({
      label: "concurrency 1: ttft p99",
      verdict: "regression",
    });
    expect(byKey["concurrency 1: ttft_p99_ms"]?.p as number).toBeCloseTo(0.02401810846153485, 9);
    expect(byKey["concurrency 1: ttft_p99_ms"]?.base).toMatchObject({ n: 3, mean: 11 });
    expect(byKey["concurrency 1: achieved_qps"]).toMatchObject({ verdict: "no significant change", p: 1 });
    expect(byKey["concurrency 4: ttft_p99_ms"]?.verdict).toBe("no significant change");
    // Runs that never vary (goodput 5 in each): equal means are no change, exactly.
    expect(byKey["concurrency 1: goodput_rps"]?.verdict).toBe("no significant change");
  });

  test.each([
    ["significant and beyond a 20 % gate", 20, true],
    ["significant but within a 30 % gate", 30, false],
  ])("the gate: %s", (_name, threshold, regressed) => {
    const { rows } = compareSweepRepeats(BASE, SLOWER, 95, threshold);
    expect(rows.filter((r) => r.regressed).map((r) => r.key)).toEqual(regressed ? ["concurrency 1: ttft_p99_ms"] : []);
  });

  test("at 99 % confidence p 0.024 is no significant change, and the gate does not fail it", () => {
    const { rows } = compareSweepRepeats(BASE, SLOWER, 99, 0);
    const ttft = rows.find((r) => r.key === "concurrency 1: ttft_p99_ms");
    expect(ttft).toMatchObject({ verdict: "no significant change", regressed: false });
  });

  test("a max-goodput answer is one number a sweep: not tested, gated by the threshold alone", () => {
    const withAnswer = (rate: number): SweepFile => ({
      ...BASE,
      mode: "find",
      percentile: 99,
      answer: { rate, scheduled_qps: null, bracket: [rate, rate + 1], converged: true, steps: 3 },
    });
    const { rows } = compareSweepRepeats(withAnswer(10), withAnswer(8), 95, 10);
    expect(rows[0]).toMatchObject({ key: "answer.rate", verdict: "not tested", regressed: true });
  });

  test("a sweep has repeats when a step ran more than once", () => {
    expect(sweepHasRepeats(BASE)).toBe(true);
    const single = failedStep(1, "concurrency", 1, "/s", "", false);
    expect(sweepHasRepeats(sweep([single]))).toBe(false);
  });
});
