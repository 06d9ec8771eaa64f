import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { renderExposition } from "../../src/live-metrics/exposition-page.ts";
import {
  LAG_BOUNDS_S,
  LATENCY_BOUNDS_S,
  LiveHistogram,
  type LiveHistogramSnapshot,
  TPOT_BOUNDS_S,
} from "../../src/live-metrics/live-histogram.ts";
import { LIVE_METRICS, liveSeriesNames } from "../../src/live-metrics/live-metric-names.ts";
import { type LiveSnapshot, LiveState } from "../../src/live-metrics/live-state.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";
import { parseExposition } from "../../src/server-metrics/exposition.ts";
import { makeRecord } from "../metrics/make-record.ts";

/** A histogram over `boundsS` holding `valuesS`. */
function histogram(boundsS: number[], valuesS: number[] = []): LiveHistogramSnapshot {
  const h = new LiveHistogram(boundsS);
  for (const v of valuesS) h.observe(v);
  return h.snapshot();
}

const SNAPSHOT: LiveSnapshot = {
  phases: ["starting", "performance", "finishing"],
  current: "performance",
  requests: [
    {
      phase: "performance",
      planned: 10,
      issued: 6,
      rows: 4,
      entries: 4,
      completed: 3,
      failed: { http_5xx: 1 },
      inFlight: 2,
      outputTokens: 30,
      inputTokens: 300,
      ttft: histogram([0.1, 1], [0.05, 0.1, 0.3]),
      ttfo: histogram([0.1, 1], [0.05, 0.1, 0.3]),
      reasoned: 0,
      tpot: histogram([0.01]),
      latency: histogram([1]),
      itl: histogram([]),
      scheduleLag: histogram([0.001]),
      openingLag: histogram([0.001]),
      meanGapNs: null,
    },
  ],
  workers: [{ worker: 0, latenessS: 0.0015, cpuRatio: 0.25 }],
};

/** The page's lines of one series, HELP and TYPE left out. */
const samplesOf = (page: string, name: string) => page.split("\n").filter((l) => l.startsWith(name));

describe("live-metrics/exposition-page", () => {
  test("writes each series with its HELP and TYPE, histograms cumulative with +Inf, _sum and _count, the shard label first", () => {
    const page = renderExposition(SNAPSHOT, { shard: "1" });
    expect(samplesOf(page, "inference_endpoint_phase")).toEqual([
      'inference_endpoint_phase{shard="1",phase="starting"} 0',
      'inference_endpoint_phase{shard="1",phase="performance"} 1',
      'inference_endpoint_phase{shard="1",phase="finishing"} 0',
    ]);
    expect(page).toContain("# TYPE inference_endpoint_ttft_seconds histogram\n");
    expect(samplesOf(page, "inference_endpoint_ttft_seconds")).toEqual([
      'inference_endpoint_ttft_seconds_bucket{shard="1",phase="performance",le="0.1"} 2',
      'inference_endpoint_ttft_seconds_bucket{shard="1",phase="performance",le="1"} 3',
      'inference_endpoint_ttft_seconds_bucket{shard="1",phase="performance",le="+Inf"} 3',
      'inference_endpoint_ttft_seconds_sum{shard="1",phase="performance"} 0.45',
      'inference_endpoint_ttft_seconds_count{shard="1",phase="performance"} 3',
    ]);
    expect(samplesOf(page, "inference_endpoint_requests_failed_total")).toEqual([
      'inference_endpoint_requests_failed_total{shard="1",phase="performance",kind="http_5xx"} 1',
    ]);
    expect(samplesOf(page, "inference_endpoint_requests_in_flight")).toEqual([
      'inference_endpoint_requests_in_flight{shard="1",phase="performance"} 2',
    ]);
    expect(samplesOf(page, "inference_endpoint_worker_timer_lateness_seconds")).toEqual([
      'inference_endpoint_worker_timer_lateness_seconds{shard="1",worker="0"} 0.0015',
    ]);
    expect(page.endsWith("\n")).toBe(true);
  });

  test("before the first phase the page holds the phase gauge alone", () => {
    const page = renderExposition(new LiveState(["performance"], 8, () => 0).read());
    expect(page.split("\n").filter((l) => l !== "" && !l.startsWith("#"))).toEqual([
      'inference_endpoint_phase{phase="starting"} 1',
      'inference_endpoint_phase{phase="performance"} 0',
      'inference_endpoint_phase{phase="finishing"} 0',
    ]);
  });

  test("escapes label values, and our own Prometheus parser reads them back", () => {
    const odd = 'acc "a"\\b\nc';
    const page = renderExposition({ ...SNAPSHOT, phases: [odd], current: odd, requests: [], workers: [] });
    expect(page).toContain('inference_endpoint_phase{phase="acc \\"a\\"\\\\b\\nc"} 1');
    expect(parseExposition(page)).toEqual([
      { name: "inference_endpoint_phase", labels: JSON.stringify({ phase: odd }), value: 1 },
    ]);
  });

  test("a page of a real state parses with server-metrics' parser, every name one we list, every bucket series rising", () => {
    const plan = buildPhasePlan({
      phase: "performance",
      pattern: { type: "max_throughput" },
      count: 50,
      datasetSize: 5,
      schedulerSeed: 1,
      dataloaderSeed: 1,
    });
    const live = new LiveState(["performance"], 16, () => 0);
    live.startPhase(plan, 0);
    live.add(
      "performance",
      Array.from({ length: 40 }, (_, i) =>
        makeRecord({
          planIndex: i,
          firstTokenNs: (i + 1) * 5e6,
          doneNs: (i + 1) * 4e7,
          errorKind: i % 7 === 0 ? "timeout" : null,
        }),
      ),
    );
    live.health(0, Float64Array.from([1, 2e6, 0.5]));
    const samples = parseExposition(renderExposition(live.read(), { shard: "0" }));
    const names = new Set(liveSeriesNames());
    expect(samples.filter((s) => !names.has(s.name))).toEqual([]);
    // Every listed series is on a page with records and a worker's health.
    expect(new Set(samples.map((s) => s.name))).toEqual(names);
    for (const metric of LIVE_METRICS.filter((m) => m.type === "histogram")) {
      const buckets = samples.filter((s) => s.name === `${metric.name}_bucket`).map((s) => s.value);
      expect(buckets).toEqual([...buckets].sort((a, b) => a - b));
      expect(buckets.at(-1)).toBe(samples.find((s) => s.name === `${metric.name}_count`)?.value as number);
    }
  });

  test("docs/metrics.md lists the histograms' bounds as the code has them", () => {
    const doc = readFileSync(join(import.meta.dir, "..", "..", "docs", "metrics.md"), "utf8");
    expect(doc).toContain(`- TTFT and latency: ${LATENCY_BOUNDS_S.join(", ")}\n`);
    expect(doc).toContain(`- TPOT: ${TPOT_BOUNDS_S.join(", ")}\n`);
    expect(doc).toContain(`- schedule lag: ${LAG_BOUNDS_S.join(", ")}\n`);
  });
});
