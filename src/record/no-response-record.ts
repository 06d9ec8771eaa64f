/**
 * @module record/no-response-record — the record of a request nothing answered, a property per measured field.
 *
 * Generated from record/request-fields by scripts/make-record-code.ts (scripts/record-code/no-response-source), not
 * edited: run it after a change to record/request-fields; a test fails while this file differs
 * from what it writes. Typed source rather than `new Function`, so that it type-checks and a
 * debugger steps through it.
 */

// The send path starts every attempt from it (client/send-attempt), main records a dead worker's requests with it
// (run/phase-ledger) and a conversation its aborted turns (worker/conversation-runner): a field added to the
// declaration reaches all three. Every record it makes has the same shape (`releasedNs` included, so read-stream's
// later write does not change it).
import type { ErrorKind } from "./error-kinds.ts";
import type { RequestRecord } from "./request-record.ts";

/** The fields that say which planned request a record is about. */
export type RecordIdentity = Pick<
  RequestRecord,
  "phase" | "planIndex" | "sampleIndex" | "workerId" | "endpointIndex" | "scheduledNs"
>;

/** A record of `who` with no response: sent at `sentNs` (NaN: never known), ended at `doneNs`, failed as `errorKind` (null: not yet). */
export function noResponseRecord(
  who: RecordIdentity,
  sentNs: number,
  doneNs: number,
  errorKind: ErrorKind | null,
  errorMessage: string | null,
  attempt: number,
): RequestRecord {
  return {
    phase: who.phase,
    planIndex: who.planIndex,
    sampleIndex: who.sampleIndex,
    workerId: who.workerId,
    endpointIndex: who.endpointIndex,
    scheduledNs: who.scheduledNs,
    sentNs,
    responseHeadersNs: null,
    firstTokenNs: null,
    doneNs,
    httpStatus: 0,
    errorKind,
    errorMessage,
    inputTokens: null,
    outputTokens: null,
    reasoningTokens: null,
    tokenSource: "none",
    chunkCount: 0,
    chunkGapsNs: null,
    chunkTokens: null,
    finishReason: null,
    responseText: null,
    attempt,
    hiddenTokens: null,
    streamNotes: 0,
    chunkChars: null,
    releasedNs: undefined,
  };
}
