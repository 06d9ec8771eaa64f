/**
 * @module record/request-record — the per-request record: what a worker measured about one request.
 *
 * Every timestamp is integer ns since the run's T0 on the host-monotonic clock
 * (see clock/mono-clock.ts), taken when the bytes arrived, before any parsing.
 * This type is the common currency of workers (producers), the events DB (storage)
 * and metrics (consumers). Column names in events.db are the snake_case of these fields.
 */
import type { ErrorKind } from "./error-kinds.ts";

/** Where an output/input token count came from, best first. */
export type TokenSource = "server_usage" | "tokenizer" | "chunk_count" | "none";

/** Kinds of per-request failure (record/error-kinds lists them with their meaning). Success has `errorKind === null`. */
export type { ErrorKind } from "./error-kinds.ts";

export interface RequestRecord {
  /** Phase name: "warmup", "performance", or an accuracy dataset name. */
  phase: string;
  /** Position of this request in its phase's plan (0-based, unique within the phase). */
  planIndex: number;
  /** Row of the dataset that was sent. */
  sampleIndex: number;
  workerId: number;
  /** Index into the run's endpoint list. */
  endpointIndex: number;
  /** When the plan wanted it sent (offline: phase start; concurrency: when its slot freed). */
  scheduledNs: number;
  /** Just before the request was handed to fetch(); NaN when unknown (worker_lost). */
  sentNs: number;
  /** Response headers arrived (TTFB); null if none arrived. */
  responseHeadersNs: number | null;
  /** First non-empty content/reasoning delta arrived (streaming only). */
  firstTokenNs: number | null;
  /** The response ended (last byte) or the request failed. */
  doneNs: number;
  /** HTTP status, 0 when no response arrived. */
  httpStatus: number;
  errorKind: ErrorKind | null;
  /** First bytes of the server's error body or the exception message; never contains secrets. */
  errorMessage: string | null;
  inputTokens: number | null;
  outputTokens: number | null;
  reasoningTokens: number | null;
  tokenSource: TokenSource;
  /** Number of SSE events that carried tokens (streaming: text, or none when usage counts them as tokens, tokens/chunk-tokens), 1 for non-streaming. */
  chunkCount: number;
  /**
   * Streaming only: gap (ns) before each token-bearing chunk after the first, length
   * chunkCount − 1. Null for non-streaming responses.
   */
  chunkGapsNs: Float64Array | null;
  /**
   * Tokens carried by each of those later chunks (same length as chunkGapsNs); null means one
   * token per chunk. A chunk carrying k tokens after gap g yields k ITL gaps of g/k.
   */
  chunkTokens: Uint16Array | null;
  finishReason: string | null;
  /**
   * Reasoning tokens the server counted in usage but never streamed (hidden reasoning); null
   * when every counted token was streamed. They are output tokens, but not ITL or TPOT tokens.
   */
  hiddenTokens: number | null;
  /** Stream quirks seen in this response, as record/stream-notes bits; 0 = none. */
  streamNotes: number;
  /**
   * Characters of each content-bearing chunk (all of them), kept only when the response text is
   * kept and the server sent no usage: a tokenizer's count is later shared by these to give
   * tokens per chunk (record/events-db applyTokenizerCounts). Null otherwise.
   */
  chunkChars: Uint32Array | null;
  /**
   * When the client let go of the response (not stored): after doneNs when the body stayed open
   * past the end of the response. A closed-loop slot frees here. Absent = doneNs.
   */
  releasedNs?: number;
  /** Response text, kept only when accuracy scoring needs it. */
  responseText: string | null;
  /**
   * 0 for the first try of a plan entry; k for its k-th retry (`--retries`). Each attempt is its
   * own row; the one with the highest attempt is the entry's outcome in the summary.
   */
  attempt: number;
}
