/** @module test/compare/compare-sweeps.test — two sweeps: the answers, and the steps both ran at one offered load. */
import { describe, expect, test } from "bun:test";
import { compareSweeps } from "../../src/compare/compare-sweeps.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";

const step = (index: number, offered: number, achieved: number, ttftP99: number): SweepStep => ({
  index,
  kind: "rate",
  offered,
  report_dir: "",
  state: "complete",
  scheduled_qps: offered,
  achieved_qps: achieved,
  goodput_rps: achieved,
  attainment_pct: 100,
  judged_requests: 1000,
  ttft_p50_ms: ttftP99 / 2,
  ttft_p99_ms: ttftP99,
  tpot_p50_ms: 5,
  tpot_p99_ms: 6,
  latency_p50_ms: 100,
  latency_p99_ms: 200,
  at_slo_percentile: null,
  load_generator: "ok",
  n_samples_failed: 0,
  output_tps_per_gpu: null,
  interactivity: null,
  usd_per_million_output_tokens: null,
  server_running_avg: null,
  server_waiting_max: null,
  server_kv_cache_max: null,
  server_ttft_p99_ms: null,
  passed: true,
  note: null,
});
const sweep = (rate: number | null, steps: SweepStep[]): SweepResult => ({
  mode: "find",
  state: "complete",
  percentile: 99,
  precision: 0.05,
  steps,
  answer: { rate, scheduled_qps: null, bracket: [rate ?? 0, 100], converged: true, steps: steps.length },
  warnings: [],
});

describe("compare/compare-sweeps", () => {
  test("a lower answer and a slower shared step regress; a step only one sweep ran is not compared", () => {
    const { rows } = compareSweeps(
      sweep(80, [step(1, 100, 95, 300), step(2, 25, 25, 50)]),
      sweep(70, [step(1, 100, 90, 450), step(2, 62.5, 60, 80)]),
      10,
    );
    const byName = Object.fromEntries(rows.map((r) => [r.name, r]));
    expect(byName["max-goodput rate"]).toMatchObject({ base: 80, next: 70, deltaPct: -12.5, regressed: true });
    expect(byName["rate 100: ttft p99"]).toMatchObject({ base: 300, next: 450, deltaPct: 50, regressed: true });
    expect(byName["rate 100: achieved"]?.regressed).toBe(false);
    expect(rows.some((r) => r.name.startsWith("rate 25") || r.name.startsWith("rate 62.5"))).toBe(false);
  });

  test("rate sweeps without answers compare their steps only", () => {
    const plain = (s: SweepResult): SweepResult => ({ ...s, mode: "rates", answer: null });
    const { rows } = compareSweeps(
      plain(sweep(null, [step(1, 10, 10, 40)])),
      plain(sweep(null, [step(1, 10, 10, 40)])),
      5,
    );
    expect(rows.map((r) => r.name)).toEqual([
      "rate 10: achieved",
      "rate 10: goodput",
      "rate 10: ttft p50",
      "rate 10: ttft p99",
      "rate 10: tpot p99",
      "rate 10: latency p50",
      "rate 10: latency p99",
    ]);
    expect(rows.every((r) => !r.regressed && r.deltaPct === 0)).toBe(true);
  });

  test("answers found under different SLOs or shares are not compared, and a note says so", () => {
    const a = { ...sweep(80, []), slo: { ttft_ms: 100, tpot_ms: null, latency_ms: null } };
    const { rows, notes } = compareSweeps(a, { ...a, percentile: 50 }, 5);
    expect(rows).toEqual([]);
    expect(notes).toEqual([
      "the max-goodput answers are not compared: found under different SLOs (ttft ≤ 100 ms, p99 against ttft ≤ 100 ms, p50)",
    ]);
    expect(
      compareSweeps(a, { ...a, slo: { ttft_ms: 100, tpot_ms: null, latency_ms: null } }, 5).rows.map((r) => r.name),
    ).toEqual(["max-goodput rate"]);
  });

  test("a step that fell behind in either sweep is left out, noted; of the capacity runs only the achieved rate is compared", () => {
    const capacity = (achieved: number): SweepStep => ({
      ...step(1, 0, achieved, 9000),
      kind: "max_throughput",
      offered: null,
    });
    const behind = { ...step(3, 14, 10, 900), note: "the load generator fell behind its schedule" };
    const { rows, notes } = compareSweeps(
      sweep(null, [capacity(100), step(2, 50, 50, 40), step(3, 14, 14, 30)]),
      sweep(null, [capacity(90), step(2, 50, 50, 40), behind]),
      5,
    );
    expect(rows.filter((r) => r.name.startsWith("max throughput")).map((r) => r.name)).toEqual([
      "max throughput: achieved",
    ]);
    expect(rows.some((r) => r.name.startsWith("rate 14"))).toBe(false);
    expect(notes).toContain("rate 14: not compared (the load generator fell behind its schedule)");
  });
});
