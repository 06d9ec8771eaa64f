/**
 * @module record/request-fields — the request record's fields, declared once: name, type, unit, events.db column, how each travels.
 *
 * Everything else is derived from this table (record/request-field-lists gives it as types and lists): the
 * RequestRecord type (record/request-record), the worker → main packing (ipc/record-batch), the events.db schema
 * and inserts (record/events-db), the phase reader's SELECT (metrics/read-phase) and the metric columns
 * (metrics/phase-columns). Adding a field is one entry here; a field with a `fallback` may be left unset by
 * producers that do not measure it. Every timestamp is integer ns since the run's T0 on the host-monotonic clock
 * (clock/mono-clock), taken when the bytes arrived.
 */
import type { ErrorKind } from "./error-kinds.ts";
import {
  afterRunCount,
  bodyContentCount,
  type FieldSpec,
  nullableRare,
  nullableText,
  of,
  smallRare,
  type TokenSource,
} from "./field-spec.ts";

export type { FieldSpec, TokenSource } from "./field-spec.ts";

export const REQUEST_FIELDS = {
  /** Phase name: "warmup", "performance", or an accuracy dataset name. */
  phase: { type: of<string>(), column: "phase", sql: "TEXT NOT NULL", wire: "frame", unit: "name" },
  /** Position of this request in its phase's plan (0-based, unique within the phase). */
  planIndex: {
    type: of<number>(),
    column: "plan_index",
    sql: "INTEGER NOT NULL",
    wire: "number",
    unit: "index",
    metric: true,
  },
  /** Row of the dataset that was sent. */
  sampleIndex: { type: of<number>(), column: "sample_index", sql: "INTEGER NOT NULL", wire: "number", unit: "index" },
  /** The worker that sent it: the client error bound weighs each stamp by its worker's loop lateness (metrics/client-error-bound). */
  workerId: {
    type: of<number>(),
    column: "worker",
    sql: "INTEGER NOT NULL",
    wire: "frame",
    unit: "index",
    metric: "u16",
    before: "0",
  },
  /** Index into the run's endpoint list. */
  endpointIndex: { type: of<number>(), column: "endpoint", sql: "INTEGER NOT NULL", wire: "number", unit: "index" },
  /** When the plan wanted it sent (offline: phase start; concurrency: when its slot freed). */
  scheduledNs: {
    type: of<number>(),
    column: "scheduled_ns",
    sql: "INTEGER NOT NULL",
    wire: "number",
    unit: "ns",
    metric: "f64",
  },
  /** Just before the request was handed to fetch(); NaN when unknown (worker_lost). */
  sentNs: { type: of<number>(), column: "sent_ns", sql: "INTEGER", wire: "nan", unit: "ns", metric: "f64" },
  /** Response headers arrived (TTFB); null if none arrived. */
  responseHeadersNs: {
    type: of<number | null>(),
    column: "response_headers_ns",
    sql: "INTEGER",
    wire: "nullable",
    unit: "ns",
    metric: "f64",
  },
  /** First non-empty content/reasoning delta arrived (streaming only). */
  firstTokenNs: {
    type: of<number | null>(),
    column: "first_token_ns",
    sql: "INTEGER",
    wire: "nullable",
    unit: "ns",
    metric: "f64",
  },
  /** The response ended (last byte) or the request failed. */
  doneNs: { type: of<number>(), column: "done_ns", sql: "INTEGER NOT NULL", wire: "number", unit: "ns", metric: "f64" },
  /** HTTP status, 0 when no response arrived. */
  httpStatus: {
    type: of<number>(),
    column: "http_status",
    sql: "INTEGER NOT NULL",
    wire: "number",
    unit: "status",
    metric: "u16",
  },
  /** Kinds of per-request failure (record/error-kinds lists them); success is null. */
  errorKind: {
    type: of<ErrorKind | null>(),
    column: "error_kind",
    sql: "TEXT",
    wire: "code",
    unit: "name",
    metric: true,
  },
  /** First bytes of the server's error body or the exception message; never contains secrets. */
  errorMessage: {
    type: of<string | null>(),
    column: "error_message",
    sql: "TEXT",
    wire: "text",
    unit: "text",
    metric: true,
  },
  inputTokens: {
    type: of<number | null>(),
    column: "input_tokens",
    sql: "INTEGER",
    wire: "nullable",
    unit: "tokens",
    metric: "f64",
  },
  outputTokens: {
    type: of<number | null>(),
    column: "output_tokens",
    sql: "INTEGER",
    wire: "nullable",
    unit: "tokens",
    metric: "f64",
  },
  reasoningTokens: {
    type: of<number | null>(),
    column: "reasoning_tokens",
    sql: "INTEGER",
    wire: "nullable",
    unit: "tokens",
    metric: "f64",
  },
  tokenSource: {
    type: of<TokenSource>(),
    column: "token_source",
    sql: "TEXT NOT NULL",
    wire: "code",
    unit: "name",
    metric: true,
    unanswered: "none",
  },
  /** SSE events that carried tokens (streaming: text, or none when usage counts them as tokens, tokens/chunk-tokens), 1 for non-streaming. */
  chunkCount: {
    type: of<number>(),
    column: "chunk_count",
    sql: "INTEGER NOT NULL",
    wire: "number",
    unit: "count",
    metric: "u32",
  },
  /** Streaming only: gap (ns) before each token-bearing chunk after the first, chunkCount − 1 of them; null for non-streaming. */
  chunkGapsNs: {
    type: of<Float64Array | null>(),
    column: "chunk_gaps_ns",
    sql: "BLOB",
    wire: "f64s",
    unit: "ns",
    metric: true,
  },
  /** Tokens carried by each of those later chunks (as many); null means one each. A chunk of k tokens after gap g gives k ITL gaps of g/k. */
  chunkTokens: {
    type: of<Uint16Array | null>(),
    column: "chunk_tokens",
    sql: "BLOB",
    wire: "u16s",
    unit: "tokens",
    metric: true,
  },
  finishReason: {
    type: of<string | null>(),
    column: "finish_reason",
    sql: "TEXT",
    wire: "code",
    unit: "name",
    metric: true,
  },
  /** Response text, kept only when accuracy scoring or a tokenizer needs it. */
  responseText: { type: of<string | null>(), column: "response_text", sql: "TEXT", wire: "text", unit: "text" },
  /** The client tokenizer's counts, written after the run (record/events-db applyTokenizerCounts). */
  tokenizerInputTokens: {
    type: of<number | null>(),
    column: "tokenizer_input_tokens",
    sql: "INTEGER",
    wire: "after-run",
    unit: "tokens",
  },
  tokenizerOutputTokens: {
    type: of<number | null>(),
    column: "tokenizer_output_tokens",
    sql: "INTEGER",
    wire: "after-run",
    unit: "tokens",
    metric: "f64",
  },
  /** 0 for the first try of a plan entry, k for its k-th retry (`--retries`): each attempt is its own row, the highest the entry's outcome. */
  attempt: {
    type: of<number>(),
    column: "attempt",
    sql: "INTEGER NOT NULL DEFAULT 0",
    wire: "number",
    unit: "attempt",
    before: "0",
    metric: true,
  },
  /** Reasoning tokens counted in usage but never streamed (hidden reasoning): output tokens, but not ITL or TPOT tokens; null when none. */
  hiddenTokens: {
    type: of<number | null>(),
    column: "hidden_tokens",
    sql: "INTEGER",
    wire: "nullable",
    unit: "tokens",
    rare: true,
    before: "NULL",
    metric: "f64",
  },
  /** Stream quirks seen in this response, as record/stream-notes bits; 0 = none. */
  streamNotes: smallRare("stream_notes", "bits"),
  /** The request's model: an index into events.db's `models` (a mix, or rows naming theirs); 0 = the run's one model. */
  modelIndex: { ...smallRare("model", "index"), wire: "plan", fallback: 0 },
  /** Prompt tokens the server's prefix cache served, as it reports them (usage `cached_tokens`, llama.cpp `cache_n`); null: not reported. */
  cachedTokens: nullableRare("cached_tokens", "tokens"),
  /** The server's own time on the prompt (llama.cpp `timings.prompt_ms`); null: not reported. */
  serverPrefillNs: nullableRare("server_prefill_ns", "ns"),
  /** The server's own time generating after the prompt (llama.cpp `timings.predicted_ms`); null: not reported. */
  serverDecodeNs: nullableRare("server_decode_ns", "ns"),
  /** Tokens the server says it generated (llama.cpp `timings.predicted_n`, TGI `x-generated-tokens`, SGLang `completion_tokens`); null: not reported. */
  serverOutputTokens: nullableRare("server_output_tokens", "tokens"),
  /** The server's own queue wait before it started on the request (TGI `x-queue-time`, SGLang `queue_time`); null: not reported. */
  serverQueueNs: nullableRare("server_queue_ns", "ns"),
  /** The server's time from starting on the request to its last token, prefill and decode together (TGI `x-inference-time`, SGLang `inference_time`). */
  serverInferenceNs: nullableRare("server_inference_ns", "ns"),
  /** The server's whole time on the request, from its arrival to the last token (TGI `x-total-time`, SGLang `e2e_latency`); null: not reported. */
  serverTotalNs: nullableRare("server_total_ns", "ns"),
  /** The server's own TTFT, arrival to first token (Dynamo `nvext.timing.ttft_ms`, SGLang `e2e_latency` − decode); null: not reported. */
  serverTtftNs: nullableRare("server_ttft_ns", "ns"),
  /** Disaggregated: prefill done to the decode worker's first token, KV transfer's bound (Dynamo `kv_transfer_estimated_latency_ms`). */
  serverKvTransferNs: nullableRare("server_kv_transfer_ns", "ns"),
  /** The response's id (`chatcmpl-…`), to join a row with the server's log. */
  responseId: nullableText("response_id"),
  /** The server's `x-request-id` response header, when it sends one. */
  serverRequestId: nullableText("server_request_id"),
  /**
   * Characters of the first chunk with text, kept with the text of a stream: TPOT counts the tokens of the text after
   * it (events-db). Neither sparse nor rare: every streamed response sets it.
   */
  firstChunkChars: {
    type: of<number | null>(),
    column: "first_chunk_chars",
    sql: "INTEGER",
    wire: "nullable",
    unit: "count",
    before: "NULL",
    fallback: null,
  },
  /** Embeddings: vectors returned; rerank: documents scored (null otherwise); written after the run (events-db applyInputCounts). */
  inputCount: afterRunCount("input_count", "count"),
  /** The client tokenizer's count of the text after the first chunk: TPOT's tokens when a tokenizer is used (metrics/request-values). */
  tokenizerTokensAfterFirst: afterRunCount("tokenizer_tokens_after_first", "tokens"),
  /** What the body sent held, every sent request's, written after the run per body (events-db applyRequestContent; audio null when unmeasured). */
  images: bodyContentCount("images", "count"),
  audioNs: bodyContentCount("audio_ns", "ns"),
  videos: bodyContentCount("videos", "count"),
  requestBytes: bodyContentCount("request_bytes", "bytes"),
  /** Characters of each content-bearing chunk, kept only with the text and no usage, for a tokenizer's count to be shared by (events-db). */
  chunkChars: {
    type: of<Uint32Array | null>(),
    column: "chunk_chars",
    sql: "BLOB",
    wire: "u32s",
    unit: "count",
    rare: true,
  },
  /** The first chunk that was not reasoning arrived (content or a tool call; streaming only): TTFO's instant (metrics/request-values). */
  firstAnswerNs: {
    type: of<number | null>(),
    column: "first_answer_ns",
    sql: "INTEGER",
    wire: "nullable",
    unit: "ns",
    before: "NULL",
    fallback: null,
    metric: "f64",
  },
  /** Chunks with tokens before the first answer chunk (all of them when none came); null when the stream did not reason. */
  reasoningChunks: { ...nullableRare("reasoning_chunks", "count"), metric: "f64" },
  /** Characters of the kept text before the answer (the reasoning), for the tokenizer to count apart; null when not kept or not reasoned. */
  reasoningTextChars: nullableRare("reasoning_text_chars", "count"),
  /** The client tokenizer's count of that reasoning text, written after the run (events-db applyTokenizerCounts). */
  tokenizerReasoningTokens: afterRunCount("tokenizer_reasoning_tokens", "tokens"),
} as const satisfies Record<string, FieldSpec>;
