/**
 * @module dashboard/latency-tally — the phase's TTFT, TPOT, ITL, latency and schedule lag as records arrive, in log-bucketed histograms.
 *
 * The values are the report's (metrics/request-values): TTFT, TPOT (from the chunks' tokens; the
 * report may count them with a tokenizer), ITL (a successful stream's chunk gaps, spread over
 * the tokens each chunk carried, as the report's) and latency of successful requests; the lag of every send. The lags are those the report's
 * load-generator verdict judges (metrics/load-generator-health): a concurrency run's opening
 * burst, due at the phase start plus the first slot's offset, is left out. The scheduled
 * instants' span and count give a closed loop's mean gap, so that its lag limit is the report's.
 * A few logarithms per record (one per chunk gap), in main, only while the dashboard is up.
 */
import { inOpeningBurst, meanGapNs } from "../metrics/load-generator-health.ts";
import { latencyNsOf, scheduleLagNsOf, tokensAfterFirstChunk, tpotOf, ttftNsOf } from "../metrics/request-values.ts";
import { spreadChunkGaps } from "../metrics/token-gaps.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { LogHistogram, type LogHistogramSnapshot } from "./log-histogram.ts";

const NS_PER_S = 1e9;

export interface LatencyFigures {
  ttft: LogHistogramSnapshot;
  tpot: LogHistogramSnapshot;
  itl: LogHistogramSnapshot;
  latency: LogHistogramSnapshot;
  /** The lags the load-generator verdict judges. */
  lag: LogHistogramSnapshot;
  /** Mean gap between the scheduled instants recorded so far (metrics/load-generator-health); null below two. */
  meanGapNs: number | null;
}

interface PhaseTally {
  phase: string;
  pattern: string;
  openingNs: number;
  ttft: LogHistogram;
  tpot: LogHistogram;
  itl: LogHistogram;
  /** ITL's values as metrics/token-gaps spreads them: a chunk of k tokens after a gap g gives k gaps of g/k. */
  itlSink: { push(gapNs: number): void };
  latency: LogHistogram;
  lag: LogHistogram;
  firstScheduledNs: number;
  lastScheduledNs: number;
  scheduled: number;
}

function emptyTally(phase: string, pattern: string, openingNs: number): PhaseTally {
  const itl = new LogHistogram();
  return {
    phase,
    pattern,
    openingNs,
    ttft: new LogHistogram(),
    tpot: new LogHistogram(),
    itl,
    itlSink: { push: (gapNs) => itl.observe(gapNs / NS_PER_S) },
    latency: new LogHistogram(),
    lag: new LogHistogram(),
    firstScheduledNs: Infinity,
    lastScheduledNs: -Infinity,
    scheduled: 0,
  };
}

export class LatencyTally {
  private t: PhaseTally = emptyTally("", "", 0);

  /** `startNs`: the phase's start instant (ns since T0, as the records' own instants). */
  startPhase(plan: Pick<PhasePlan, "phase" | "pattern" | "slotOffsetsNs">, startNs: number): void {
    let firstSlotNs = plan.slotOffsetsNs.length > 0 ? Infinity : 0;
    for (const offsetNs of plan.slotOffsetsNs) firstSlotNs = Math.min(firstSlotNs, offsetNs);
    this.t = emptyTally(plan.phase, plan.pattern.type, startNs + firstSlotNs);
  }

  add(records: readonly RequestRecord[]): void {
    const t = this.t;
    for (const r of records) {
      if (r.phase !== t.phase) continue;
      if (Number.isFinite(r.scheduledNs)) {
        t.firstScheduledNs = Math.min(t.firstScheduledNs, r.scheduledNs);
        t.lastScheduledNs = Math.max(t.lastScheduledNs, r.scheduledNs);
        t.scheduled++;
      }
      if (Number.isFinite(r.sentNs) && !inOpeningBurst(r.scheduledNs, t.openingNs, t.pattern))
        t.lag.observe(scheduleLagNsOf(r) / NS_PER_S);
      if (r.errorKind !== null) continue;
      t.latency.observe(latencyNsOf(r) / NS_PER_S);
      if (r.chunkGapsNs !== null) spreadChunkGaps(r.chunkGapsNs, r.chunkTokens, t.itlSink);
      if (r.firstTokenNs === null) continue;
      t.ttft.observe(ttftNsOf(r) / NS_PER_S);
      const after = tokensAfterFirstChunk(null, r.chunkTokens, r.chunkCount);
      t.tpot.observe(tpotOf(r.doneNs, r.firstTokenNs, after) / NS_PER_S);
    }
  }

  snapshot(): LatencyFigures {
    const t = this.t;
    return {
      ttft: t.ttft.snapshot(),
      tpot: t.tpot.snapshot(),
      itl: t.itl.snapshot(),
      latency: t.latency.snapshot(),
      lag: t.lag.snapshot(),
      meanGapNs: meanGapNs(t.firstScheduledNs, t.lastScheduledNs, t.scheduled),
    };
  }
}
