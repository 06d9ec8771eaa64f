/**
 * @module run/session — runs the phases of a benchmark on a worker pool and records every result.
 *
 * The session picks T0 on the host-monotonic clock, deals each phase's plan to the workers
 * ahead of a shared start instant, writes result batches to events.db as they arrive, and ends
 * a phase when every worker reported it done. Stopping (Ctrl-C, SIGTERM, run timeout) stops
 * issuing at once, lets in-flight requests finish within the drain timeout, then cancels them.
 */
import { createRunClock, hostMonotonicNs, type RunClock } from "../clock/mono-clock.ts";
import type { ToMain, WorkerInit } from "../ipc/messages.ts";
import { fromTuple } from "../ipc/record-tuple.ts";
import { dealPlan } from "../plan/deal-plan.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { EventsDb } from "../record/events-db.ts";
import type { RequestRecord } from "../record/request-record.ts";
import { PhaseLedger } from "./phase-ledger.ts";
import { workerEnv } from "./worker-env.ts";
import { WorkerPool } from "./worker-pool.ts";

/** Lead time between dealing a phase and its start, so every worker holds its share at T. */
const START_LEAD_NS = 20_000_000;

export type SessionState = "complete" | "interrupted" | "failed";

export interface SessionPhase {
  plan: PhasePlan;
  kind: "warmup" | "performance" | "accuracy";
  /** Wait this long for in-flight requests after a stop before cancelling them. */
  drainTimeoutMs: number;
  /** Stop issuing this long after the phase start (settings.runtime.max_duration_ms); 0 = no cap. */
  maxDurationMs: number;
  /** This phase's request bodies, indexed by the plan's sample index (default: the worker's table). */
  bodies?: string[];
  /** Keep response text for this phase (accuracy scoring). */
  keepResponseText?: boolean;
}

export interface SessionSpec {
  workers: number;
  maxInFlightPerWorker: number;
  worker: Omit<WorkerInit, "type" | "workerId" | "t0MonoNs" | "maxInFlight" | "cpus">;
  /** CPUs for each worker (empty: not pinned). */
  cpusFor: (workerId: number) => number[];
  phases: SessionPhase[];
  db: EventsDb;
  onPhaseStart?: (plan: PhasePlan) => void;
  onRecords?: (phase: string, records: readonly RequestRecord[]) => void;
  log: (line: string) => void;
}

export interface PhaseOutcome {
  name: string;
  kind: string;
  startNs: number;
  endNs: number;
  planned: number;
  sent: number;
}

export interface SessionResult {
  state: SessionState;
  stopReason: string | null;
  t0EpochMs: number;
  phases: PhaseOutcome[];
}

interface RunningPhase {
  name: string;
  drainTimeoutMs: number;
  remaining: Set<number>;
  sent: number;
  stopped: boolean;
  timers: ReturnType<typeof setTimeout>[];
  ledger: PhaseLedger;
  done: () => void;
}

/** A dead worker's last result frames may still be in its socket: wait this long before declaring its requests lost. */
const LOST_GRACE_MS = 250;

export class Session {
  private pool: WorkerPool | null = null;
  private clock: RunClock | null = null;
  private stopReason: string | null = null;
  private current: RunningPhase | null = null;
  private readonly deadWorkers = new Set<number>();

  constructor(private readonly spec: SessionSpec) {}

  /** Stops the run: no more phases; the current one stops issuing and drains (or is cancelled now). */
  requestStop(reason: string, abortNow = false): void {
    if (this.stopReason === null) this.stopReason = reason;
    this.stopCurrentPhase(abortNow);
  }

  async run(): Promise<SessionResult> {
    const t0MonoNs = hostMonotonicNs();
    const t0EpochMs = Date.now();
    this.clock = createRunClock(t0MonoNs);
    const { spec } = this;
    spec.db.setMeta("t0_epoch_ms", String(t0EpochMs));
    this.pool = await WorkerPool.start(
      spec.workers,
      (workerId) => ({ ...spec.worker, t0MonoNs: String(t0MonoNs), maxInFlight: spec.maxInFlightPerWorker, cpus: spec.cpusFor(workerId) }),
      { onMessage: (m) => this.onMessage(m), onWorkerExit: (id, code) => this.onWorkerExit(id, code) },
      workerEnv(spec.maxInFlightPerWorker, process.env),
    );
    const phases: PhaseOutcome[] = [];
    try {
      for (const phase of spec.phases) {
        if (this.stopReason !== null || this.aliveWorkers().length === 0) break;
        phases.push(await this.runPhase(phase));
      }
    } finally {
      await this.pool.shutdown();
    }
    const state: SessionState = this.aliveWorkers().length === 0 ? "failed" : this.stopReason !== null ? "interrupted" : "complete";
    return { state, stopReason: this.stopReason, t0EpochMs, phases };
  }

  private aliveWorkers(): number[] {
    return Array.from({ length: this.spec.workers }, (_, id) => id).filter((id) => !this.deadWorkers.has(id));
  }

  /** The current phase stops issuing; in-flight requests get the drain timeout, then are cancelled. */
  private stopCurrentPhase(abortNow: boolean): void {
    const phase = this.current;
    if (!phase || !this.pool) return;
    this.pool.broadcast({ type: "stop", phase: phase.name, abortInFlight: abortNow });
    if (abortNow || phase.stopped) return;
    phase.stopped = true;
    phase.timers.push(setTimeout(() => this.pool?.broadcast({ type: "stop", phase: phase.name, abortInFlight: true }), phase.drainTimeoutMs));
  }

  private async runPhase(phase: SessionPhase): Promise<PhaseOutcome> {
    const { plan } = phase;
    const clock = this.clock as RunClock;
    const startNs = clock.now() + START_LEAD_NS;
    const receivers = this.aliveWorkers();
    this.spec.db.startPhase(plan.phase, phase.kind, startNs, plan.sampleIndex.length);
    this.spec.onPhaseStart?.(plan);
    const ledger = new PhaseLedger(plan, startNs);
    const running: RunningPhase = { name: plan.phase, drainTimeoutMs: phase.drainTimeoutMs, remaining: new Set(receivers), sent: 0, stopped: false, timers: [], ledger, done: () => {} };
    const finished = new Promise<void>((resolve) => (running.done = resolve));
    this.current = running;
    if (phase.maxDurationMs > 0) {
      running.timers.push(setTimeout(() => this.stopCurrentPhase(false), phase.maxDurationMs + START_LEAD_NS / 1e6));
    }
    this.dealPhase(phase, receivers, startNs, ledger);
    if (this.stopReason !== null) this.stopCurrentPhase(false);
    await finished;
    for (const timer of running.timers) clearTimeout(timer);
    this.current = null;
    const endNs = clock.now();
    const state = this.stopReason === null ? "complete" : "interrupted";
    this.spec.db.endPhase(plan.phase, endNs, running.sent, state);
    return { name: plan.phase, kind: phase.kind, startNs, endNs, planned: plan.sampleIndex.length, sent: running.sent };
  }

  /**
   * Sends each receiver its share of the plan. Its own method so that the shares (copies of the
   * plan: 20 MB per million requests) are garbage once sent, not kept alive by runPhase's frame
   * for the whole phase; the ledger keeps only each worker's plan indices.
   */
  private dealPhase(phase: SessionPhase, receivers: number[], startNs: number, ledger: PhaseLedger): void {
    const { plan } = phase;
    const pool = this.pool as WorkerPool;
    dealPlan(plan, receivers.length).forEach((share, i) => {
      const workerId = receivers[i] as number;
      ledger.assign(workerId, share.planIndex);
      pool.send(workerId, {
        type: "phase", phase: plan.phase, planIndex: share.planIndex, sampleIndex: share.sampleIndex,
        scheduledNs: share.offsetNs.map((offset) => offset + startNs),
        slotStartNs: share.slotOffsetsNs.map((offset) => offset + startNs),
        inFlightCap: share.inFlightCap, startNs,
        ...(phase.bodies ? { bodies: phase.bodies } : {}),
        keepResponseText: phase.keepResponseText === true,
      });
    });
  }

  private onMessage(message: ToMain): void {
    switch (message.type) {
      case "results": {
        const ledger = this.current?.name === message.phase ? this.current.ledger : null;
        const records = message.records
          .map((t) => fromTuple(t, message.phase, message.workerId))
          .filter((r) => !ledger || ledger.markRecorded(r.planIndex));
        this.spec.db.addRecords(records);
        this.spec.onRecords?.(message.phase, records);
        break;
      }
      case "phase-done":
        if (this.current?.name === message.phase) {
          this.current.sent += message.sent;
          this.markWorkerDone(message.workerId);
        }
        break;
      case "fatal":
        this.spec.log(`error: worker ${message.workerId}: ${message.message}`);
        break;
      default:
        break;
    }
  }

  private onWorkerExit(workerId: number, exitCode: number | null): void {
    this.deadWorkers.add(workerId);
    const phase = this.current;
    const left = this.spec.workers - this.deadWorkers.size;
    this.spec.log(`error: worker ${workerId} exited unexpectedly (${exitCode === null ? "killed" : `code ${exitCode}`}); its unfinished requests are recorded as worker_lost; ${left} worker(s) left`);
    if (!phase) return;
    setTimeout(() => {
      const reason = `worker ${workerId} exited before this request finished`;
      const lost = phase.ledger.takeLost(workerId, this.spec.worker.endpointUrls.length, (this.clock as RunClock).now(), reason);
      this.spec.db.addRecords(lost);
      this.spec.onRecords?.(phase.name, lost);
      phase.sent += lost.length;
      this.markWorkerDone(workerId);
    }, LOST_GRACE_MS);
  }

  private markWorkerDone(workerId: number): void {
    const phase = this.current;
    if (!phase) return;
    phase.remaining.delete(workerId);
    if (phase.remaining.size === 0) phase.done();
  }
}
