/**
 * @module record/request-insert — one record as a row of events.db's `requests`, an argument per field.
 *
 * Generated from record/request-fields by scripts/make-record-code.ts (scripts/record-code/row-sources), not
 * edited: run it after a change to record/request-fields; a test fails while this file differs
 * from what it writes. Typed source rather than `new Function`, so that it type-checks and a
 * debugger steps through it.
 */
import type { Statement } from "bun:sqlite";
import type { RequestRecord } from "./request-record.ts";
import { bytesOf } from "./request-sql.ts";

/**
 * Inserts `r` with `common` (record/request-sql's INSERT_COMMON) when its rare fields are at their
 * defaults, binding only the others (each bound value costs the insert), else with `all` (INSERT_ALL).
 */
export function insertRequest(common: Statement, all: Statement, r: RequestRecord): void {
  if (
    (r.hiddenTokens ?? null) === null &&
    r.streamNotes === 0 &&
    (r.modelIndex ?? 0) === 0 &&
    (r.cachedTokens ?? null) === null &&
    (r.serverPrefillNs ?? null) === null &&
    (r.serverDecodeNs ?? null) === null &&
    (r.serverOutputTokens ?? null) === null &&
    (r.serverQueueNs ?? null) === null &&
    (r.serverInferenceNs ?? null) === null &&
    (r.serverTotalNs ?? null) === null &&
    (r.serverTtftNs ?? null) === null &&
    (r.serverKvTransferNs ?? null) === null &&
    (r.chunkChars ?? null) === null &&
    (r.reasoningChunks ?? null) === null &&
    (r.reasoningTextChars ?? null) === null
  )
    common.run(
      r.phase,
      r.planIndex,
      r.sampleIndex,
      r.workerId,
      r.endpointIndex,
      r.scheduledNs,
      Number.isNaN(r.sentNs) ? null : r.sentNs,
      r.responseHeadersNs,
      r.firstTokenNs,
      r.doneNs,
      r.httpStatus,
      r.errorKind,
      r.errorMessage,
      r.inputTokens,
      r.outputTokens,
      r.reasoningTokens,
      r.tokenSource,
      r.chunkCount,
      bytesOf(r.chunkGapsNs),
      bytesOf(r.chunkTokens),
      r.finishReason,
      r.responseText,
      r.attempt,
      r.responseId ?? null,
      r.serverRequestId ?? null,
      r.firstChunkChars ?? null,
      r.firstAnswerNs ?? null,
    );
  else
    all.run(
      r.phase,
      r.planIndex,
      r.sampleIndex,
      r.workerId,
      r.endpointIndex,
      r.scheduledNs,
      Number.isNaN(r.sentNs) ? null : r.sentNs,
      r.responseHeadersNs,
      r.firstTokenNs,
      r.doneNs,
      r.httpStatus,
      r.errorKind,
      r.errorMessage,
      r.inputTokens,
      r.outputTokens,
      r.reasoningTokens,
      r.tokenSource,
      r.chunkCount,
      bytesOf(r.chunkGapsNs),
      bytesOf(r.chunkTokens),
      r.finishReason,
      r.responseText,
      r.attempt,
      r.responseId ?? null,
      r.serverRequestId ?? null,
      r.firstChunkChars ?? null,
      r.firstAnswerNs ?? null,
      r.hiddenTokens,
      r.streamNotes,
      r.modelIndex ?? 0,
      r.cachedTokens ?? null,
      r.serverPrefillNs ?? null,
      r.serverDecodeNs ?? null,
      r.serverOutputTokens ?? null,
      r.serverQueueNs ?? null,
      r.serverInferenceNs ?? null,
      r.serverTotalNs ?? null,
      r.serverTtftNs ?? null,
      r.serverKvTransferNs ?? null,
      bytesOf(r.chunkChars),
      r.reasoningChunks ?? null,
      r.reasoningTextChars ?? null,
    );
}
