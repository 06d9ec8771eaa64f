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

  /** Every numeric figure of a step, set so that run 1 has v, run 2 has 3v (their mean is 2v). */
  const FIGURES: [keyof SweepStep, number][] = [
    ["scheduled_qps", 40],
    ["achieved_qps", 39],
    ["goodput_rps", 30],
    ["attainment_pct", 45],
    ["judged_requests", 100],
    ["ttft_p50_ms", 12],
    ["ttft_p99_ms", 30],
    ["tpot_p50_ms", 5],
    ["tpot_p99_ms", 8],
    ["latency_p50_ms", 70],
    ["latency_p99_ms", 90],
    ["output_tps_per_gpu", 250],
    ["interactivity", 200],
    ["usd_per_million_output_tokens", 1.5],
    ["output_tps", 1000],
    ["usd_per_million_tokens", 0.3],
    ["server_running_avg", 3],
    ["server_waiting_max", 7],
    ["server_kv_cache_max", 0.2],
    ["server_ttft_p99_ms", 25],
  ];
  const scaled = (k: number): Partial<SweepStep> => ({
    ...Object.fromEntries(FIGURES.map(([key, v]) => [key, v * k])),
    at_slo_percentile: { ttft_ms: 20 * k, tpot_ms: 6 * k, latency_ms: 80 * k },
  });

  test.each(FIGURES)("%s is the runs' mean, with its values", (key, v) => {
    const step = mergeStepRuns([run(scaled(1)), run(scaled(3))], "/s");
    expect(step[key]).toBeCloseTo(2 * v, 12);
    expect(step.repeats?.figures[key as keyof NonNullable<SweepStep["repeats"]>["figures"]]?.values).toEqual([
      v,
      3 * v,
    ]);
  });

  test("every number the step reports is the runs' mean, but failures (summed) and the length to judge (the longest)", () => {
    const step = mergeStepRuns(
      [
        run({ ...scaled(1), n_samples_failed: 1, step_length_to_judge_s: 30, offered: 50 }),
        run({ ...scaled(3), n_samples_failed: 2, step_length_to_judge_s: 70, offered: 50 }),
      ],
      "/s",
    );
    const numbers = Object.entries(step).filter(([, v]) => typeof v === "number");
    const rules: Record<string, number> = { index: 2, offered: 50, n_samples_failed: 3, step_length_to_judge_s: 70 };
    for (const [key, value] of numbers)
      expect({ key, value }).toEqual({ key, value: rules[key] ?? 2 * (FIGURES.find(([k]) => k === key)?.[1] ?? NaN) });
    expect(numbers.map(([k]) => k).sort()).toEqual([...FIGURES.map(([k]) => k), ...Object.keys(rules)].sort());
    expect(step.at_slo_percentile).toEqual({ ttft_ms: 40, tpot_ms: 12, latency_ms: 160 });
    expect(step.repeats?.figures["at_slo_percentile.latency_ms"]?.values).toEqual([80, 240]);
  });

  test.each([
    ["every run met the SLO", [true, true], true],
    ["one run missed it", [true, false], false],
    ["no SLO", [null, null], null],
  ] as const)("slo_met is true only when every run met the SLO: %s", (_name, met, expected) => {
    const step = mergeStepRuns(
      met.map((m) => run({ passed: null, slo_met: m })),
      "/s",
    );
    expect(step.slo_met).toBe(expected);
    // The step's figures stay comparable: a missed SLO is the point's hollow, not a note that keeps it out of compare.
    expect(step.note).toBeNull();
  });

  test.each([
    [["stable", "stable"], "stable"],
    [["stable", "too_short"], "too_short"],
    [["too_short", "unstable", "stable"], "unstable"],
    [[null, null], null],
  ] as const)("stability %p → %p (the worst run's)", (verdicts, expected) => {
    const step = mergeStepRuns(
      verdicts.map((v) => run({ stability: v })),
      "/s",
    );
    expect(step.stability).toBe(expected);
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
