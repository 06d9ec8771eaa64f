/**
 * @module record/error-kinds — every kind a failed request is recorded as, with what it means: the one list.
 *
 * docs/metrics.md's error table is generated from this list, `error_counts` in result_summary.json
 * uses these names, and a test checks that README names each. `stale_connection` never counts as
 * a failure: it names an attempt that was sent again at once on a new connection
 * (client/send-request), and is counted as a reconnect.
 */
export const ERROR_KINDS = {
  refused: "no connection: nothing listens on the port, or the host is unknown or unreachable",
  reset:
    "the connection closed or was reset before the response was complete (on a new connection, or again after a reconnect)",
  stale_connection:
    "the server had closed a kept-alive connection before answering; the request was sent " +
    "again at once on a new connection (not a failure: counted in `reconnects`)",
  http_4xx: "the server answered 4xx (other than 429), or reported a client-side error inside the stream",
  http_429:
    "the server answered 429 (or Anthropic's overloaded 529), or reported rate limiting or overload inside the stream (Anthropic's overloaded_error)",
  http_5xx: "the server answered 5xx, or reported a server error inside the stream (status 200, message says so)",
  timeout: "no complete response within --request-timeout",
  stalled_stream:
    "no byte for --stall-timeout after the body's first byte (a whole body with a declared length: after its headers)",
  truncated: "the stream ended with neither [DONE] nor a finish_reason: the response was cut short",
  malformed_stream: "an SSE event whose data is not JSON, or a stream that reached [DONE] with no completion event",
  invalid_json: "a non-streamed body that is not JSON or has no choices (embeddings: no `data`; rerank: no `results`)",
  wrong_count: "an embeddings or rerank response with more or fewer vectors or results than the inputs sent",
  invalid_http: "bytes that are not valid HTTP/1.1 (a bad status line or headers, a malformed chunked body)",
  decode_error: "a Content-Encoding (gzip, br, zstd, deflate) body that could not be decompressed",
  too_large: "a response body over --max-response-mb",
  tls: "the TLS handshake or certificate check failed",
  cancelled: "cancelled by the run: Ctrl-C, --run-timeout, or a drain timeout",
  worker_lost: "the worker process that held the request died",
  conversation_aborted:
    "not sent: an earlier turn of its conversation failed, so the rest of the conversation was ended",
  other:
    "anything else, a redirect (never followed) included; the message says what the runtime or the server reported",
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;
