/**
 * @module record/no-response-record — the record of a request nothing answered, written out from record/request-fields.
 *
 * Who the request was (phase, plan index, row, worker, endpoint, scheduled instant), when it was
 * sent and ended, why it failed and which attempt it was come from the caller; every other
 * measured field takes its `unanswered` value from the declaration (null, 0 for a NOT NULL
 * integer, NaN for an unknown instant). The send path starts every attempt from it
 * (client/send-attempt), main records a dead worker's requests with it (run/phase-ledger) and a
 * conversation its aborted turns (worker/conversation-runner): a field added to the declaration
 * reaches all three. The constructor is one object literal generated once from the declaration,
 * as ipc/record-batch-code writes its loops: it costs what a hand-written literal costs, and
 * every record it makes has the same shape (`releasedNs` included, so read-stream's later write
 * does not change it).
 */
import type { ErrorKind } from "./error-kinds.ts";
import { FIELD_LIST, type FieldName, type FieldSpec } from "./request-field-lists.ts";
import type { RequestRecord } from "./request-record.ts";

/** The fields that say which planned request a record is about. */
export type RecordIdentity = Pick<
  RequestRecord,
  "phase" | "planIndex" | "sampleIndex" | "workerId" | "endpointIndex" | "scheduledNs"
>;

const IDENTITY: readonly FieldName[] = [
  "phase",
  "planIndex",
  "sampleIndex",
  "workerId",
  "endpointIndex",
  "scheduledNs",
];
/** The constructor's other arguments, in its parameter order. */
const GIVEN: readonly FieldName[] = ["sentNs", "doneNs", "errorKind", "errorMessage", "attempt"];

/** The field's value when nothing answered, as source text; throws for a NOT NULL column the rule cannot fill. */
function unansweredSource(f: FieldSpec & { name: FieldName }): string {
  const value =
    f.unanswered !== undefined
      ? f.unanswered
      : f.wire === "nan"
        ? Number.NaN
        : /^INTEGER NOT NULL/.test(f.sql)
          ? 0
          : null;
  if (value === null && /NOT NULL/.test(f.sql))
    throw new Error(`request field ${f.name} (${f.sql}) needs an unanswered value`);
  return typeof value === "number" && Number.isNaN(value) ? "Number.NaN" : JSON.stringify(value);
}

/** A producer fills the measured fields without a fallback; the after-run and optional ones stay out (as a hand-written literal leaves them). */
const FILLED = FIELD_LIST.filter((f) => f.wire !== "after-run" && f.fallback === undefined);
for (const name of [...IDENTITY, ...GIVEN])
  if (!FILLED.some((f) => f.name === name)) throw new Error(`no-response-record: ${name} is not a measured field`);

const properties = FILLED.map((f) => {
  if (IDENTITY.includes(f.name)) return `${f.name}: who.${f.name}`;
  if (GIVEN.includes(f.name)) return `${f.name}: ${f.name}`;
  return `${f.name}: ${unansweredSource(f)}`;
});

type NoResponseRecord = (
  who: RecordIdentity,
  sentNs: number,
  doneNs: number,
  errorKind: ErrorKind | null,
  errorMessage: string | null,
  attempt: number,
) => RequestRecord;

/** A record of `who` with no response: sent at `sentNs` (NaN: never known), ended at `doneNs`, failed as `errorKind` (null: not yet). */
export const noResponseRecord = new Function(
  "who",
  ...GIVEN,
  `return { ${[...properties, "releasedNs: undefined"].join(", ")} };`,
) as NoResponseRecord;
