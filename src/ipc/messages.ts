/**
 * @module ipc/messages — the one typed protocol between the main process and its workers.
 *
 * Main → worker: init (once), phase (a share of a plan, times relative to its start), go (the
 * start instant, once every worker is armed), stop, shutdown.
 * Worker → main: hello (on connect), ready (after init), phase-armed (holds its share), results
 * (batched records), phase-issued (nothing more of the phase will be sent), phase-done (and
 * nothing is in flight), fatal.
 * Every frame is checked on arrival, field by field (`parseToWorker` / `parseToMain`, with the
 * tables of ipc/frame-fields), so a corrupt frame is an error naming the field, never an
 * undefined field deep in the hot path.
 */
import type { KeepText } from "../client/structured-output.ts";
import type { TrajectoryTable } from "../plan/conversation-plan.ts";
import type { SessionHeaders } from "../plan/phase-plan.ts";
import type { BodyTable } from "./body-table.ts";
import { badField, TO_MAIN_FIELDS, TO_WORKER_FIELDS } from "./frame-fields.ts";
import type { RecordBatch } from "./record-batch.ts";

export interface WorkerInit {
  type: "init";
  workerId: number;
  /** T0 of the run, host-monotonic ns, as a decimal string (bigint does not survive every path). */
  t0MonoNs: string;
  /** Full request URLs, one per endpoint (base + route). */
  endpointUrls: string[];
  /** Extra request headers (Authorization included; never logged). */
  headers: Record<string, string>;
  streaming: boolean;
  /** Per-request timeout in ms; 0 = none. */
  requestTimeoutMs: number;
  /** A started stream with no bytes for this long is cut (stalled_stream); 0 = never. */
  stallTimeoutMs: number;
  /** Largest response body taken, in bytes (too_large beyond); 0 = no limit. */
  maxResponseBytes: number;
  /** Retries per plan entry after failures worth retrying (--retries); 0 = off. */
  retries: number;
  /** Most requests this worker may have in flight (its share of the connections). */
  maxInFlight: number;
  /** Request bodies (JSON text), indexed by dataset row. */
  bodies: BodyTable;
  /** Keep response text in records (accuracy scoring). */
  keepResponseText: boolean;
  /** TLS verification off (--insecure). */
  insecure: boolean;
  /** Keep response ids and x-request-id (--record-ids). */
  recordIds: boolean;
  /** Content between `<think>` and `</think>` is reasoning (--think-tags, client/think-tags). */
  thinkTags: boolean;
  /** The embeddings or rerank API type whose whole bodies are read as such (client/pooling-response); "" for the others. */
  poolingApi: string;
  /** CPUs to pin this worker's threads to; empty = no pinning. */
  cpus: number[];
  /** CPUs for the runtime's helper threads (JIT, GC, allocator), off the sending core; empty = leave them. */
  helperCpus: number[];
}

/** A share of a phase, sent ahead of its start: the worker prepares it and answers `phase-armed`. */
export interface WorkerPhase {
  type: "phase";
  phase: string;
  /** Position of each entry in the phase's plan. */
  planIndex: Uint32Array;
  sampleIndex: Uint32Array;
  /** When each entry is due, ns after the phase start (closed loop: zeros). */
  offsetNs: Float64Array;
  /** Closed loop: when each of this worker's slots first opens, ns after the phase start. Empty = open loop. */
  slotOffsetsNs: Float64Array;
  /** Open loop: ceiling on this worker's requests in flight (besides maxInFlight); 0 = none. */
  inFlightCap: number;
  /** Request bodies of this phase by sample index (accuracy datasets, salted warmup); absent = init.bodies. */
  bodies?: BodyTable;
  /** Keep response text in this phase's records (accuracy scoring); "structured": as its parts (client/structured-output). */
  keepResponseText: KeepText;
  /** A conversation phase: this worker's whole trajectories (plan/conversation-plan); absent for every other phase. */
  conversations?: TrajectoryTable;
  /** A header naming each row's session (trace replay); absent = none. */
  sessions?: SessionHeaders;
  /** A model mix: each entry's body (a row's body for its model); absent = the sample's body. */
  bodyIndex?: Uint32Array;
}

/** Starts an armed phase: its entries are due at startNs + offset. */
export interface WorkerGo {
  type: "go";
  phase: string;
  /** Phase start, ns since T0. */
  startNs: number;
}

export interface WorkerStop {
  type: "stop";
  phase: string;
  /** true: abort in-flight requests now (recorded as cancelled); false: stop issuing, let them finish. */
  abortInFlight: boolean;
}

interface WorkerShutdown {
  type: "shutdown";
}

export type ToWorker = WorkerInit | WorkerPhase | WorkerGo | WorkerStop | WorkerShutdown;

interface WorkerHello {
  type: "hello";
  workerId: number;
}

interface WorkerReady {
  type: "ready";
  workerId: number;
}

/** The worker holds its share of the phase and can start it on `go`. */
interface WorkerPhaseArmed {
  type: "phase-armed";
  workerId: number;
  phase: string;
}

interface WorkerResults {
  type: "results";
  workerId: number;
  phase: string;
  records: RecordBatch;
}

interface WorkerPhaseIssued {
  type: "phase-issued";
  workerId: number;
  phase: string;
}

interface WorkerPhaseDone {
  type: "phase-done";
  workerId: number;
  phase: string;
  sent: number;
  /** Entries of the plan never sent (stopped early). */
  unsent: number;
}

/** Loop-health samples (worker/loop-health): flattened (end of window ns, worst timer lateness ns, CPU fraction) triples. */
interface WorkerHealth {
  type: "health";
  workerId: number;
  phase: string;
  samples: Float64Array;
}

interface WorkerFatal {
  type: "fatal";
  workerId: number;
  message: string;
}

export type ToMain =
  | WorkerHello
  | WorkerReady
  | WorkerPhaseArmed
  | WorkerResults
  | WorkerPhaseIssued
  | WorkerPhaseDone
  | WorkerHealth
  | WorkerFatal;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** A frame whose type is known and whose every field has its kind (ipc/frame-fields), or an Error naming what is wrong. */
function checked<T>(
  value: unknown,
  tables: Readonly<Record<string, Readonly<Record<string, string>>>>,
  from: string,
): T {
  if (!isObject(value) || typeof value.type !== "string" || !Object.hasOwn(tables, value.type)) {
    throw new Error(`invalid frame from ${from}: ${JSON.stringify(value)?.slice(0, 80)}`);
  }
  const bad = badField(value, tables[value.type] as Parameters<typeof badField>[1]);
  if (bad !== null)
    throw new Error(`invalid ${value.type} frame from ${from}: field ${bad} missing or of another kind`);
  return value as T;
}

export function parseToWorker(value: unknown): ToWorker {
  return checked<ToWorker>(value, TO_WORKER_FIELDS, "main");
}

export function parseToMain(value: unknown): ToMain {
  return checked<ToMain>(value, TO_MAIN_FIELDS, "worker");
}
