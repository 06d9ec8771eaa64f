/**
 * @module metrics/fill-metric-arrays — one row's numeric fields into the metric columns, a statement per field.
 *
 * Generated from record/request-fields by scripts/make-record-code.ts (scripts/record-code/row-sources), not
 * edited: run it after a change to record/request-fields; a test fails while this file differs
 * from what it writes. Typed source rather than `new Function`, so that it type-checks and a
 * debugger steps through it.
 */
import type { MetricArrays, MetricRow } from "../record/request-field-lists.ts";

/** Copies row `row`'s numeric fields into columns `cols` at `i`, null as NaN (metrics/phase-columns). */
export function fillMetricArrays(cols: MetricArrays, row: MetricRow, i: number): void {
  cols.workerId[i] = row.workerId ?? NaN;
  cols.scheduledNs[i] = row.scheduledNs ?? NaN;
  cols.sentNs[i] = row.sentNs ?? NaN;
  cols.responseHeadersNs[i] = row.responseHeadersNs ?? NaN;
  cols.firstTokenNs[i] = row.firstTokenNs ?? NaN;
  cols.doneNs[i] = row.doneNs ?? NaN;
  cols.httpStatus[i] = row.httpStatus ?? NaN;
  cols.inputTokens[i] = row.inputTokens ?? NaN;
  cols.outputTokens[i] = row.outputTokens ?? NaN;
  cols.reasoningTokens[i] = row.reasoningTokens ?? NaN;
  cols.chunkCount[i] = row.chunkCount ?? NaN;
  cols.tokenizerOutputTokens[i] = row.tokenizerOutputTokens ?? NaN;
  cols.hiddenTokens[i] = row.hiddenTokens ?? NaN;
  cols.streamNotes[i] = row.streamNotes ?? NaN;
  cols.modelIndex[i] = row.modelIndex ?? NaN;
  cols.inputCount[i] = row.inputCount ?? NaN;
  cols.tokenizerTokensAfterFirst[i] = row.tokenizerTokensAfterFirst ?? NaN;
  cols.images[i] = row.images ?? NaN;
  cols.audioNs[i] = row.audioNs ?? NaN;
  cols.videos[i] = row.videos ?? NaN;
  cols.requestBytes[i] = row.requestBytes ?? NaN;
  cols.firstAnswerNs[i] = row.firstAnswerNs ?? NaN;
  cols.reasoningChunks[i] = row.reasoningChunks ?? NaN;
  cols.tokenizerReasoningTokens[i] = row.tokenizerReasoningTokens ?? NaN;
}
