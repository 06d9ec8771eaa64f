/** @module test/sweep/sweep-html.test — sweep.html's charts: one limit line per SLO limit, TPOT on its own chart, the answer and capacity marked. */
import { describe, expect, test } from "bun:test";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import { renderSweepHtml } from "../../src/sweep/sweep-html.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";

const step = (
  index: number,
  kind: SweepStep["kind"],
  offered: number | null,
  achieved: number,
  ms: number,
): SweepStep => ({
  index,
  kind,
  offered,
  report_dir: "",
  state: "complete",
  scheduled_qps: kind === "rate" ? offered : null,
  achieved_qps: achieved,
  goodput_rps: achieved,
  attainment_pct: 100,
  judged_requests: 1000,
  ttft_p50_ms: ms,
  ttft_p99_ms: 2 * ms,
  tpot_p50_ms: ms / 10,
  tpot_p99_ms: ms / 5,
  latency_p50_ms: 10 * ms,
  latency_p99_ms: 20 * ms,
  at_slo_percentile: kind === "rate" ? { ttft_ms: 1.5 * ms, tpot_ms: ms / 6, latency_ms: 15 * ms } : null,
  load_generator: kind === "rate" ? "ok" : null,
  n_samples_failed: 0,
  output_tps_per_gpu: null,
  interactivity: null,
  usd_per_million_output_tokens: null,
  server_running_avg: null,
  server_waiting_max: null,
  server_kv_cache_max: null,
  server_ttft_p99_ms: null,
  passed: kind === "rate" ? ms < 100 : null,
  note: null,
});
const result: SweepResult = {
  mode: "find",
  state: "complete",
  percentile: 99,
  precision: 0.05,
  steps: [
    step(1, "max_throughput", null, 40, 900),
    step(2, "rate", 40, 38, 300),
    step(3, "rate", 10, 10, 50),
    step(4, "rate", 25, 24, 120),
  ],
  answer: { rate: 10, scheduled_qps: 9.71, bracket: [10, 25], converged: false, steps: 3 },
  warnings: [],
};

/** Chart name → the labels of its series, in drawing order. */
function chartsOf(html: string): Record<string, string[]> {
  const charts: Record<string, string[]> = {};
  for (const svg of html.matchAll(/<svg data-chart="([^"]+)"[\s\S]*?<\/svg>/g)) {
    charts[svg[1] as string] = [...(svg[0] as string).matchAll(/class="series" data-series="([^"]+)"/g)].map(
      (m) => m[1] as string,
    );
  }
  return charts;
}

const NONE = { ttft_ms: null, tpot_ms: null, latency_ms: null };

describe("sweep/sweep-html", () => {
  test.each([
    ["TTFT only", { ...NONE, ttft_ms: 200 }, { "sweep-latency": ["TTFT limit"] }, ["sweep-latency", "sweep-goodput"]],
    [
      "TTFT and TPOT",
      { ...NONE, ttft_ms: 200, tpot_ms: 20 },
      { "sweep-latency": ["TTFT limit"], "sweep-tpot": ["TPOT limit"] },
      ["sweep-latency", "sweep-goodput", "sweep-tpot"],
    ],
    [
      "latency only",
      { ...NONE, latency_ms: 3000 },
      { "sweep-latency": ["latency limit"] },
      ["sweep-latency", "sweep-goodput"],
    ],
    ["no SLO", NONE, { "sweep-latency": [] }, ["sweep-latency", "sweep-goodput"]],
  ])("%s: a limit line for each limit given, on the chart of its metric", (_, slo, limits, names) => {
    const charts = chartsOf(renderSweepHtml(result, slo));
    expect(Object.keys(charts)).toEqual(names);
    for (const [chart, expected] of Object.entries(limits))
      expect((charts[chart] ?? []).filter((l) => l.endsWith(" limit"))).toEqual(expected);
    for (const labels of Object.values(charts))
      expect(labels.filter((l) => /^(capacity|answer): /.test(l))).toEqual([
        "capacity: 40.00 req/s",
        "answer: 10 req/s",
      ]);
  });

  test.each([
    [
      "p99: the p99 curves are the judged ones",
      99,
      { ttft_ms: 200, tpot_ms: 20, latency_ms: null },
      { "sweep-latency": [], "sweep-tpot": [] },
    ],
    [
      "p95 with TTFT and TPOT limits: a judged curve on each",
      95,
      { ttft_ms: 200, tpot_ms: 20, latency_ms: null },
      { "sweep-latency": ["TTFT p95 (judged)"], "sweep-tpot": ["TPOT p95 (judged)"] },
    ],
    [
      "p90 with a latency limit only",
      90,
      { ttft_ms: null, tpot_ms: null, latency_ms: 3000 },
      { "sweep-latency": ["latency p90 (judged)"] },
    ],
    ["p95 without an SLO", 95, NONE, { "sweep-latency": [] }],
  ] as const)("judged at %s", (_name, percentile, slo, judged) => {
    const charts = chartsOf(renderSweepHtml({ ...result, percentile }, slo));
    for (const [chart, expected] of Object.entries(judged))
      expect((charts[chart] ?? []).filter((l) => l.endsWith("(judged)"))).toEqual([...expected]);
  });

  test("a step that fell behind is a grey cross beside the curves, not a point of them; judged steps are marked met or missed", () => {
    const behind = {
      ...step(5, "rate", 30, 22, 400),
      note: "the load generator fell behind its schedule",
      load_generator: "fell_behind",
      passed: false,
    };
    const charts = chartsOf(
      renderSweepHtml({ ...result, steps: [...result.steps, behind] }, { ...NONE, ttft_ms: 200 }),
    );
    expect(charts["sweep-latency"]).toContain("not counted: TTFT p99");
    expect(charts["sweep-goodput"]).toEqual(
      expect.arrayContaining(["met the SLO", "missed the SLO", "not counted: achieved"]),
    );
    const html = renderSweepHtml({ ...result, steps: [...result.steps, behind] }, { ...NONE, ttft_ms: 200 });
    const svg = /<svg data-chart="sweep-latency"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    // The TTFT p99 curve has the three counted rate steps only.
    expect([...(/data-series="TTFT p99" d="([^"]+)"/.exec(svg)?.[1] ?? "").matchAll(/[ML]/g)].length).toBe(3);
  });

  test("an unstable step is a point of the curves, marked missed: it ran its offered load", () => {
    const unstable = {
      ...step(5, "rate", 30, 22, 400),
      stability: "unstable" as const,
      note: "unstable: offered at 101 % of the 26.67 req/s the server has shown",
      passed: false,
    };
    const html = renderSweepHtml({ ...result, steps: [...result.steps, unstable] }, { ...NONE, ttft_ms: 200 });
    const svg = /<svg data-chart="sweep-latency"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    expect([...(/data-series="TTFT p99" d="([^"]+)"/.exec(svg)?.[1] ?? "").matchAll(/[ML]/g)].length).toBe(4);
    expect(html).not.toContain("not counted: TTFT p99");
    // A search's page says beside its capacity why a rate at or above it is still tried.
    expect(html).toContain(
      "Note: the capacity step is a burst: its throughput can understate what the engine sustains",
    );
  });

  test("the steps table shows the server's queue, cache and TTFT only when a step scraped them", () => {
    expect(renderSweepHtml(result, NONE)).not.toContain("server waiting max");
    const scraped = {
      ...result,
      steps: result.steps.map((s) => ({
        ...s,
        server_running_avg: 7.5,
        server_waiting_max: 12,
        server_kv_cache_max: 0.93,
        server_ttft_p99_ms: 480,
      })),
    };
    const html = renderSweepHtml(scraped, NONE);
    expect(html).toContain('<th scope="col">server waiting max</th>');
    expect(html).toContain("<td>7.50</td><td>12.00</td><td>0.93</td><td>480.00</td>");
  });

  test("the answer names the rate its step's schedule offered; the table has each step's", () => {
    const html = renderSweepHtml(result, NONE);
    expect(html).toContain(
      "<strong>10 req/s</strong> (its schedule offered 9.71 req/s; bracket 10–25 req/s; not converged within the step limit)",
    );
    expect(html).toContain('<th scope="col">scheduled req/s</th>');
  });

  test("the sweep's warnings stand under the answer, escaped", () => {
    const html = renderSweepHtml({ ...result, warnings: ["a judged step had only 100 requests <p99>"] }, NONE);
    expect(html).toContain('<p class="bad">warning: a judged step had only 100 requests &lt;p99&gt;</p>');
    expect(renderSweepHtml(result, NONE)).not.toContain("warning:");
  });

  test("a concurrency sweep's charts are against concurrency", () => {
    const steps = [1, 4, 16].map((c, i) => ({ ...step(i + 1, "concurrency", c, 10 * c, 20 * c), passed: null }));
    const html = renderSweepHtml(
      {
        mode: "concurrencies",
        state: "complete",
        percentile: null,
        precision: null,
        steps,
        answer: null,
        warnings: [],
      },
      NONE,
    );
    expect(html).toContain("Latency against concurrency");
    expect(html).toContain("<h2>Against concurrency</h2>");
    expect(html).not.toContain("offered load (req/s)");
  });

  test("the TPOT chart draws p50 and p99 of the rate steps (not the capacity run), in order of offered load", () => {
    const html = renderSweepHtml(result, { ...NONE, tpot_ms: 20 });
    const svg = /<svg data-chart="sweep-tpot"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? "";
    const points = (label: string) =>
      [...(new RegExp(`data-series="${label}" d="([^"]+)"`).exec(svg)?.[1] ?? "").matchAll(/[ML]/g)].length;
    expect(points("TPOT p50")).toBe(3);
    expect(points("TPOT p99")).toBe(3);
    expect(html).toContain('<th scope="col">TPOT p99</th>');
  });
});
