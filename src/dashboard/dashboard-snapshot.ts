/**
 * @module dashboard/dashboard-snapshot — everything the dashboard shows at one instant, as plain data.
 *
 * Built from live-metrics/live-state's snapshot (what main counts once as result batches arrive,
 * for every live view: counts and log-bucketed histograms), the phase's plan facts and the
 * once-a-second history; rendering it is the pure function
 * dashboard/render-dashboard. Percentiles come from log-bucketed histograms, within 2 % of the
 * exact ones (approximate all the same); rates and the lag verdict are over the last 10 s, so
 * "falling behind" shows within seconds of the client losing its schedule, not only in the
 * report. The verdict is the report's (metrics/load-generator-health): the same lags judged,
 * against the same limit.
 */
import type { PhaseFigures, LiveSnapshot } from "../live-metrics/live-state.ts";
import { lagLimitNs, lagVerdict } from "../metrics/load-generator-health.ts";
import { readSideHealth } from "../metrics/read-side-health.ts";
import { weightedLowerPercentile } from "../metrics/stamp-lateness.ts";

/** The error bound over the workers' latest windows, one each: what a stamp taken now may carry. */
function latestBound(latenessMs: readonly number[]): { boundP50Ms: number; boundP99Ms: number } {
  const ones = latenessMs.map(() => 1);
  return {
    boundP50Ms: weightedLowerPercentile(latenessMs, ones, 50),
    boundP99Ms: weightedLowerPercentile(latenessMs, ones, 99),
  };
}
import type { SeriesPoints, TimedFigures } from "./frame-history.ts";
import {
  histogramSince,
  type LiveHistogramSnapshot,
  percentilesMs,
  type PercentilesMs,
  quantileS,
} from "../live-metrics/live-histogram.ts";
import type { PlanFacts } from "./plan-facts.ts";
import type { ServerGauges } from "./server-gauges.ts";
import type { SloCounts } from "./slo-tally.ts";

export interface LatencyRow {
  name: string;
  recent: PercentilesMs | null;
  total: PercentilesMs | null;
}

export interface DashboardSnapshot {
  phase: string;
  /** Every request of the phase was sent (or a stop came): what is in flight drains. */
  draining: boolean;
  /** Set once a stop was asked for (q, Ctrl-C, SIGTERM): what happens now. */
  stopping: string | null;
  planned: number;
  issued: number;
  completed: number;
  failed: Readonly<Record<string, number>>;
  inFlight: number;
  /** A closed loop's in flight is its busy slots, from the plan (dashboard/plan-facts), not a measure. */
  closedLoop: boolean;
  elapsedS: number;
  etaS: number | null;
  /** The span of the recent window, s (10, or less early in the phase). */
  windowS: number;
  achievedQps: number;
  target: string | null;
  outputTokensPerS: number;
  inputTokensPerS: number;
  /** Against `--slo`: requests per second that met it, and the share (%) that did; null without `--slo`. */
  goodput: { recentPerS: number; recentPct: number | null; totalPct: number | null; targetPct: number } | null;
  latency: readonly LatencyRow[];
  /** `judged`: false for max_throughput; a judged run without a verdict has no judged send in the window yet. */
  lag: { p99Ms: number | null; limitMs: number | null; verdict: "ok" | "falling behind" | null; judged: boolean };
  readSide: {
    verdict: "ok" | "saturated";
    cause: "worker" | "host" | null;
    latenessP99Ms: number;
    workers: number;
    /** The client's error bound now (metrics/client-error-bound): the workers' latest windows' lateness p50 and p99, ms. */
    boundP50Ms: number;
    boundP99Ms: number;
  } | null;
  server: ServerGauges | null;
  series: SeriesPoints;
  /** Lines about what the run is part of (a sweep's steps) or made of (conversations active / done). */
  context: readonly string[];
  /** The latest log lines (warnings, stop messages), oldest first; all are printed again on the normal screen. */
  logs: readonly string[];
}

interface SnapshotInput {
  nowMs: number;
  phaseStartMs: number;
  current: string;
  figures: PhaseFigures;
  facts: PlanFacts;
  base: TimedFigures | null;
  points: SeriesPoints;
  workers: LiveSnapshot["workers"];
  server: ServerGauges | null;
  context: readonly string[];
  logs: readonly string[];
  stopping: string | null;
  draining: boolean;
  /** `--slo`: the phase's counts so far and the share (%) that must meet it. */
  slo: { counts: SloCounts; targetPct: number } | null;
}

const failedTotal = (f: PhaseFigures) => Object.values(f.failed).reduce((a, b) => a + b, 0);

/** The lags the load-generator verdict judges (metrics/load-generator-health): every send's but a concurrency run's opening burst. */
const judgedLags = (f: PhaseFigures): LiveHistogramSnapshot => histogramSince(f.scheduleLag, f.openingLag);

/** The lag verdict as it stands: the window's judged lags against the report's limit. */
function lagNow(facts: PlanFacts, lags: LiveHistogramSnapshot, f: PhaseFigures): DashboardSnapshot["lag"] {
  const p99S = quantileS(lags, 99);
  const gap = facts.lagGap;
  const limitNs = gap === null ? null : lagLimitNs(gap.from === "plan" ? gap.meanGapNs : f.meanGapNs);
  const verdict =
    limitNs === null || p99S === null ? null : lagVerdict(p99S * 1e9, limitNs) === "ok" ? "ok" : "falling behind";
  return {
    p99Ms: p99S === null ? null : p99S * 1000,
    limitMs: limitNs === null ? null : limitNs / 1e6,
    verdict,
    judged: gap !== null,
  };
}

export function dashboardSnapshot(input: SnapshotInput): DashboardSnapshot {
  const { figures: f, base, facts } = input;
  const elapsedS = Math.max(0, (input.nowMs - input.phaseStartMs) / 1000);
  const windowS = base ? Math.max(0, (input.nowMs - base.atMs) / 1000) : elapsedS;
  const per = (now: number, then: number) => (windowS > 0 ? (now - then) / windowS : 0);
  const b = base?.figures ?? null;
  const achievedQps = per(f.completed, b?.completed ?? 0);
  const remaining = Math.max(0, facts.planned - f.completed - failedTotal(f));
  let etaS = achievedQps > 0 ? remaining / achievedQps : null;
  if (facts.lastDueS !== null) etaS = Math.max(facts.lastDueS - elapsedS, etaS ?? 0);
  const row = (name: string, pick: (x: PhaseFigures) => LiveHistogramSnapshot): LatencyRow => ({
    name,
    recent: percentilesMs(histogramSince(pick(f), b ? pick(b) : null)),
    total: percentilesMs(pick(f)),
  });
  const share = (c: SloCounts) => (c.judged > 0 ? (100 * c.met) / c.judged : null);
  const slo = input.slo;
  const sloBase = base?.slo ?? { met: 0, judged: 0 };
  const goodput = slo
    ? {
        recentPerS: per(slo.counts.met, sloBase.met),
        recentPct: share({ met: slo.counts.met - sloBase.met, judged: slo.counts.judged - sloBase.judged }),
        totalPct: share(slo.counts),
        targetPct: slo.targetPct,
      }
    : null;
  const health = readSideHealth(
    input.workers.map((w) => w.latenessS * 1e9),
    input.workers.map((w) => w.cpuRatio),
    input.workers.length,
  );
  return {
    phase: input.current,
    draining: input.draining || input.stopping !== null,
    stopping: input.stopping,
    planned: facts.planned,
    issued: f.issued,
    completed: f.completed,
    failed: f.failed,
    inFlight: f.inFlight,
    closedLoop: facts.closedLoop,
    elapsedS,
    etaS: input.stopping ? null : etaS,
    windowS,
    achievedQps,
    target: facts.target,
    outputTokensPerS: per(f.outputTokens, b?.outputTokens ?? 0),
    inputTokensPerS: per(f.inputTokens, b?.inputTokens ?? 0),
    goodput,
    latency: [
      row("TTFT", (x) => x.ttft),
      // A reasoning model's first reasoning token fixes TTFT; the user waits for TTFO (shown once a request reasoned).
      ...(f.reasoned > 0 ? [row("TTFO", (x) => x.ttfo)] : []),
      row("TPOT", (x) => x.tpot),
      row("ITL", (x) => x.itl),
      row("latency", (x) => x.latency),
    ],
    lag: lagNow(facts, histogramSince(judgedLags(f), b ? judgedLags(b) : null), f),
    readSide: health
      ? {
          verdict: health.verdict,
          cause: health.cause,
          latenessP99Ms: health.lateness_p99_ms,
          workers: health.workers,
          ...latestBound(input.workers.map((w) => w.latenessS * 1e3)),
        }
      : null,
    server: input.server,
    series: input.points,
    context: input.context,
    logs: input.logs,
  };
}
