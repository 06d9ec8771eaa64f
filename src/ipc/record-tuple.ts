/**
 * @module ipc/record-tuple — compact positional form of a RequestRecord for worker → main frames.
 *
 * Phase and worker id travel once per frame, not per record.
 */
import type { ErrorKind, RequestRecord, TokenSource } from "../record/request-record.ts";

export type RecordTuple = [
  planIndex: number,
  sampleIndex: number,
  endpointIndex: number,
  scheduledNs: number,
  sentNs: number,
  responseHeadersNs: number | null,
  firstTokenNs: number | null,
  doneNs: number,
  httpStatus: number,
  errorKind: ErrorKind | null,
  errorMessage: string | null,
  inputTokens: number | null,
  outputTokens: number | null,
  reasoningTokens: number | null,
  tokenSource: TokenSource,
  chunkCount: number,
  chunkGapsNs: Float64Array | null,
  chunkTokens: Uint16Array | null,
  finishReason: string | null,
  responseText: string | null,
  attempt: number,
];

export function toTuple(r: RequestRecord): RecordTuple {
  return [
    r.planIndex, r.sampleIndex, r.endpointIndex, r.scheduledNs, r.sentNs, r.responseHeadersNs,
    r.firstTokenNs, r.doneNs, r.httpStatus, r.errorKind, r.errorMessage, r.inputTokens,
    r.outputTokens, r.reasoningTokens, r.tokenSource, r.chunkCount, r.chunkGapsNs, r.chunkTokens,
    r.finishReason, r.responseText, r.attempt,
  ];
}

export function fromTuple(t: RecordTuple, phase: string, workerId: number): RequestRecord {
  return {
    phase,
    workerId,
    planIndex: t[0],
    sampleIndex: t[1],
    endpointIndex: t[2],
    scheduledNs: t[3],
    sentNs: t[4],
    responseHeadersNs: t[5],
    firstTokenNs: t[6],
    doneNs: t[7],
    httpStatus: t[8],
    errorKind: t[9],
    errorMessage: t[10],
    inputTokens: t[11],
    outputTokens: t[12],
    reasoningTokens: t[13],
    tokenSource: t[14],
    chunkCount: t[15],
    chunkGapsNs: t[16],
    chunkTokens: t[17],
    finishReason: t[18],
    responseText: t[19],
    attempt: t[20],
  };
}
