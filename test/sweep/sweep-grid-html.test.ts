/** @module test/sweep/sweep-grid-html.test — a grid's sweep.html: charts per ISL/OSL pair, a Pareto figure each whose data is what was drawn. */
import { describe, expect, test } from "bun:test";
import type { ParetoPoint } from "../../src/report/pareto/pareto-schema.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import { renderSweepHtml } from "../../src/sweep/sweep-html.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";

const cell = (index: number, pair: string, concurrency: number, x: number, y: number, sloMet: boolean): SweepStep => ({
  index,
  kind: "concurrency",
  offered: concurrency,
  report_dir: `/s/${pair}/c${concurrency}`,
  state: "complete",
  scheduled_qps: null,
  achieved_qps: concurrency,
  goodput_rps: sloMet ? concurrency : 0,
  attainment_pct: sloMet ? 100 : 0,
  judged_requests: 100,
  ttft_p50_ms: 10 * concurrency,
  ttft_p99_ms: 20 * concurrency,
  tpot_p50_ms: 1000 / x,
  tpot_p99_ms: 1000 / x,
  latency_p50_ms: 100,
  latency_p99_ms: 200,
  at_slo_percentile: null,
  load_generator: "ok",
  n_samples_failed: 0,
  output_tps_per_gpu: y,
  interactivity: x,
  usd_per_million_output_tokens: 100 / y,
  server_running_avg: null,
  server_waiting_max: null,
  server_kv_cache_max: null,
  server_ttft_p99_ms: null,
  passed: null,
  note: null,
  isl_osl: pair,
  output_tps: 2 * y,
  usd_per_million_tokens: 50 / y,
  slo_met: sloMet,
});

const result: SweepResult = {
  mode: "concurrencies",
  state: "complete",
  percentile: null,
  precision: null,
  steps: [
    cell(1, "isl64-osl8", 1, 100, 10, true),
    cell(2, "isl64-osl8", 4, 90, 40, true),
    cell(3, "isl64-osl8", 16, 60, 90, false),
    cell(4, "isl512-osl64", 1, 80, 5, true),
    cell(5, "isl512-osl64", 4, 70, 18, true),
  ],
  answer: null,
  warnings: [],
  pairs: ["isl64-osl8", "isl512-osl64"],
};

const unescape = (text: string) =>
  text
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

describe("sweep/sweep-html (grid)", () => {
  const html = renderSweepHtml(result, { ttft_ms: null, tpot_ms: null, latency_ms: null });

  test("each pair gets its own charts against concurrency and its own Pareto chart", () => {
    expect([...html.matchAll(/<svg data-chart="([^"]+)"/g)].map((m) => m[1])).toEqual([
      "sweep-latency-isl64-osl8",
      "sweep-goodput-isl64-osl8",
      "sweep-latency-isl512-osl64",
      "sweep-goodput-isl512-osl64",
      "pareto-isl64-osl8",
      "pareto-isl512-osl64",
    ]);
    expect(html).toContain('<th scope="col">ISL/OSL</th>');
  });

  test("a figure's data-points are its pair's points; the step that missed its SLO is a ring, off the frontier line", () => {
    const figure =
      /<figure class="pareto"[^>]*data-pareto="isl64-osl8" data-points="([^"]+)">([\s\S]*?)<\/figure>/.exec(html);
    const points = JSON.parse(unescape(figure?.[1] ?? "[]")) as ParetoPoint[];
    expect(points.map((p) => [p.step, p.x, p.y, p.hollow, p.on_frontier])).toEqual([
      [1, 100, 10, null, true],
      [2, 90, 40, null, true],
      [3, 60, 90, "missed the SLO", false],
    ]);
    const svg = figure?.[2] ?? "";
    const group = (label: string) =>
      new RegExp(`data-series="${label}"[^>]*>(.*?)</g>`).exec(svg)?.[1]?.match(/<circle/g)?.length ?? 0;
    expect(group("this sweep on the frontier")).toBe(2);
    expect(group("this sweep")).toBe(0);
    expect(group("this sweep: missed SLO or accuracy")).toBe(1);
    expect(/data-series="this sweep frontier" d="M[^L"]+L[^L"]+"/.test(svg)).toBe(true);
    expect(svg).not.toContain("<script");
  });
});
