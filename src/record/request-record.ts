/**
 * @module record/request-record — the per-request record: what a worker measured about one request.
 *
 * Every timestamp is integer ns since the run's T0 on the host-monotonic clock
 * (see clock/mono-clock.ts), taken when the bytes arrived, before any parsing.
 * This type is the common currency of workers (producers), the events DB (storage)
 * and metrics (consumers). Column names in events.db are the snake_case of these fields.
 */

/** Where an output/input token count came from, best first. */
export type TokenSource = "server_usage" | "tokenizer" | "chunk_count" | "none";

/** Kinds of per-request failure. Success has `errorKind === null`. */
export type ErrorKind =
  | "refused" // connection refused / unreachable
  | "reset" // connection reset or closed before a complete response
  | "http_4xx"
  | "http_429"
  | "http_5xx"
  | "timeout" // per-request timeout
  | "stalled_stream" // no bytes for the stalled-stream timeout
  | "malformed_stream" // SSE that cannot be parsed
  | "invalid_json" // non-streaming body that is not valid JSON / has no choices
  | "too_large" // response body over --max-response-mb (ours)
  | "tls" // TLS handshake or certificate verification failed (ours)
  | "cancelled" // aborted by the run (interrupt, run timeout, drain timeout)
  | "worker_lost"
  | "other";

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
  /** Number of SSE events that carried content or reasoning (streaming), 1 for non-streaming. */
  chunkCount: number;
  /**
   * Streaming only: gap (ns) before each content-bearing chunk after the first, length
   * chunkCount − 1. Null for non-streaming responses.
   */
  chunkGapsNs: Float64Array | null;
  /**
   * Tokens carried by each of those later chunks (same length as chunkGapsNs); null means one
   * token per chunk. A chunk carrying k tokens after gap g yields k ITL gaps of g/k.
   */
  chunkTokens: Uint16Array | null;
  finishReason: string | null;
  /** Response text, kept only when accuracy scoring needs it. */
  responseText: string | null;
  /**
   * 0 for the first try of a plan entry; k for its k-th retry (`--retries`). Each attempt is its
   * own row; the one with the highest attempt is the entry's outcome in the summary.
   */
  attempt: number;
}
