/**
 * @module scripts/bench/lib/dashboard-costs — what the dashboard costs the main process, measured in this process.
 *
 * One frame is what dashboard/dashboard does twice a second: read the live state, keep the
 * history, build the snapshot, render 120×40. It runs after FRAME_REQUESTS requests (the
 * histograms and counters do not grow with the run, so neither does a frame). Filing a record in
 * the live tally (counts; TTFT, TPOT, latency, lag and, with the dashboard up, chunk gaps — ITL,
 * 16 chunks — in the log-bucketed histograms) and judging it against `--slo` are the per-record
 * costs in main (a conversation phase adds one binary search).
 */
import { dashboardSnapshot } from "../../../src/dashboard/dashboard-snapshot.ts";
import { FrameHistory } from "../../../src/dashboard/frame-history.ts";
import { planFacts } from "../../../src/dashboard/plan-facts.ts";
import { renderDashboard } from "../../../src/dashboard/render-dashboard.ts";
import { SloTally } from "../../../src/dashboard/slo-tally.ts";
import { LiveState } from "../../../src/live-metrics/live-state.ts";
import type { PhasePlan } from "../../../src/plan/phase-plan.ts";
import type { RequestRecord } from "../../../src/record/request-record.ts";
import { median } from "./table.ts";

/** 2,000 QPS: the schedule the records are on (one every 500 µs). */
const GAP_NS = 500_000;
export const FRAME_REQUESTS = 100_000;
export const FRAMES = 2_000;

/** `count` successful streamed records of a 2k QPS schedule, with spread-out latencies. */
function records(count: number): RequestRecord[] {
  return Array.from({ length: count }, (_, i) => {
    const scheduledNs = i * GAP_NS;
    const sentNs = scheduledNs + 20_000 + (i % 7) * 10_000;
    const firstTokenNs = sentNs + 5e6 + (i % 97) * 1e6;
    return {
      phase: "performance",
      planIndex: i,
      attempt: 0,
      scheduledNs,
      sentNs,
      firstTokenNs,
      doneNs: firstTokenNs + 30e6 + (i % 13) * 1e6,
      errorKind: null,
      outputTokens: 16,
      inputTokens: 64,
      chunkCount: 16,
      chunkTokens: null,
      chunkGapsNs: new Float64Array(15).fill(2e6),
    } as unknown as RequestRecord;
  });
}

/** Main's cost of one dashboard frame after FRAME_REQUESTS requests (µs, median of batches), and of judging a record against --slo (ns). */
export function inProcessCosts(): { frameUs: number; sloNsPerRecord: number; latencyNsPerRecord: number } {
  const count = FRAME_REQUESTS;
  const plan: PhasePlan = {
    phase: "performance",
    pattern: { type: "poisson", targetQps: 1e9 / GAP_NS },
    sampleIndex: new Uint32Array(count),
    offsetNs: Float64Array.from({ length: count }, (_, i) => i * GAP_NS),
    slotOffsetsNs: new Float64Array(0),
    maxConcurrency: 0,
  };
  const live = new LiveState(["performance"], 1024);
  live.tallyItl();
  live.startPhase(plan, 0);
  const all = records(count);
  const tallyStart = performance.now();
  live.add("performance", all);
  const latencyNsPerRecord = ((performance.now() - tallyStart) * 1e6) / count;
  const facts = planFacts(plan);
  const history = new FrameHistory();
  const t0 = performance.now();
  history.reset({ atMs: t0, figures: live.read().requests[0] as never, slo: null });
  const perFrame: number[] = [];
  for (let f = 0; f < FRAMES; f++) {
    const start = performance.now();
    const read = live.read();
    const figures = read.requests[0] as NonNullable<(typeof read.requests)[0]>;
    const nowMs = t0 + f * 500;
    history.observe({ atMs: nowMs, figures, slo: null });
    const snapshot = dashboardSnapshot({
      nowMs,
      phaseStartMs: t0,
      current: read.current,
      figures,
      facts,
      base: history.windowBase(nowMs),
      points: history.points(),
      workers: read.workers,
      server: null,
      context: [],
      logs: [],
      stopping: null,
      draining: false,
      slo: null,
    });
    renderDashboard(snapshot, { width: 120, height: 40, color: true });
    perFrame.push((performance.now() - start) * 1000);
  }
  const tally = new SloTally({ ttft_ms: 50, tpot_ms: 5, latency_ms: 500 });
  tally.startPhase("performance");
  const sloStart = performance.now();
  tally.add(all);
  const sloNsPerRecord = ((performance.now() - sloStart) * 1e6) / count;
  return { frameUs: median(perFrame), sloNsPerRecord, latencyNsPerRecord };
}
