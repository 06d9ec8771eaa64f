/**
 * @module live-metrics/phase-tally — one phase's records as main receives them, counted once for every live view.
 *
 * The progress line (run/progress), the dashboard and the live page (/metrics) all read these
 * counts and histograms (live-metrics/live-state holds one tally per phase), so they cannot
 * disagree. Counts are of attempts, as events.db's rows are. The figures are the report's, read
 * through metrics/request-values: TTFT, TPOT (from the chunks' tokens; the report may count them
 * with a tokenizer) and latency of successful requests, the schedule lag of every send, and ITL (a
 * successful stream's chunk gaps spread over the tokens each chunk carried, as metrics/token-gaps
 * spreads them). A concurrency run's opening burst, due at the phase start plus the first slot's
 * offset, is kept apart as well, since the load-generator verdict leaves it out
 * (metrics/load-generator-health); the scheduled instants' span and count give a closed loop's
 * mean gap, so that the dashboard's lag limit is the report's. A few logarithms per record; ITL's,
 * one per chunk gap, only when a view shows it (`withItl`), since a long stream has hundreds.
 */
import { inOpeningBurst, meanGapNs } from "../metrics/load-generator-health.ts";
import {
  latencyNsOf,
  scheduleLagNsOf,
  tokensAfterFirstChunk,
  tpotOf,
  ttfoNsOf,
  ttftNsOf,
} from "../metrics/request-values.ts";
import { spreadChunkGaps } from "../metrics/token-gaps.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import {
  LAG_BOUNDS_S,
  LATENCY_BOUNDS_S,
  LiveHistogram,
  type LiveHistogramSnapshot,
  TPOT_BOUNDS_S,
} from "./live-histogram.ts";

const NS_PER_S = 1e9;

/** What the phase's records added up to at one instant; histograms are copies (later records do not change them). */
export interface TalliedFigures {
  /** Rows recorded (attempts). */
  rows: number;
  /** Plan entries with at least one attempt recorded (a retry is a second row of the same entry). */
  entries: number;
  /** Successful rows. */
  completed: number;
  /** Failed rows by error kind. */
  failed: Readonly<Record<string, number>>;
  outputTokens: number;
  inputTokens: number;
  ttft: LiveHistogramSnapshot;
  /** Time to the first chunk that is not reasoning, of every successful stream (TTFT where it did not reason). */
  ttfo: LiveHistogramSnapshot;
  /** Successful rows that reasoned (reasoning chunks before the answer, or usage's reasoning tokens): TTFO is shown once one did. */
  reasoned: number;
  tpot: LiveHistogramSnapshot;
  latency: LiveHistogramSnapshot;
  /** ITL; empty unless the tally was asked for it. */
  itl: LiveHistogramSnapshot;
  /** Every send's lag. */
  scheduleLag: LiveHistogramSnapshot;
  /** The lags of a concurrency run's opening burst (within scheduleLag too), which the load-generator verdict does not judge. */
  openingLag: LiveHistogramSnapshot;
  /** Mean gap between the scheduled instants recorded so far (metrics/load-generator-health); null below two. */
  meanGapNs: number | null;
}

/** Plan entries whose latest attempt failed: failed rows less the retries (only failures are retried). */
export const failedEntries = (f: TalliedFigures): number =>
  Object.values(f.failed).reduce((a, b) => a + b, 0) - (f.rows - f.entries);

export class PhaseTally {
  private rows = 0;
  private entries = 0;
  private completed = 0;
  private readonly failed = new Map<string, number>();
  private outputTokens = 0;
  private inputTokens = 0;
  private readonly ttft = new LiveHistogram(LATENCY_BOUNDS_S);
  private readonly ttfo = new LiveHistogram(LATENCY_BOUNDS_S);
  private reasoned = 0;
  private readonly tpot = new LiveHistogram(TPOT_BOUNDS_S);
  private readonly latency = new LiveHistogram(LATENCY_BOUNDS_S);
  private readonly itl = new LiveHistogram();
  private readonly scheduleLag = new LiveHistogram(LAG_BOUNDS_S);
  private readonly openingLag = new LiveHistogram(LAG_BOUNDS_S);
  /** ITL's values as metrics/token-gaps spreads them: a chunk of k tokens after a gap g gives k gaps of g/k. */
  private readonly itlSink = { push: (gapNs: number) => this.itl.observe(gapNs / NS_PER_S) };
  private readonly pattern: string;
  /** The opening burst's scheduled instant, ns since T0. */
  private readonly openingNs: number;
  private firstScheduledNs = Infinity;
  private lastScheduledNs = -Infinity;
  private scheduled = 0;

  /** `startNs`: the phase's start instant (ns since T0, as the records' own instants); `withItl`: tally chunk gaps too. */
  constructor(
    plan: Pick<PhasePlan, "pattern" | "slotOffsetsNs">,
    startNs: number,
    private readonly withItl: boolean,
  ) {
    let firstSlotNs = plan.slotOffsetsNs.length > 0 ? Infinity : 0;
    for (const offsetNs of plan.slotOffsetsNs) firstSlotNs = Math.min(firstSlotNs, offsetNs);
    this.pattern = plan.pattern.type;
    this.openingNs = startNs + firstSlotNs;
  }

  add(records: readonly RequestRecord[]): void {
    for (const r of records) {
      this.rows++;
      if (r.attempt === 0) this.entries++;
      if (Number.isFinite(r.scheduledNs)) {
        this.firstScheduledNs = Math.min(this.firstScheduledNs, r.scheduledNs);
        this.lastScheduledNs = Math.max(this.lastScheduledNs, r.scheduledNs);
        this.scheduled++;
      }
      if (Number.isFinite(r.sentNs)) {
        const lagS = scheduleLagNsOf(r) / NS_PER_S;
        this.scheduleLag.observe(lagS);
        if (inOpeningBurst(r.scheduledNs, this.openingNs, this.pattern)) this.openingLag.observe(lagS);
      }
      if (r.errorKind !== null) {
        this.failed.set(r.errorKind, (this.failed.get(r.errorKind) ?? 0) + 1);
        continue;
      }
      this.completed++;
      this.outputTokens += r.outputTokens ?? 0;
      this.inputTokens += r.inputTokens ?? 0;
      this.latency.observe(latencyNsOf(r) / NS_PER_S);
      if (this.withItl && r.chunkGapsNs !== null) spreadChunkGaps(r.chunkGapsNs, r.chunkTokens, this.itlSink);
      if ((r.reasoningChunks ?? 0) > 0 || (r.reasoningTokens ?? 0) > 0) this.reasoned++;
      if (r.firstTokenNs === null) continue;
      this.ttft.observe(ttftNsOf(r) / NS_PER_S);
      if (r.firstAnswerNs != null) this.ttfo.observe(ttfoNsOf(r) / NS_PER_S);
      const after = tokensAfterFirstChunk(null, r.chunkTokens, r.chunkCount);
      this.tpot.observe(tpotOf(r.doneNs, r.firstTokenNs, after) / NS_PER_S);
    }
  }

  read(): TalliedFigures {
    return {
      rows: this.rows,
      entries: this.entries,
      completed: this.completed,
      failed: Object.fromEntries(this.failed),
      outputTokens: this.outputTokens,
      inputTokens: this.inputTokens,
      ttft: this.ttft.snapshot(),
      ttfo: this.ttfo.snapshot(),
      reasoned: this.reasoned,
      tpot: this.tpot.snapshot(),
      latency: this.latency.snapshot(),
      itl: this.itl.snapshot(),
      scheduleLag: this.scheduleLag.snapshot(),
      openingLag: this.openingLag.snapshot(),
      meanGapNs: meanGapNs(this.firstScheduledNs, this.lastScheduledNs, this.scheduled),
    };
  }
}
