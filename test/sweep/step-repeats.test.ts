/**
 * @module test/sweep/step-repeats.test — a step run N times: the means, their intervals, and the all-runs-pass rule.
 *
 * Intervals: scipy 1.17.1 `stats.t.interval(0.95, n − 1, loc=mean, scale=std / sqrt(n))` — achieved QPS
 * [100, 110, 90] gives [75.1586228824967, 124.8413771175033], CV 10 %; TTFT p99 [10, 14, null] gives
 * [−13.412409472349388, 37.41240947234939], CV 23.570226039551585 %.
 */
import { describe, expect, test } from "bun:test";
import { mergeStepRuns } from "../../src/sweep/step-repeats.ts";
import { failedStep, type SweepStep } from "../../src/sweep/sweep-step.ts";

function run(overrides: Partial<SweepStep>): SweepStep {
  return {
    ...failedStep(2, "rate", 50, "/s/step-02-rate-50/run-1", "", true),
    state: "complete",
    load_generator: "ok",
    note: null,
    passed: true,
    ...overrides,
  };
}

describe("sweep/step-repeats", () => {
  test("each figure is the mean of the runs that define it, with its 95 % t-interval and CV", () => {
    const step = mergeStepRuns(
      [
        run({ achieved_qps: 100, ttft_p99_ms: 10 }),
        run({ achieved_qps: 110, ttft_p99_ms: 14 }),
        run({ achieved_qps: 90, ttft_p99_ms: null }),
      ],
      "/s/step-02-rate-50",
    );
    expect(step).toMatchObject({ index: 2, kind: "rate", offered: 50, report_dir: "/s/step-02-rate-50" });
    expect(step.achieved_qps).toBe(100);
    expect(step.ttft_p99_ms).toBe(12);
    expect(step.latency_p50_ms).toBeNull();
    const qps = step.repeats?.figures.achieved_qps;
    expect(qps?.values).toEqual([100, 110, 90]);
    expect(qps?.ci_low!).toBeCloseTo(75.1586228824967, 9);
    expect(qps?.ci_high!).toBeCloseTo(124.8413771175033, 9);
    expect(qps?.cv_pct!).toBeCloseTo(10, 12);
    const ttft = step.repeats?.figures.ttft_p99_ms;
    expect(ttft?.values).toEqual([10, 14, null]);
    expect(ttft?.ci_low!).toBeCloseTo(-13.412409472349388, 9);
    expect(ttft?.cv_pct!).toBeCloseTo(23.570226039551585, 9);
    expect(step.repeats?.figures.latency_p50_ms).toBeUndefined();
    expect(step.repeats).toMatchObject({ runs: 3, confidence_pct: 95 });
    expect(step).toMatchObject({ passed: true, note: null, state: "complete" });
  });

  test("a judged step passes only when every run passed; the first run that did not is named", () => {
    const step = mergeStepRuns([run({}), run({ passed: false }), run({})], "/s");
    expect(step).toMatchObject({ passed: false, note: "run 2 of 3: missed the SLO" });
    const behind = mergeStepRuns(
      [
        run({}),
        run({ passed: false, load_generator: "fell_behind", note: "the load generator fell behind its schedule" }),
      ],
      "/s",
    );
    expect(behind).toMatchObject({
      passed: false,
      load_generator: "fell_behind",
      note: "run 2 of 2: the load generator fell behind its schedule",
    });
  });

  test("an unjudged step stays unjudged; the worst state wins and failures add up", () => {
    const step = mergeStepRuns(
      [
        run({ passed: null, n_samples_failed: 1 }),
        run({ passed: null, state: "interrupted", n_samples_failed: 2, note: "the run was interrupted" }),
      ],
      "/s",
    );
    expect(step).toMatchObject({ passed: null, state: "interrupted", n_samples_failed: 3 });
  });
});
