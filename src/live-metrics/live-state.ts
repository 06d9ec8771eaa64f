/**
 * @module live-metrics/live-state — the run's own state for the live page, kept from what the main process already receives.
 *
 * Counters move as result batches arrive (a few additions per record, in the handler that already
 * writes them to events.db); nothing is computed for the page until it is scraped (`read`). Counts
 * are of attempts, as events.db's rows are. Main learns of a request only when it is recorded, so
 * what is in flight comes from the plan, as on the progress line: the entries due and not yet
 * recorded (a closed loop: its busy slots, max_throughput: every entry left), at most the run's
 * in-flight limit and the pattern's max_concurrency. Issued is recorded + in flight and never
 * goes down; a phase stopped early may so count a few entries that were due and never sent.
 */
import { latencyNsOf, scheduleLagNsOf, tokensAfterFirstChunk, tpotOf, ttftNsOf } from "../metrics/request-values.ts";
import { dueCount } from "../plan/due-count.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { Histogram, type HistogramSnapshot, LAG_BOUNDS_S, LATENCY_BOUNDS_S, TPOT_BOUNDS_S } from "./histogram.ts";

/** The phase before the first one starts, and after every request is recorded. */
const STARTING = "starting";
const FINISHING = "finishing";

export interface PhaseFigures {
  phase: string;
  planned: number;
  issued: number;
  completed: number;
  failed: Readonly<Record<string, number>>;
  inFlight: number;
  outputTokens: number;
  inputTokens: number;
  ttft: HistogramSnapshot;
  tpot: HistogramSnapshot;
  latency: HistogramSnapshot;
  scheduleLag: HistogramSnapshot;
}

interface WorkerFigures {
  worker: number;
  latenessS: number;
  cpuRatio: number;
}

/** What the page shows at one instant: plain data, so that rendering it is a pure function. */
export interface LiveSnapshot {
  /** Every phase the gauge names, in run order (`starting` and `finishing` included). */
  phases: readonly string[];
  current: string;
  requests: readonly PhaseFigures[];
  workers: readonly WorkerFigures[];
}

interface PhaseCounters {
  plan: PhasePlan;
  startMs: number;
  ended: boolean;
  /** Plan entries with at least one attempt recorded (a retry is a second row of the same entry). */
  entries: number;
  rows: number;
  issued: number;
  completed: number;
  failed: Map<string, number>;
  outputTokens: number;
  inputTokens: number;
  ttft: Histogram;
  tpot: Histogram;
  latency: Histogram;
  scheduleLag: Histogram;
}

const NS_PER_S = 1e9;

export class LiveState {
  private readonly phases = new Map<string, PhaseCounters>();
  private readonly workers = new Map<number, WorkerFigures>();
  private current = STARTING;

  /** `phaseNames`: the run's phases in order; `maxInFlight`: the run's in-flight limit (all workers). */
  constructor(
    private readonly phaseNames: readonly string[],
    private readonly maxInFlight: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  startPhase(plan: PhasePlan): void {
    this.current = plan.phase;
    this.phases.set(plan.phase, {
      plan,
      startMs: this.nowMs(),
      ended: false,
      entries: 0,
      rows: 0,
      issued: 0,
      completed: 0,
      failed: new Map(),
      outputTokens: 0,
      inputTokens: 0,
      ttft: new Histogram(LATENCY_BOUNDS_S),
      tpot: new Histogram(TPOT_BOUNDS_S),
      latency: new Histogram(LATENCY_BOUNDS_S),
      scheduleLag: new Histogram(LAG_BOUNDS_S),
    });
  }

  /** The phase's every request is recorded: nothing of it is in flight any more. */
  endPhase(phase: string): void {
    const p = this.phases.get(phase);
    if (p) p.ended = true;
  }

  /** The session is over: every request it sent has its row. */
  finish(): void {
    for (const p of this.phases.values()) p.ended = true;
    this.current = FINISHING;
  }

  add(phase: string, records: readonly RequestRecord[]): void {
    const p = this.phases.get(phase);
    if (!p) return;
    for (const r of records) {
      p.rows++;
      if (r.attempt === 0) p.entries++;
      if (Number.isFinite(r.sentNs)) p.scheduleLag.observe(scheduleLagNsOf(r) / NS_PER_S);
      if (r.errorKind !== null) {
        p.failed.set(r.errorKind, (p.failed.get(r.errorKind) ?? 0) + 1);
        continue;
      }
      p.completed++;
      p.outputTokens += r.outputTokens ?? 0;
      p.inputTokens += r.inputTokens ?? 0;
      p.latency.observe(latencyNsOf(r) / NS_PER_S);
      if (r.firstTokenNs === null) continue;
      p.ttft.observe(ttftNsOf(r) / NS_PER_S);
      const after = tokensAfterFirstChunk(null, r.chunkTokens, r.chunkCount);
      p.tpot.observe(tpotOf(r.doneNs, r.firstTokenNs, after) / NS_PER_S);
    }
  }

  /** A worker's loop-health samples (worker/loop-health: end of window, lateness ns, CPU fraction triples): its latest is kept. */
  health(worker: number, samples: Float64Array): void {
    if (samples.length < 3) return;
    const at = samples.length - 3;
    this.workers.set(worker, {
      worker,
      latenessS: (samples[at + 1] as number) / NS_PER_S,
      cpuRatio: samples[at + 2] as number,
    });
  }

  /** The state now; issued only grows from one read to the next. */
  read(): LiveSnapshot {
    const requests = [...this.phases.values()].map((p) => {
      const inFlight = this.inFlight(p);
      p.issued = Math.max(p.issued, p.rows + inFlight);
      return {
        phase: p.plan.phase,
        planned: p.plan.sampleIndex.length,
        issued: p.issued,
        completed: p.completed,
        failed: Object.fromEntries(p.failed),
        inFlight,
        outputTokens: p.outputTokens,
        inputTokens: p.inputTokens,
        ttft: p.ttft.snapshot(),
        tpot: p.tpot.snapshot(),
        latency: p.latency.snapshot(),
        scheduleLag: p.scheduleLag.snapshot(),
      };
    });
    return {
      phases: [STARTING, ...this.phaseNames, FINISHING],
      current: this.current,
      requests,
      workers: [...this.workers.values()].sort((a, b) => a.worker - b.worker),
    };
  }

  private inFlight(p: PhaseCounters): number {
    if (p.ended) return 0;
    const { plan } = p;
    const left = Math.max(0, plan.sampleIndex.length - p.entries);
    const slots = plan.slotOffsetsNs.length;
    let estimate: number;
    if (slots > 0) estimate = Math.min(slots, left);
    else if (plan.pattern.type === "max_throughput") estimate = left;
    else estimate = Math.max(0, dueCount(plan.offsetNs, (this.nowMs() - p.startMs) * 1e6) - p.entries);
    const cap = plan.maxConcurrency > 0 ? Math.min(plan.maxConcurrency, this.maxInFlight) : this.maxInFlight;
    return Math.min(estimate, cap);
  }
}
