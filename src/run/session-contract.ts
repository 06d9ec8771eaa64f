/**
 * @module run/session-contract — what a Session is given (its spec and phases) and what it returns (each phase's outcome, the run's state).
 */
import type { RunClock } from "../clock/mono-clock.ts";
import type { KeepText } from "../client/structured-output.ts";
import type { WorkerInit } from "../ipc/messages.ts";
import type { PhasePlan } from "../plan/phase-plan.ts";
import type { EventsDb } from "../record/events-db.ts";
import type { RequestRecord } from "../record/request-record.ts";
import type { WorkerPool } from "./worker-pool.ts";

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
  /** Keep response text for this phase (accuracy scoring); "structured": its parts (conversation scoring). */
  keepResponseText?: KeepText;
  /**
   * Start the next phase as soon as this one has issued every request, not once they all finished
   * (warmup.drain false); its late requests are still recorded as this phase's, within its drain timeout.
   */
  startNextWhenIssued?: boolean;
}

export interface SessionSpec {
  /** Spawned by the caller (see `spawnWorkers`) so that they boot while the run is prepared. */
  pool: WorkerPool;
  workers: number;
  maxInFlightPerWorker: number;
  worker: Omit<WorkerInit, "type" | "workerId" | "t0MonoNs" | "maxInFlight" | "cpus" | "bodies"> & {
    bodies: readonly string[];
  };
  /** CPUs for each worker (empty: not pinned). */
  cpusFor: (workerId: number) => number[];
  phases: SessionPhase[];
  /** How long the workers may take to start (settings.client.worker_initialization_timeout). */
  workerStartupTimeoutMs: number;
  /** `--start-at` (run/start-at): the first phase starts at this wall-clock instant, epoch ns. */
  startAtEpochNs?: bigint | null;
  db: EventsDb;
  /** A phase was dealt and starts at `startNs` (ns since T0, the records' clock). */
  onPhaseStart?: (plan: PhasePlan, startNs: number) => void;
  /** Every worker has sent all it will send of the phase (the last send, or a stop): what is in flight drains (run/running-phase). */
  onPhaseIssued?: (phase: string) => void;
  /** Called with the run's clock once T0 is chosen (the server-metrics scraper stamps with it). */
  onClock?: (clock: RunClock) => void;
  /** Awaited once every worker holds its share and before the start instant is chosen (profiler triggers, a baseline scrape). */
  beforePhaseGo?: (phase: SessionPhase) => Promise<void>;
  /** Awaited once a phase has ended (its end_ns is stored) and before the next is dealt (a closing scrape). */
  afterPhaseEnd?: (phase: SessionPhase) => Promise<void>;
  onRecords?: (phase: string, records: readonly RequestRecord[]) => void;
  /** A worker's loop-health samples (worker/loop-health), as they arrive (the live page shows the latest). */
  onHealth?: (workerId: number, samples: Float64Array) => void;
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
