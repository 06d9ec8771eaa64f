/** @module test/compare/compare-grid-sweeps.test — two grids: a cell is compared only with the same pair's cell at the same concurrency. */
import { describe, expect, test } from "bun:test";
import { compareSweeps, type SweepFile } from "../../src/compare/compare-sweeps.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";

const cell = (index: number, pair: string, concurrency: number, achieved: number): SweepStep => ({
  index,
  kind: "concurrency",
  offered: concurrency,
  report_dir: "",
  state: "complete",
  scheduled_qps: null,
  achieved_qps: achieved,
  goodput_rps: null,
  attainment_pct: null,
  judged_requests: null,
  ttft_p50_ms: 10,
  ttft_p99_ms: 20,
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
  passed: null,
  note: null,
  isl_osl: pair,
});
const grid = (steps: SweepStep[]): SweepFile => ({
  mode: "concurrencies",
  state: "complete",
  percentile: null,
  precision: null,
  steps,
  answer: null,
  warnings: [],
  pairs: [...new Set(steps.map((s) => s.isl_osl as string))],
});

describe("compare/compare-sweeps (grids)", () => {
  test("cells of different pairs at one concurrency are not compared with each other", () => {
    const base = grid([cell(1, "isl64-osl8", 4, 10), cell(2, "isl512-osl64", 4, 2)]);
    const next = grid([cell(1, "isl512-osl64", 4, 2.2)]);
    const rows = compareSweeps(base, next, 5).rows.filter((r) => r.name.endsWith(": achieved"));
    expect(rows.map((r) => [r.name, r.base, r.next])).toEqual([["isl512-osl64 concurrency 4: achieved", 2, 2.2]]);
  });
});
