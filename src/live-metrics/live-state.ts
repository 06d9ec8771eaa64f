/**
 * @module live-metrics/live-state — the run's own state while it runs: one tally per phase, read by every live view.
 *
 * Fed once, where main receives result batches (run/execute-run, beside events.db's writes), and
 * read by the progress line, the dashboard and the live page alike (live-metrics/phase-tally); the
 * workers never see it, and nothing is computed for a view until it reads (`read`, `figures`). Counts
 * are of attempts, as events.db's rows are. Main learns of a request only when it is recorded, so
 * what is in flight comes from the plan, as on the progress line: the entries due and not yet
 * recorded (a closed loop: its busy slots, max_throughput: every entry left), at most the run's
 * in-flight limit and the pattern's max_concurrency. Issued is recorded + in flight and never
 * goes down; a phase stopped early may so count a few entries that were due and never sent.
 */
import { dueCount } from "../plan/due-count.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { PhaseTally, type TalliedFigures } from "./phase-tally.ts";

/** The phase before the first one starts, and after every request is recorded. */
const STARTING = "starting";
const FINISHING = "finishing";

/** A phase's tallied figures (live-metrics/phase-tally) and what the plan says of it. */
export interface PhaseFigures extends TalliedFigures {
  phase: string;
  planned: number;
  issued: number;
  inFlight: number;
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
  issued: number;
  tally: PhaseTally;
}

const NS_PER_S = 1e9;

export class LiveState {
  private readonly phases = new Map<string, PhaseCounters>();
  private readonly workers = new Map<number, WorkerFigures>();
  private current = STARTING;
  private withItl = false;

  /** `phaseNames`: the run's phases in order; `maxInFlight`: the run's in-flight limit (all workers). */
  constructor(
    private readonly phaseNames: readonly string[],
    private readonly maxInFlight: number,
    private readonly nowMs: () => number = () => performance.now(),
  ) {}

  /** A view shows ITL (the dashboard): phases started from now on tally chunk gaps too. */
  tallyItl(): void {
    this.withItl = true;
  }

  /** `startNs`: the phase's start instant on the run's clock (its records' instants are on it too). */
  startPhase(plan: PhasePlan, startNs: number): void {
    this.current = plan.phase;
    this.phases.set(plan.phase, {
      plan,
      startMs: this.nowMs(),
      ended: false,
      issued: 0,
      tally: new PhaseTally(plan, startNs, this.withItl),
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

  /** A result batch of `phase`, as main receives it: the one place the live views are fed. */
  add(phase: string, records: readonly RequestRecord[]): void {
    this.phases.get(phase)?.tally.add(records);
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
    const requests = [...this.phases.values()].map((p) => this.figuresOf(p));
    return {
      phases: [STARTING, ...this.phaseNames, FINISHING],
      current: this.current,
      requests,
      workers: [...this.workers.values()].sort((a, b) => a.worker - b.worker),
    };
  }

  /** One phase's figures now (the progress line reads its own phase only); null before it starts. */
  figures(phase: string): PhaseFigures | null {
    const p = this.phases.get(phase);
    return p ? this.figuresOf(p) : null;
  }

  private figuresOf(p: PhaseCounters): PhaseFigures {
    const tallied = p.tally.read();
    const inFlight = this.inFlight(p, tallied.entries);
    p.issued = Math.max(p.issued, tallied.rows + inFlight);
    return { ...tallied, phase: p.plan.phase, planned: p.plan.sampleIndex.length, issued: p.issued, inFlight };
  }

  private inFlight(p: PhaseCounters, entries: number): number {
    if (p.ended) return 0;
    const { plan } = p;
    const left = Math.max(0, plan.sampleIndex.length - entries);
    const slots = plan.slotOffsetsNs.length;
    let estimate: number;
    if (slots > 0) estimate = Math.min(slots, left);
    else if (plan.pattern.type === "max_throughput") estimate = left;
    else estimate = Math.max(0, dueCount(plan.offsetNs, (this.nowMs() - p.startMs) * 1e6) - entries);
    const cap = plan.maxConcurrency > 0 ? Math.min(plan.maxConcurrency, this.maxInFlight) : this.maxInFlight;
    return Math.min(estimate, cap);
  }
}
