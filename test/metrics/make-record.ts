/** @module test/metrics/make-record — RequestRecord builder for metric and report tests. */
import type { RequestRecord } from "../../src/record/request-record.ts";

/** A successful streamed request sent at `sentNs`, with sensible defaults; override any field. */
export function makeRecord(overrides: Partial<RequestRecord> = {}): RequestRecord {
  return {
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
    responseText: null,
    attempt: 0,
    ...overrides,
  };
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
