/**
 * @module test/dashboard/render-dashboard-width.test — every panel at 80 columns with its worst content: no line past the edge, nothing essential cut.
 */
import { describe, expect, test } from "bun:test";
import type { DashboardSnapshot } from "../../src/dashboard/dashboard-snapshot.ts";
import { flow } from "../../src/dashboard/flow-line.ts";
import { renderDashboard } from "../../src/dashboard/render-dashboard.ts";
import { piece } from "../../src/dashboard/styled-line.ts";
import { sweepStatusLines } from "../../src/sweep/sweep-status.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";

const WIDTH = 80;
const p = (v: number) => ({ p50: v, p90: v, p99: v });

/** Eight steps of a search, each missing its SLO for the longest reason, the capacity first. */
function sweepLines(): string[] {
  const steps = [
    { index: 1, kind: "max_throughput", offered: null, achieved_qps: 123456.7, passed: null },
    ...Array.from({ length: 7 }, (_, i) => ({
      index: i + 2,
      kind: "rate",
      offered: 12345.678 + i,
      achieved_qps: 1,
      passed: false,
      note: "fell behind",
    })),
  ].map((s) => ({ report_dir: "", state: "complete", note: null, ...s }) as SweepStep);
  const result = { mode: "find", state: "running", percentile: 99, precision: 0.05, steps, answer: null, warnings: [] };
  return sweepStatusLines(result as never, { index: 9, kind: "rate", offered: 12345.678 }, WIDTH);
}

/** The longest of everything: big counts, every failure kind, a stop by SIGTERM, a long phase name, a sweep. */
function worst(overrides: Partial<DashboardSnapshot> = {}): DashboardSnapshot {
  return {
    phase: "accuracy_livecodebench_v6_extended_subset",
    draining: true,
    stopping: "SIGTERM: stopping (Ctrl-C again quits now)",
    planned: 1_000_000,
    issued: 1_000_000,
    completed: 543_214,
    failed: {
      conversation_aborted: 123_456,
      stale_connection: 99_999,
      malformed_stream: 88_888,
      stalled_stream: 77_777,
      invalid_json: 66_666,
    },
    inFlight: 10_000,
    closedLoop: true,
    elapsedS: 36_000 + 3599,
    etaS: null,
    windowS: 10,
    achievedQps: 123_456.7,
    target: "concurrency target 100000",
    outputTokensPerS: 9_876_543.2,
    inputTokensPerS: 98_765_432.1,
    goodput: { recentPerS: 123_456.7, recentPct: 99.9, totalPct: 100, targetPct: 99.9 },
    latency: ["TTFT", "TPOT", "ITL", "latency"].map((name) => ({ name, recent: p(123_456), total: p(654_321) })),
    lag: { p99Ms: 123_456.7, limitMs: 1234.5, verdict: "falling behind", judged: true },
    readSide: {
      verdict: "saturated",
      cause: "worker",
      latenessP99Ms: 12_345.6,
      workers: 128,
      boundP50Ms: 9_876.5,
      boundP99Ms: 12_345.6,
    },
    server: { running: 123_456, waiting: 654_321, kvCachePct: 99.87 },
    series: { rate: Array(120).fill(123_456), ttftP99Ms: Array(120).fill(99_999), inFlight: Array(120).fill(10_000) },
    context: [
      ...sweepLines(),
      "conversations: 123456 active · 654321 done of 1000000",
      "live metrics: http://[2001:db8:85a3::8a2e:370:7334]:65535/metrics",
    ],
    logs: ["warning: x".repeat(20)],
    ...overrides,
  };
}

describe("dashboard/render-dashboard at 80 columns", () => {
  test.each<[string, Partial<DashboardSnapshot>, string[]]>([
    [
      "the header: the phase (shortened), draining, elapsed",
      {},
      ["accuracy_livecodebench_…", "· draining · 10:59:59 elapsed"],
    ],
    [
      "the bar: the counter and the whole stop text",
      {},
      ["1000000/1000000 (100%) · SIGTERM: stopping (Ctrl-C again quits now)"],
    ],
    ["the bar: the key hint", { stopping: null }, ["q stops: drain, report"]],
    [
      "the counts, in flight before the failures",
      {},
      ["issued 1000000", "completed 543214", "busy slots 10000", "failed 456786"],
    ],
    ["the top failure kinds that fit, then how many more", {}, ["conversation_aborted 123456", "+3 more"]],
    ["the rate and its target", {}, ["rate 123.5k req/s (concurrency target 100000)"]],
    ["the token rates and the window", {}, ["output 9876.5k tok/s", "input 98765.4k tok/s", "last 10 s"]],
    [
      "goodput and the share asked",
      {},
      ["goodput 123.5k req/s", "SLO met by 99.9 % of 99.9 % asked (last 10 s)", "100.0 % since start"],
    ],
    ["the sweep's step", {}, ["sweep (find): step 9, rate 12345.678 req/s"]],
    ["the sweep's newest step done", {}, ["8 rate 12351.678 req/s: missed SLO (fell behind)"]],
    ["the sweep's bracket", {}, ["bracket: highest passing none yet", "lowest failing (or the capacity) "]],
    [
      "conversations and the live page",
      {},
      ["654321 done of 1000000", "live metrics: http://[2001:db8:85a3::8a2e:370:7334]:65535/metrics"],
    ],
    ["the latency table, approximate", {}, ["approximate ±2 %", "123456  │  654321"]],
    ["the lag and its verdict", {}, ["schedule lag p99 123457 ms (limit 1235 ms)", "load generator: falling behind"]],
    [
      "the read side and its cause",
      {},
      ["read side: saturated (cause: worker)", "lateness p99 12346 ms", "128 worker(s)"],
    ],
    ["the server's gauges", {}, ["server: running 123456", "waiting 654321", "KV cache 99.9 %"]],
    ["the sparklines' latest values", {}, ["req/s", "123.5k", "100.0k", "busy slots"]],
  ])("%s", (_name, overrides, essentials) => {
    const lines = renderDashboard(worst(overrides), { width: WIDTH, height: 200, color: false });
    for (const line of lines) expect({ line, fits: Array.from(line).length <= WIDTH }).toEqual({ line, fits: true });
    for (const part of essentials) expect(lines.some((line) => line.includes(part))).toBe(true);
  });

  test("on an 80×24 terminal it keeps to 24 rows, dropping its blank separators first", () => {
    const lines = renderDashboard(worst(), { width: WIDTH, height: 24, color: false });
    expect(lines).toHaveLength(24);
    expect(lines.filter((line) => line === "")).toEqual([]);
    expect(lines.join("\n")).toContain("load generator: falling behind");
  });

  test("flow wraps whole segments onto indented lines, never splitting one", () => {
    const segments = ["aaaa", "bbbb", "cccc"].map((t) => [piece(t)]);
    const text = (width: number) => flow(segments, width).map((l) => l.map((x) => x.text).join(""));
    expect(text(80)).toEqual(["aaaa · bbbb · cccc"]);
    expect(text(12)).toEqual(["aaaa · bbbb", "  cccc"]);
    expect(text(4)).toEqual(["aaaa", "  bbbb", "  cccc"]);
  });
});
