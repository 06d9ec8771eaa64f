/**
 * @module import/source-records — a source's requests as our request records, in the order they were sent.
 *
 * Each record starts from record/no-response-record (so a field added to the record's declaration
 * takes its "not measured" value here too) and gets what the source measured. The plan index is the
 * send order; the source's scheduled instant, when it has one, is the record's, else the send itself
 * (no schedule lag is invented). One endpoint, one attempt: the sources record no retries.
 */
import { noResponseRecord } from "../record/no-response-record.ts";
import type { ErrorKind, RequestRecord } from "../record/request-record.ts";
import type { SourceRequest } from "./source-run.ts";

export const IMPORTED_PHASE = "performance";

/** The source's requests, sorted by send instant (ties keep the source's order). */
export function sentInOrder(requests: readonly SourceRequest[]): SourceRequest[] {
  // Array.prototype.sort is stable, so equal instants stay in the source's order.
  return [...requests].sort((a, b) => (a.sentNs < b.sentNs ? -1 : a.sentNs > b.sentNs ? 1 : 0));
}

/** One record per request, in send order (`sentInOrder` first). */
export function recordsOf(sorted: readonly SourceRequest[]): RequestRecord[] {
  return sorted.map((r, planIndex) => {
    const who = {
      phase: IMPORTED_PHASE,
      planIndex,
      sampleIndex: planIndex,
      workerId: r.worker,
      endpointIndex: 0,
      scheduledNs: Math.min(r.scheduledNs ?? r.sentNs, r.sentNs),
    };
    const record = noResponseRecord(who, r.sentNs, r.doneNs, r.errorKind, r.errorMessage, 0);
    record.httpStatus = r.httpStatus;
    record.responseHeadersNs = r.headersNs;
    record.firstTokenNs = r.errorKind === null ? r.firstTokenNs : null;
    record.inputTokens = r.inputTokens;
    record.outputTokens = r.outputTokens;
    record.tokenSource = r.tokenSource;
    record.finishReason = r.finishReason;
    const streamed = r.errorKind === null && r.firstTokenNs !== null;
    // A stream whose chunk times the source did not keep: no gaps (no ITL), TPOT from its token count.
    record.chunkGapsNs = streamed ? (r.chunkGapsNs ?? new Float64Array(0)) : null;
    record.chunkTokens = streamed ? r.chunkTokens : null;
    record.chunkCount = streamed ? (r.chunkGapsNs?.length ?? 0) + 1 : r.errorKind === null ? 1 : 0;
    return record;
  });
}

/** TPOT's tokens of the streams that gave a count but no chunk times, by plan index (events.db's tokenizer_tokens_after_first). */
export function tokensAfterFirstOf(sorted: readonly SourceRequest[]): Map<number, number> {
  const out = new Map<number, number>();
  sorted.forEach((r, planIndex) => {
    if (r.errorKind === null && r.firstTokenNs !== null && r.chunkGapsNs === null && r.tokensAfterFirst !== null)
      out.set(planIndex, r.tokensAfterFirst);
  });
  return out;
}

/** Our error kind for a source's failure: its HTTP status when it has one, else what its type or message says. */
export function errorKindOf(status: number | null, words: string): ErrorKind {
  if (status === 429 || status === 529) return "http_429";
  if (status !== null && status >= 400 && status < 500 && status !== 499) return "http_4xx";
  if (status !== null && status >= 500) return "http_5xx";
  const text = words.toLowerCase();
  if (/cancel/.test(text) || status === 499) return "cancelled";
  if (/timeout|timed out/.test(text)) return "timeout";
  if (/refused|cannot connect|connect(ion)? ?error|unreachable/.test(text)) return "refused";
  if (/reset|disconnect|closed/.test(text)) return "reset";
  return "other";
}
