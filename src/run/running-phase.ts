/**
 * @module run/running-phase — one phase while it runs: which workers still send or hold its requests, and its drain deadline.
 *
 * A phase ends twice: `issued` once every worker has sent all it will send, `done` once none
 * has a request of it in flight either. From the first of "issued" and a stop, its in-flight
 * requests get the phase's drain timeout (seed: drain.*_timeout_s); then every worker cancels
 * them, and each is recorded as `cancelled`. The session waits for `done` before the next phase,
 * or — for a phase that does not drain (warmup.drain false) — only for `issued`, and leaves the
 * phase running behind the next one until `done`.
 */
import type { WorkerStop } from "../ipc/messages.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import { PhaseLedger } from "./phase-ledger.ts";

interface RunningPhaseSpec {
  /** The phase's plan (its name, and the rows and due times of entries a dead worker lost). */
  plan: Pick<PhasePlan, "phase" | "sampleIndex" | "offsetNs" | "modelIndex">;
  /** When the phase's first request is due, ns since T0. */
  startNs: number;
  /** The workers dealt a share (each reports issued and done, even for an empty share). */
  workers: readonly number[];
  drainTimeoutMs: number;
}

export class RunningPhase {
  readonly name: string;
  readonly startNs: number;
  readonly ledger: PhaseLedger;
  /** A model mix's model of each plan entry (the records' `modelIndex`); undefined for one model. */
  readonly modelIndex: Uint16Array | undefined;
  /** Requests sent (and worker_lost entries), summed over the workers that finished. */
  sent = 0;
  /** The session moved on to the next phase while this one still holds requests. */
  leftBehind = false;
  readonly issued: Promise<void>;
  readonly done: Promise<void>;
  private resolveIssued!: () => void;
  private resolveDone!: () => void;
  private readonly sending: Set<number>;
  private readonly holding: Set<number>;
  private readonly timers: ReturnType<typeof setTimeout>[] = [];
  private readonly drainTimeoutMs: number;
  private drainDeadlineArmed = false;

  constructor(
    spec: RunningPhaseSpec,
    private readonly sendStop: (message: WorkerStop) => void,
  ) {
    this.name = spec.plan.phase;
    this.startNs = spec.startNs;
    this.drainTimeoutMs = spec.drainTimeoutMs;
    this.ledger = new PhaseLedger(spec.plan, spec.startNs);
    this.modelIndex = spec.plan.modelIndex;
    this.sending = new Set(spec.workers);
    this.holding = new Set(spec.workers);
    this.issued = new Promise((resolve) => (this.resolveIssued = resolve));
    this.done = new Promise((resolve) => (this.resolveDone = resolve));
    if (spec.workers.length === 0) this.finishIfIdle();
  }

  /** Stops issuing; in-flight requests get the drain timeout, or with `abortNow` are cancelled at once. */
  stop(abortNow: boolean): void {
    this.sendStop({ type: "stop", phase: this.name, abortInFlight: abortNow });
    if (!abortNow) this.armDrainDeadline();
  }

  /** Stops issuing `ms` from now (settings.runtime.max_duration_ms). */
  stopAfter(ms: number): void {
    this.timers.push(setTimeout(() => this.stop(false), ms));
  }

  /** The worker will send nothing more of this phase. */
  workerIssued(workerId: number): void {
    if (!this.sending.delete(workerId) || this.sending.size > 0) return;
    this.armDrainDeadline();
    this.resolveIssued();
  }

  /** The worker has nothing of this phase in flight any more; `sent` counts its requests (or its lost entries). */
  workerDone(workerId: number, sent: number): void {
    if (!this.holding.has(workerId)) return;
    this.sent += sent;
    this.workerIssued(workerId);
    this.holding.delete(workerId);
    this.finishIfIdle();
  }

  /** Whether the worker may still send or hold requests of this phase. */
  holds(workerId: number): boolean {
    return this.holding.has(workerId);
  }

  /** Clears the phase's timers (call once it is done). */
  dispose(): void {
    for (const timer of this.timers) clearTimeout(timer);
  }

  private armDrainDeadline(): void {
    if (this.drainDeadlineArmed) return;
    this.drainDeadlineArmed = true;
    this.timers.push(
      setTimeout(() => this.sendStop({ type: "stop", phase: this.name, abortInFlight: true }), this.drainTimeoutMs),
    );
  }

  private finishIfIdle(): void {
    if (this.holding.size > 0) return;
    this.resolveIssued();
    this.resolveDone();
  }
}
