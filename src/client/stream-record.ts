/**
 * @module client/stream-record — fills a RequestRecord from what a response said: its events' timing, usage and end.
 *
 * Shared by streamed bodies (client/read-stream) and whole bodies (client/read-whole-body).
 * Output tokens come from usage, else from the chunks (one per chunk, or as tokens per chunk
 * says). A stream that ended with neither `[DONE]` nor a finish reason was cut short: truncated.
 * One that reached `[DONE]` without a single choice, finish reason or usage event said nothing
 * at all — a streamed body with no choices, as a whole body without them is invalid_json — so
 * it is malformed_stream, never a zero-token success; a line the SSE reader ignored (JSON
 * written without `data:`) is named, as it is usually why.
 */
import type { RequestRecord } from "../record/request-record.ts";
import { applyServerFigures } from "./server-figures.ts";
import type { StreamTiming } from "./stream-timing.ts";
import type { UsageCounts } from "./openai-response.ts";

export function applyUsage(record: RequestRecord, usage: UsageCounts | null): void {
  record.inputTokens = usage?.promptTokens ?? null;
  record.reasoningTokens = usage?.reasoningTokens ?? null;
  const completion = usage?.completionTokens ?? null;
  if (completion !== null) {
    record.outputTokens = completion;
    record.tokenSource = "server_usage";
  }
}

/**
 * The record's content fields from a finished stream; `done`: `[DONE]` arrived. Timing fields
 * only when `timed`. `strayLine`: the first line the SSE reader ignored (client/sse-splitter).
 */
export function applyStreamTiming(
  timing: StreamTiming,
  record: RequestRecord,
  done: boolean,
  timed: boolean,
  strayLine: string | null = null,
): void {
  if (timed) {
    record.firstTokenNs = timing.firstTokenNs;
    record.firstAnswerNs = timing.firstAnswerNs;
    record.chunkGapsNs = timing.chunkGapsNs;
    record.chunkTokens = timing.chunkTokens;
    record.chunkChars = timing.chunkChars;
    record.firstChunkChars = timing.firstChunkChars;
  }
  record.chunkCount = timing.chunkCount;
  record.finishReason = timing.finishReason;
  record.responseText = timing.text;
  record.hiddenTokens = timing.hiddenTokens;
  record.reasoningChunks = timing.reasoningChunks;
  record.reasoningTextChars = timing.reasoningTextChars;
  applyServerFigures(record, timing.serverFigures, timing.responseId, timing.usage?.completionTokens ?? null);
  record.streamNotes |= timing.notes;
  applyUsage(record, timing.usage);
  if (record.outputTokens === null && timing.chunkCount > 0) {
    record.outputTokens = timing.chunkTokens ? 1 + timing.chunkTokens.reduce((a, b) => a + b, 0) : timing.chunkCount;
    record.tokenSource = "chunk_count";
  }
  const silent = timing.chunkCount === 0 && timing.finishReason === null && timing.usage === null;
  if (!done && timing.finishReason === null) {
    record.errorKind = "truncated";
    record.errorMessage =
      timing.chunkCount === 0
        ? "the stream ended before any event, with neither [DONE] nor a finish_reason"
        : `the stream ended after ${timing.chunkCount} content chunks with neither [DONE] nor a finish_reason`;
  } else if (done && silent) {
    record.errorKind = "malformed_stream";
    record.errorMessage = "the stream reached [DONE] with no completion event (no choices, finish_reason or usage)";
  }
  if (silent && strayLine !== null && record.errorMessage !== null)
    record.errorMessage += `; a line that is not an SSE field (no "data:" prefix?): ${strayLine}`;
}
