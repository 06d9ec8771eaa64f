/**
 * @module scripts/record-code/no-response-source — the source of src/record/no-response-record.ts: the record of a
 * request nothing answered, one object literal with a property per measured field.
 *
 * Who the request was and when it was sent and ended come from the caller; every other measured field takes its
 * `unanswered` value from the declaration (null, 0 for a NOT NULL integer, NaN for an unknown instant). A NOT NULL
 * field the rule cannot fill stops the generation, naming it.
 */
import { FIELD_LIST, type FieldName, type FieldSpec } from "../../src/record/request-field-lists.ts";
import { generatedHeader } from "./code-text.ts";

/** The fields that say which planned request a record is about. */
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

/** The field's value when nothing answered, as source text. */
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

/** The text of src/record/no-response-record.ts. */
export function noResponseRecordText(): string {
  // A producer fills the measured fields without a fallback; the after-run and optional ones stay out, as a
  // hand-written literal leaves them.
  const filled = FIELD_LIST.filter((f) => f.wire !== "after-run" && f.fallback === undefined);
  for (const name of [...IDENTITY, ...GIVEN])
    if (!filled.some((f) => f.name === name)) throw new Error(`no-response-record: ${name} is not a measured field`);
  const property = (f: (typeof filled)[number]) =>
    IDENTITY.includes(f.name)
      ? `${f.name}: who.${f.name}`
      : GIVEN.includes(f.name)
        ? f.name
        : `${f.name}: ${unansweredSource(f)}`;
  return [
    ...generatedHeader(
      "record/no-response-record",
      "the record of a request nothing answered, a property per measured field",
      "scripts/record-code/no-response-source",
    ),
    "",
    "// The send path starts every attempt from it (client/send-attempt), main records a dead worker's requests with it",
    "// (run/phase-ledger) and a conversation its aborted turns (worker/conversation-runner): a field added to the",
    "// declaration reaches all three. Every record it makes has the same shape (`releasedNs` included, so read-stream's",
    "// later write does not change it).",
    'import type { ErrorKind } from "./error-kinds.ts";',
    'import type { RequestRecord } from "./request-record.ts";',
    "",
    "/** The fields that say which planned request a record is about. */",
    "export type RecordIdentity = Pick<",
    "  RequestRecord,",
    `  ${IDENTITY.map((n) => `"${n}"`).join(" | ")}`,
    ">;",
    "",
    "/** A record of `who` with no response: sent at `sentNs` (NaN: never known), ended at `doneNs`, failed as `errorKind` (null: not yet). */",
    "export function noResponseRecord(",
    "  who: RecordIdentity,",
    "  sentNs: number,",
    "  doneNs: number,",
    "  errorKind: ErrorKind | null,",
    "  errorMessage: string | null,",
    "  attempt: number,",
    "): RequestRecord {",
    "  return {",
    ...filled.map((f) => `    ${property(f)},`),
    "    releasedNs: undefined,",
    "  };",
    "}",
    "",
  ].join("\n");
}
