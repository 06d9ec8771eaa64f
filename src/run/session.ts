/**
 * @module run/session — runs the phases of a benchmark on a worker pool and records every result.
 *
 * The session picks T0 on the host-monotonic clock, deals each phase's plan to the workers
 * ahead of a shared start instant, writes result batches to events.db as they arrive, and
 * starts the next phase once every worker reported the current one done. A phase that does not
 * drain (warmup with warmup.drain false, as upstream) is followed as soon as every worker has
 * issued its share: its last requests stay in flight beside the next phase, and the run waits
 * for them before it ends, so every request sent has its row. A phase's in-flight requests get
 * its drain timeout from the moment it issued its last request (see run/running-phase).
 * Stopping (Ctrl-C, SIGTERM, run timeout) stops issuing at once, lets the current phase's
 * in-flight requests finish within the drain timeout, then cancels them; a phase already left
 * behind is cancelled at once (it is not measured, and it was not worth waiting for anyway).
 */
import { createRunClock, hostMonotonicNs, type RunClock } from "../clock/mono-clock.ts";
import { epochNowNs, waitForStartAt } from "./start-at.ts";
import { packBodies } from "../ipc/body-table.ts";
import type { ToMain } from "../ipc/messages.ts";
import { readRecordBatch } from "../ipc/record-batch.ts";
import { dealPlan, type PlanShare } from "../plan/deal-plan.ts";
import { ArmingRound } from "./arming-round.ts";
import { RunningPhase } from "./running-phase.ts";
import type { PhaseOutcome, SessionPhase, SessionResult, SessionSpec, SessionState } from "./session-contract.ts";

export type { PhaseOutcome, SessionPhase, SessionResult, SessionSpec, SessionState } from "./session-contract.ts";
import type { WorkerPool } from "./worker-pool.ts";

/** Lead time between `go` and the phase start: every worker already holds its share, so only the go frame must arrive. */
const START_LEAD_NS = 2_000_000;

/** A dead worker's last result frames may still be in its socket: wait this long before declaring its requests lost. */
const LOST_GRACE_MS = 250;

export class Session {
  private pool: WorkerPool | null = null;
  private clock: RunClock | null = null;
  private stopReason: string | null = null;
  /** A stop asked its in-flight requests to be cut (a run timeout, an error): a phase started after it is cut too. */
  private abortOnStart = false;
  /** Phases with requests still to send or in flight: the current one, and any left behind it. */
  private readonly live = new Map<string, RunningPhase>();
  /** The phase being dealt, until every receiver holds its share. */
  private arming: ArmingRound | null = null;
  private readonly deadWorkers = new Set<number>();
  /** Wall-clock ns at T0, for `--start-at`. */
  private t0EpochNs = 0n;
  private firstPhaseStarted = false;

  constructor(private readonly spec: SessionSpec) {}

  /** Stops the run: no more phases; the current one stops issuing and drains (or is cancelled now); one left behind is cancelled now. */
  requestStop(reason: string, abortNow = false): void {
    if (this.stopReason === null) this.stopReason = reason;
    // Kept for a phase that starts after the stop (one being armed, or waiting for --start-at).
    if (abortNow) this.abortOnStart = true;
    for (const phase of this.live.values()) phase.stop(abortNow || phase.leftBehind);
  }

  /** Stops one phase's issuing (its in-flight requests finish); the phases after it still run. */
  stopIssuing(phase: string): void {
    this.live.get(phase)?.stop(false);
  }

  async run(): Promise<SessionResult> {
    const t0MonoNs = hostMonotonicNs();
    this.t0EpochNs = epochNowNs();
    const t0EpochMs = Date.now();
    this.clock = createRunClock(t0MonoNs);
    const { spec } = this;
    spec.onClock?.(this.clock);
    spec.db.setMeta("t0_epoch_ms", String(t0EpochMs));
    spec.db.setMeta("t0_epoch_ns", String(this.t0EpochNs));
    this.pool = spec.pool;
    const outcomes: Promise<PhaseOutcome>[] = [];
    let phases: PhaseOutcome[];
    try {
      const bodies = packBodies(spec.worker.bodies);
      await this.pool.initialize(
        (workerId) => ({
          ...spec.worker,
          bodies,
          t0MonoNs: String(t0MonoNs),
          maxInFlight: spec.maxInFlightPerWorker,
          cpus: spec.cpusFor(workerId),
        }),
        {
          onMessage: (m) => this.onMessage(m),
          onWorkerExit: (id, code) => this.onWorkerExit(id, code),
          onError: (message) => this.onPoolError(message),
        },
        spec.workerStartupTimeoutMs,
      );
      for (const phase of spec.phases) {
        if (this.stopReason !== null || this.aliveWorkers().length === 0) break;
        const running = await this.startPhase(phase);
        const outcome = running.done.then(async () => {
          const ended = this.endPhase(running, phase);
          await spec.afterPhaseEnd?.(phase);
          return ended;
        });
        outcomes.push(outcome);
        if (phase.startNextWhenIssued) {
          await running.issued;
          // Stopped while issuing: no phase follows, so it drains like any other.
          running.leftBehind = this.stopReason === null;
        } else {
          await outcome;
        }
      }
      phases = await Promise.all(outcomes);
    } finally {
      await this.pool.shutdown();
    }
    const state: SessionState =
      this.aliveWorkers().length === 0 ? "failed" : this.stopReason !== null ? "interrupted" : "complete";
    return { state, stopReason: this.stopReason, t0EpochMs, phases };
  }

  private aliveWorkers(): number[] {
    return Array.from({ length: this.spec.workers }, (_, id) => id).filter((id) => !this.deadWorkers.has(id));
  }

  /**
   * Deals the phase to the live workers and waits until each holds its share (a worker that
   * dies meanwhile: deal again among the rest); then starts it at an instant just ahead, which
   * is the phase's start_ns in `phases`.
   */
  private async startPhase(phase: SessionPhase): Promise<RunningPhase> {
    const { plan } = phase;
    const pool = this.pool as WorkerPool;
    let receivers: number[];
    let shares: PlanShare[];
    const bodies = phase.bodies ? packBodies(phase.bodies) : null;
    do {
      receivers = this.aliveWorkers();
      shares = receivers.length > 0 ? dealPlan(plan, receivers.length) : [];
      this.arming = new ArmingRound(plan.phase, receivers);
      shares.forEach((share, i) =>
        pool.send(receivers[i] as number, {
          type: "phase",
          phase: plan.phase,
          planIndex: share.planIndex,
          sampleIndex: share.sampleIndex,
          offsetNs: share.offsetNs,
          slotOffsetsNs: share.slotOffsetsNs,
          inFlightCap: share.inFlightCap,
          ...(bodies ? { bodies } : {}),
          ...(share.conversations ? { conversations: share.conversations } : {}),
          ...(plan.sessions ? { sessions: plan.sessions } : {}),
          ...(share.bodyIndex ? { bodyIndex: share.bodyIndex } : {}),
          keepResponseText: phase.keepResponseText ?? false,
        }),
      );
      const allArmed = await this.arming.settled;
      this.arming = null;
      if (allArmed) break;
    } while (receivers.length > 0);
    await this.spec.beforePhaseGo?.(phase);
    const startNs = await this.startInstant();
    this.spec.db.startPhase(plan.phase, phase.kind, startNs, plan.sampleIndex.length);
    this.spec.onPhaseStart?.(plan, startNs);
    const running = new RunningPhase(
      { plan, startNs, workers: receivers, drainTimeoutMs: phase.drainTimeoutMs },
      (stop) => pool.broadcast(stop),
    );
    this.live.set(plan.phase, running);
    void running.issued.then(() => this.spec.onPhaseIssued?.(plan.phase));
    if (phase.maxDurationMs > 0) running.stopAfter(phase.maxDurationMs + START_LEAD_NS / 1e6);
    shares.forEach((share, i) => {
      running.ledger.assign(receivers[i] as number, share.planIndex);
      pool.send(receivers[i] as number, { type: "go", phase: plan.phase, startNs });
    });
    if (this.stopReason !== null) running.stop(this.abortOnStart);
    return running;
  }

  /** Just ahead of now; for the first phase of a `--start-at` run, the shared instant (run/start-at). */
  private async startInstant(): Promise<number> {
    const clock = this.clock as RunClock;
    const first = !this.firstPhaseStarted;
    this.firstPhaseStarted = true;
    const at = this.spec.startAtEpochNs;
    if (!first || at === undefined || at === null) return clock.now() + START_LEAD_NS;
    const waited = await waitForStartAt(at, this.t0EpochNs, clock.now, START_LEAD_NS, this.spec.log);
    this.spec.db.setMeta("start_wait_ms", waited === null ? "-1" : waited.waitMs.toFixed(3));
    return waited?.startNs ?? clock.now() + START_LEAD_NS;
  }

  private endPhase(running: RunningPhase, phase: SessionPhase): PhaseOutcome {
    running.dispose();
    this.live.delete(running.name);
    const endNs = (this.clock as RunClock).now();
    const state = this.stopReason === null ? "complete" : "interrupted";
    this.spec.db.endPhase(running.name, endNs, running.sent, state);
    return {
      name: running.name,
      kind: phase.kind,
      startNs: running.startNs,
      endNs,
      planned: phase.plan.sampleIndex.length,
      sent: running.sent,
    };
  }

  private onMessage(message: ToMain): void {
    switch (message.type) {
      case "results": {
        const running = this.live.get(message.phase);
        const ledger = running?.ledger;
        const records = readRecordBatch(message.records, message.phase, message.workerId).filter(
          (r) => !ledger || ledger.markRecorded(r.planIndex),
        );
        // A mix's model is the plan's (record/request-fields `plan` wire): set here, so no worker sends it.
        const models = running?.modelIndex;
        if (models) for (const r of records) r.modelIndex = models[r.planIndex] ?? 0;
        this.spec.db.addRecords(records);
        this.spec.onRecords?.(message.phase, records);
        break;
      }
      case "phase-armed":
        this.arming?.armed(message.workerId, message.phase);
        break;
      case "phase-issued":
        this.live.get(message.phase)?.workerIssued(message.workerId);
        break;
      case "phase-done":
        this.live.get(message.phase)?.workerDone(message.workerId, message.sent);
        break;
      case "health":
        this.spec.db.addWorkerHealth(message.phase, message.workerId, message.samples);
        this.spec.onHealth?.(message.workerId, message.samples);
        break;
      case "fatal":
        this.spec.log(`error: worker ${message.workerId}: ${message.message}`);
        break;
      default:
        break;
    }
  }

  /** Main could not handle a worker's frame (e.g. events.db refused a write): what is recorded so far is kept, the run stops now. */
  private onPoolError(message: string): void {
    if (this.stopReason === null) this.spec.log(`error: ${message}; stopping the run`);
    this.requestStop("error", true);
  }

  private onWorkerExit(workerId: number, exitCode: number | null): void {
    this.deadWorkers.add(workerId);
    this.arming?.died(workerId);
    const left = this.spec.workers - this.deadWorkers.size;
    this.spec.log(
      `error: worker ${workerId} exited unexpectedly ` +
        `(${exitCode === null ? "killed" : `code ${exitCode}`}); its unfinished requests are ` +
        `recorded as worker_lost; ${left} worker(s) left`,
    );
    const phases = [...this.live.values()].filter((phase) => phase.holds(workerId));
    if (phases.length === 0) return;
    setTimeout(() => {
      const reason = `worker ${workerId} exited before this request finished`;
      for (const phase of phases) {
        if (!phase.holds(workerId)) continue; // its last frames arrived meanwhile: nothing lost
        const lost = phase.ledger.takeLost(
          workerId,
          this.spec.worker.endpointUrls.length,
          (this.clock as RunClock).now(),
          reason,
        );
        this.spec.db.addRecords(lost);
        this.spec.onRecords?.(phase.name, lost);
        phase.workerDone(workerId, lost.length);
      }
    }, LOST_GRACE_MS);
  }
}
