/**
 * @module dashboard/dashboard-snapshot — everything the dashboard shows at one instant, as plain data.
 *
 * Built from live-metrics/live-state's snapshot (what main already counts as result batches
 * arrive), the phase's plan facts and the once-a-second history; rendering it is the pure
 * function dashboard/render-dashboard. Percentiles are interpolated from bounded histograms
 * (approximate); rates and the lag verdict are over the last 10 s, so "falling behind" shows
 * within seconds of the client losing its schedule, not only in the report.
 */
import type { HistogramSnapshot } from "../live-metrics/histogram.ts";
import type { PhaseFigures, LiveSnapshot } from "../live-metrics/live-state.ts";
import { readSideHealth } from "../metrics/read-side-health.ts";
import { histogramQuantileS, histogramSince, percentilesMs, type PercentilesMs } from "./histogram-quantile.ts";
import type { SeriesPoints, TimedFigures } from "./frame-history.ts";
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
  /** Set once a stop was asked for (q, Ctrl-C, SIGTERM): what happens now. */
  stopping: string | null;
  planned: number;
  issued: number;
  completed: number;
  failed: Readonly<Record<string, number>>;
  inFlight: number;
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
  lag: { p99Ms: number | null; limitMs: number | null; verdict: "ok" | "falling behind" | null };
  readSide: { verdict: "ok" | "saturated"; latenessP99Ms: number; workers: number } | null;
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
  /** `--slo`: the phase's counts so far and the share (%) that must meet it. */
  slo: { counts: SloCounts; targetPct: number } | null;
  /** The phase's inter-token gaps so far. */
  itl: HistogramSnapshot;
}

const failedTotal = (f: PhaseFigures) => Object.values(f.failed).reduce((a, b) => a + b, 0);

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
  const row = (name: string, pick: (x: PhaseFigures) => PhaseFigures["ttft"]): LatencyRow => ({
    name,
    recent: percentilesMs(histogramSince(pick(f), b ? pick(b) : null)),
    total: percentilesMs(pick(f)),
  });
  const lagP99S = histogramQuantileS(histogramSince(f.scheduleLag, b?.scheduleLag ?? null), 99);
  const lagP99Ms = lagP99S === null ? null : lagP99S * 1000;
  const verdict =
    facts.lagLimitMs === null || lagP99Ms === null ? null : lagP99Ms > facts.lagLimitMs ? "falling behind" : "ok";
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
    stopping: input.stopping,
    planned: facts.planned,
    issued: f.issued,
    completed: f.completed,
    failed: f.failed,
    inFlight: f.inFlight,
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
      row("TPOT", (x) => x.tpot),
      {
        name: "ITL",
        recent: percentilesMs(histogramSince(input.itl, base?.itl ?? null)),
        total: percentilesMs(input.itl),
      },
      row("latency", (x) => x.latency),
    ],
    lag: { p99Ms: lagP99Ms, limitMs: facts.lagLimitMs, verdict },
    readSide: health
      ? { verdict: health.verdict, latenessP99Ms: health.lateness_p99_ms, workers: health.workers }
      : null,
    server: input.server,
    series: input.points,
    context: input.context,
    logs: input.logs,
  };
}
