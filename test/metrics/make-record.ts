/** @module test/metrics/make-record — RequestRecord builder for metric and report tests. */
import type { RequestRecord } from "../../src/record/request-record.ts";

/** A successful streamed request sent at `sentNs`, with sensible defaults; override any field. */
export function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  const record: RequestRecord = {
    phase: "performance",
    planIndex: 0,
    sampleIndex: 0,
    workerId: 0,
    endpointIndex: 0,
    scheduledNs: 0,
    sentNs: 0,
    responseHeadersNs: 5_000_000,
    firstTokenNs: 10_000_000,
    doneNs: 100_000_000,
    httpStatus: 200,
    errorKind: null,
    errorMessage: null,
    inputTokens: 100,
    outputTokens: 10,
    reasoningTokens: null,
    tokenSource: "server_usage",
    chunkCount: 10,
    chunkGapsNs: null,
    chunkTokens: null,
    finishReason: "stop",
    hiddenTokens: null,
    streamNotes: 0,
    chunkChars: null,
    firstChunkChars: null,
    cachedTokens: null,
    serverPrefillNs: null,
    serverDecodeNs: null,
    serverOutputTokens: null,
    serverQueueNs: null,
    serverInferenceNs: null,
    serverTotalNs: null,
    serverTtftNs: null,
    serverKvTransferNs: null,
    responseId: null,
    serverRequestId: null,
    responseText: null,
    attempt: 0,
    reasoningChunks: null,
    reasoningTextChars: null,
    ...overrides,
  };
  // A request that did not reason answers with its first token, unless the test says otherwise.
  record.firstAnswerNs = "firstAnswerNs" in overrides ? (overrides.firstAnswerNs ?? null) : record.firstTokenNs;
  return "chunkGapsNs" in overrides ? record : asStream(record);
}

/**
 * A successful record as a stream of one token per chunk, evenly spaced from its first token to
 * its end (its chunk count and gaps follow its output tokens), unless the test gave its own gaps.
 */
function asStream(record: RequestRecord): RequestRecord {
  const tokens = record.outputTokens;
  if (record.errorKind !== null || record.firstTokenNs === null || record.doneNs === null || !tokens) return record;
  const gap = (record.doneNs - record.firstTokenNs) / Math.max(tokens - 1, 1);
  return { ...record, chunkCount: tokens, chunkGapsNs: new Float64Array(tokens - 1).fill(gap) };
}

/** A failed request: no headers/tokens, with the given error kind. */
export function makeFailure(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return makeRecord({
    responseHeadersNs: null,
    firstTokenNs: null,
    httpStatus: 0,
    errorKind: "refused",
    errorMessage: "connection refused",
    inputTokens: null,
    outputTokens: null,
    tokenSource: "none",
    chunkCount: 0,
    finishReason: null,
    ...overrides,
  });
}
