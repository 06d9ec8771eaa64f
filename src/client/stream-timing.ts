/** @module client/stream-timing — what a stream's events said about one request's tokens and their times (client/stream-accumulator). */
import type { ServerFigures } from "./server-figures.ts";
import type { UsageCounts } from "./openai-response.ts";

export interface StreamTiming {
  firstTokenNs: number | null;
  /** The first chunk that was not reasoning (see RequestRecord.firstAnswerNs). */
  firstAnswerNs: number | null;
  /** Chunks before it that carried tokens, null when the stream did not reason (see RequestRecord.reasoningChunks). */
  reasoningChunks: number | null;
  /** Characters of the kept text before the answer, when text is kept and the stream reasoned (see RequestRecord.reasoningTextChars). */
  reasoningTextChars: number | null;
  chunkCount: number;
  chunkGapsNs: Float64Array | null;
  chunkTokens: Uint16Array | null;
  usage: UsageCounts | null;
  finishReason: string | null;
  text: string | null;
  /** Arrival of `[DONE]`, else of the last finish or usage event; null when none came. */
  endNs: number | null;
  hiddenTokens: number | null;
  /** record/stream-notes bits. */
  notes: number;
  /** Characters per chunk, when text is kept and no usage total arrived (see RequestRecord.chunkChars). */
  chunkChars: Uint32Array | null;
  /** Characters of the first chunk with text, when the text is kept as it arrived (see RequestRecord.firstChunkChars). */
  firstChunkChars: number | null;
  /** What the server said about this request's own time and cache (client/server-figures), null when nothing. */
  serverFigures: ServerFigures | null;
  responseId: string | null;
}
