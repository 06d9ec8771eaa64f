/**
 * @module ipc/frame-fields — what every frame between main and a worker must hold, field by field, checked on arrival.
 *
 * msgpackr gives back whatever the other side sent; a frame from an older binary, a truncated
 * one or a bug would otherwise surface as an undefined field deep in the hot path. Each message
 * type lists its fields with their kind, tied to the types of ipc/messages by `satisfies`, so a
 * field added to a message and not here fails the type check. Frames are few (a results frame
 * per 10 ms per worker), so checking every field costs nothing measurable.
 */
import type { ToMain, ToWorker } from "./messages.ts";
import { BATCH_ARRAY_TYPES, BATCH_SPARSE_FIELDS, BATCH_TEXT_FIELDS } from "./record-batch.ts";

type Kind =
  | "string"
  | "number"
  | "boolean"
  | "strings"
  | "numbers"
  | "headers"
  | "bodies"
  | "bodies?"
  | "u32"
  | "f64"
  | "batch"
  | "trajectories?"
  | "keep-text"
  | "sessions?"
  | "u32?";

type FieldsOf<M> = { [K in Exclude<keyof M, "type">]-?: Kind };
type Tables<U extends { type: string }> = { [T in U["type"]]: FieldsOf<Extract<U, { type: T }>> };

export const TO_WORKER_FIELDS = {
  init: {
    workerId: "number",
    t0MonoNs: "string",
    endpointUrls: "strings",
    headers: "headers",
    streaming: "boolean",
    requestTimeoutMs: "number",
    stallTimeoutMs: "number",
    maxResponseBytes: "number",
    retries: "number",
    maxInFlight: "number",
    bodies: "bodies",
    keepResponseText: "boolean",
    insecure: "boolean",
    recordIds: "boolean",
    thinkTags: "boolean",
    poolingApi: "string",
    cpus: "numbers",
    helperCpus: "numbers",
  },
  phase: {
    phase: "string",
    planIndex: "u32",
    sampleIndex: "u32",
    offsetNs: "f64",
    slotOffsetsNs: "f64",
    inFlightCap: "number",
    bodies: "bodies?",
    keepResponseText: "keep-text",
    conversations: "trajectories?",
    sessions: "sessions?",
    bodyIndex: "u32?",
  },
  go: { phase: "string", startNs: "number" },
  stop: { phase: "string", abortInFlight: "boolean" },
  shutdown: {},
} as const satisfies Tables<ToWorker>;

export const TO_MAIN_FIELDS = {
  hello: { workerId: "number" },
  ready: { workerId: "number" },
  "phase-armed": { workerId: "number", phase: "string" },
  results: { workerId: "number", phase: "string", records: "batch" },
  "phase-issued": { workerId: "number", phase: "string" },
  "phase-done": { workerId: "number", phase: "string", sent: "number", unsent: "number" },
  health: { workerId: "number", phase: "string", samples: "f64" },
  fatal: { workerId: "number", message: "string" },
} as const satisfies Tables<ToMain>;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null;

/** (record index, value) pairs whose every index names one of the batch's `count` records. */
function isPairs(pairs: unknown, count: number): boolean {
  if (!(pairs instanceof Float64Array) || pairs.length % 2 !== 0) return false;
  for (let k = 0; k < pairs.length; k += 2) {
    const index = pairs[k] as number;
    if (!(Number.isInteger(index) && index >= 0 && index < count)) return false;
  }
  return true;
}

/** A RecordBatch (ipc/record-batch): its columns, and one entry of the right typed array per typed-array field. */
function isBatch(v: unknown): boolean {
  if (!isObject(v) || typeof v.count !== "number" || !Array.isArray(v.dictionary) || !Array.isArray(v.overflow))
    return false;
  if (!(v.numbers instanceof Float64Array) || !(v.codes instanceof Uint8Array)) return false;
  if (!Array.isArray(v.texts) || v.texts.length !== BATCH_TEXT_FIELDS || !v.texts.every(Array.isArray)) return false;
  if (!Array.isArray(v.sparse) || v.sparse.length !== BATCH_SPARSE_FIELDS) return false;
  if (!v.sparse.every((pairs) => isPairs(pairs, v.count as number))) return false;
  const arrays = v.arrays;
  return (
    Array.isArray(arrays) &&
    arrays.length === BATCH_ARRAY_TYPES.length &&
    arrays.every(
      (a, k) =>
        isObject(a) &&
        a.lengths instanceof Int32Array &&
        a.values instanceof (BATCH_ARRAY_TYPES[k] as typeof Float64Array),
    )
  );
}

function isTrajectories(v: unknown): boolean {
  if (
    !isObject(v) ||
    !(v.starts instanceof Uint32Array) ||
    !(v.systemEnds instanceof Uint32Array) ||
    !(v.ownCounts instanceof Uint32Array)
  )
    return false;
  if (typeof v.turnTimeoutMs !== "number" || typeof v.live !== "boolean") return false;
  if (v.anthropic !== undefined && typeof v.anthropic !== "boolean") return false;
  return [v.ids, v.salts, v.routingHeaders].every((list) => hasKind(list, "strings"));
}

function hasKind(v: unknown, kind: Kind): boolean {
  switch (kind) {
    case "string":
      return typeof v === "string";
    case "number":
      return typeof v === "number";
    case "boolean":
      return typeof v === "boolean";
    case "strings":
      return Array.isArray(v) && v.every((x) => typeof x === "string");
    case "numbers":
      return Array.isArray(v) && v.every((x) => typeof x === "number");
    case "headers":
      return isObject(v) && Object.values(v).every((x) => typeof x === "string");
    case "bodies":
      return isObject(v) && v.utf8 instanceof Uint8Array && v.ends instanceof Uint32Array;
    case "bodies?":
      return v === undefined || hasKind(v, "bodies");
    case "u32":
      return v instanceof Uint32Array;
    case "u32?":
      return v === undefined || v instanceof Uint32Array;
    case "f64":
      return v instanceof Float64Array;
    case "batch":
      return isBatch(v);
    case "trajectories?":
      return v === undefined || isTrajectories(v);
    case "keep-text":
      return typeof v === "boolean" || v === "structured";
    case "sessions?":
      return v === undefined || (isObject(v) && typeof v.header === "string" && hasKind(v.bySample, "strings"));
  }
}

/** The first field of `frame` that is missing or of the wrong kind for its type, or null when it is whole. */
export function badField(frame: Record<string, unknown>, fields: Readonly<Record<string, Kind>>): string | null {
  for (const [name, kind] of Object.entries(fields)) if (!hasKind(frame[name], kind)) return `${name} (${kind})`;
  return null;
}
