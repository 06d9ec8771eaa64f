import { describe, expect, test } from "bun:test";
import type { DashboardSnapshot } from "../../src/dashboard/dashboard-snapshot.ts";
import { renderDashboard } from "../../src/dashboard/render-dashboard.ts";

const p = (p50: number, p90: number, p99: number) => ({ p50, p90, p99 });

function snapshot(overrides: Partial<DashboardSnapshot> = {}): DashboardSnapshot {
  return {
    phase: "performance",
    draining: false,
    stopping: null,
    planned: 1000,
    issued: 530,
    completed: 500,
    failed: { timeout: 3, http_5xx: 7 },
    inFlight: 20,
    closedLoop: false,
    elapsedS: 65,
    etaS: 62,
    windowS: 10,
    achievedQps: 49.8,
    target: "target 50 req/s",
    outputTokensPerS: 2480,
    inputTokensPerS: 12_500,
    goodput: { recentPerS: 47.2, recentPct: 97.5, totalPct: 98.8, targetPct: 99 },
    latency: [
      { name: "TTFT", recent: p(12.3, 20.1, 45), total: p(13, 22, 51.5) },
      { name: "TPOT", recent: p(4.2, 5, 6.1), total: null },
      { name: "latency", recent: null, total: null },
    ],
    lag: { p99Ms: 0.8, limitMs: 20, verdict: "ok", judged: true },
    readSide: { verdict: "ok", cause: null, latenessP99Ms: 0.4, workers: 2, boundP50Ms: 0.3, boundP99Ms: 0.4 },
    server: { running: 12, waiting: 3, kvCachePct: 41.5 },
    series: { rate: [40, 50, 45, 50], ttftP99Ms: [30, null, 45, 50], inFlight: [18, 20, 22, 20] },
    context: ["sweep (find): step 4, rate 37.5 req/s", "conversations: 12 active · 30 done of 100"],
    logs: ["benchmark: performance 1000 requests (poisson)", "warning: something"],
    ...overrides,
  };
}

const text = (s: DashboardSnapshot, width = 120, height = 40, color = false) =>
  renderDashboard(s, { width, height, color }).join("\n");

describe("dashboard/render-dashboard", () => {
  test.each<[string, Partial<DashboardSnapshot>, string[]]>([
    [
      "the phase, elapsed and ETA, the key hint",
      {},
      ["performance · 01:05 elapsed · ETA 01:02 · inference-endpoint", "q stops: drain, report"],
    ],
    ["the progress counter: done includes failures", {}, ["510/1000 (51%)"]],
    [
      "counts, in flight before the failures, their kinds most first",
      {},
      ["issued 530 · completed 500 · in flight 20 · failed 10", "failed by kind: http_5xx 7 · timeout 3"],
    ],
    [
      "achieved vs target, token rates, the window",
      {},
      ["rate 49.8 req/s (target 50 req/s) · output 2480 tok/s · input 12.5k tok/s · last 10 s"],
    ],
    [
      "goodput against --slo",
      {},
      ["goodput 47.2 req/s · SLO met by 97.5 % of 99 % asked (last 10 s) · 98.8 % since start"],
    ],
    ["the latency table, labelled approximate", {}, ["last 10 s", "since start", "approximate", "12.3", "51.5"]],
    ["a percentile without values is a dash", {}, ["latency          -"]],
    ["the lag and the load-generator verdict", {}, ["schedule lag p99 0.80 ms (limit 20.0 ms)", "load generator: ok"]],
    [
      "falling behind, the moment the window says so",
      { lag: { p99Ms: 85, limitMs: 20, verdict: "falling behind", judged: true } },
      ["load generator: falling behind"],
    ],
    [
      "max throughput is not judged",
      { lag: { p99Ms: 3, limitMs: null, verdict: null, judged: false }, target: null },
      ["not judged (max throughput)"],
    ],
    [
      "a judged run with no judged send in the window yet",
      { lag: { p99Ms: null, limitMs: 1, verdict: null, judged: true }, target: "concurrency target 8" },
      ["no judged send yet", "(concurrency target 8)"],
    ],
    [
      "the read side",
      {
        readSide: {
          verdict: "saturated",
          cause: "worker",
          latenessP99Ms: 12.7,
          workers: 1,
          boundP50Ms: 12.7,
          boundP99Ms: 12.7,
        },
      },
      [
        "read side: saturated (cause: worker) · worker loop lateness p99 12.7 ms",
        "client error bound p50/p99 12.7 / 12.7 ms",
      ],
    ],
    ["no read-side samples yet", { readSide: null }, ["no worker samples yet"]],
    ["the server's gauges", {}, ["server: running 12 · waiting 3 · KV cache 41.5 %"]],
    ["the sparklines' labels and latest values", {}, ["req/s", "TTFT p99 ms", "in flight", "█"]],
    ["the log lines", {}, ["warning: something"]],
    [
      "the context lines under the header (a sweep's step, conversations)",
      {},
      ["sweep (find): step 4", "12 active · 30 done of 100"],
    ],
    [
      "a stop under way replaces the key hint and the ETA",
      { stopping: "q: stopping (Ctrl-C again quits now)", draining: true, etaS: null },
      ["performance · draining", "(51%) · q: stopping (Ctrl-C again quits now)"],
    ],
    ["the last send made: the phase drains", { draining: true }, ["performance · draining"]],
    ["max throughput shows no target", { target: null }, ["rate 49.8 req/s · output"]],
    [
      "a closed loop's in flight is its busy slots, and its target only a target",
      { closedLoop: true, inFlight: 8, target: "concurrency target 8" },
      ["busy slots 8", "(concurrency target 8)"],
    ],
  ])("%s", (_name, overrides, expected) => {
    const shown = text(snapshot(overrides));
    for (const part of expected) expect(shown).toContain(part);
  });

  test.each([
    [80, 24],
    [120, 40],
    [200, 60],
    [80, 10],
  ])("at %i×%i every line fits and no more lines than rows", (width, height) => {
    const lines = renderDashboard(snapshot(), { width, height, color: false });
    expect(lines.length).toBeLessThanOrEqual(height);
    for (const line of lines) expect(Array.from(line).length).toBeLessThanOrEqual(width);
  });

  test("a short terminal keeps the top (phase, progress, counts) and drops the bottom", () => {
    const lines = renderDashboard(snapshot(), { width: 100, height: 4, color: false });
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain("performance");
    expect(lines[2]).toContain("issued 530");
  });

  test("without colour (NO_COLOR) there is not one escape byte; with colour, verdicts are coloured", () => {
    expect(text(snapshot(), 120, 40, false)).not.toContain("\x1b");
    const coloured = text(
      snapshot({ lag: { p99Ms: 85, limitMs: 20, verdict: "falling behind", judged: true } }),
      120,
      40,
      true,
    );
    expect(coloured).toContain("\x1b[31mfalling behind\x1b[0m");
    expect(coloured).toContain("\x1b[31m97.5 %\x1b[0m");
  });

  test.each([
    [0, 0],
    [500, 0.5],
    [1000, 1],
  ])("the progress bar at %i of 1000 done is %d full", (done, share) => {
    const line =
      renderDashboard(snapshot({ completed: done, failed: {} }), { width: 60, height: 3, color: false })[1] ?? "";
    const filled = line.replace(/[^█]/g, "").length;
    const width = filled + line.replace(/[^░]/g, "").length;
    expect(filled).toBe(Math.floor(width * share));
  });
});
