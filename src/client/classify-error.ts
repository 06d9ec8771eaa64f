/**
 * @module client/classify-error — maps fetch failures and HTTP statuses to recorded error kinds.
 *
 * Bun's fetch reports socket failures as TypeErrors with a `code` (ECONNREFUSED, ECONNRESET, …),
 * from fetch() itself or, once the headers are in, from `reader.read()`; certificate problems
 * carry OpenSSL's names (DEPTH_ZERO_SELF_SIGNED_CERT, …) and a non-TLS peer gives EPROTO.
 * Aborts carry the reason we gave the AbortController ("timeout", "cancelled", …).
 * A server that accepts a connection and closes it before answering is a `reset`: only a port
 * with no listener gives `refused`. Bytes that are not HTTP (Bun: InvalidHTTPResponse, e.g. a
 * malformed chunked body) are `invalid_http`; a body its Content-Encoding cannot decompress
 * (ZlibError, BrotliDecompressionError, ZstdDecompressionError) is `decode_error`.
 *
 * An error a server reports inside a 200 response (kindForServerError; docs/metrics.md
 * "Errors inside a response") is, in this order: the kind of the HTTP status it names (vLLM's
 * and SGLang's `code`, an SGLang abort's `status_code`); else overload or rate limiting when its
 * type or message says so (`http_429`: TGI streams "Model is overloaded" where its HTTP route
 * answers 429); else a request problem when its type or message says so (`http_4xx`: SGLang's
 * `/generate` streams "The input (N tokens) is longer than the model's context length" with no
 * code or type where its whole route answers 400; TGI's "Input validation error"); else a
 * server error (`http_5xx`). Messages are matched more narrowly than types, since prose
 * mentions words like "capacity" (PyTorch's out-of-memory text) or "invalid" (CUDA's) without
 * meaning them. TGI's `http_status_code` is no status here: it is 422 for every error TGI
 * streams (client/openai-response).
 */
import type { ErrorKind } from "../record/request-record.ts";
import type { ServerError } from "./openai-response.ts";

export const ABORT_TIMEOUT = "timeout";
export const ABORT_STALLED = "stalled_stream";
export const ABORT_CANCELLED = "cancelled";
export const ABORT_TOO_LARGE = "too_large";

const REFUSED_CODES = new Set([
  "ECONNREFUSED",
  "ConnectionRefused",
  "ENOTFOUND",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
]);
const RESET_CODES = new Set(["ECONNRESET", "ConnectionClosed", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET"]);
/** OpenSSL verification results and Bun's TLS failures (besides anything with CERT/SSL/TLS in it). */
const TLS_CODES = new Set([
  "EPROTO",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "HOSTNAME_MISMATCH",
]);
const INVALID_HTTP = /InvalidHTTPResponse|InvalidChunk|InvalidContentLength|HeaderTooLarge|Malformed/i;
const DECODE = /Zlib|Brotli|Zstd|Decompress|ContentEncoding/i;
const RATE_LIMIT_TYPES = /rate.?limit|overload|too.?many|capacity|quota|throttl/i;
const CLIENT_ERROR_TYPES =
  /invalid|bad.?request|validation|not.?found|unprocessable|permission|auth|context.?length|unsupported/i;
const RATE_LIMIT_MESSAGES = /overloaded|rate.?limit|too many requests|queue is full|quota exceeded/i;
const CLIENT_ERROR_MESSAGES = new RegExp(
  [
    "context (?:length|window)",
    "longer than the model",
    "too long",
    "exceeds? the maximum",
    "maximum (?:allowed )?(?:input |context )?length",
    "validation error",
    "invalid (?:request|input|prompt|parameter)",
    "must be (?:at least|at most|less|greater|between|in |non-negative|positive)",
    "is not supported",
  ].join("|"),
  "i",
);
const TLS_HINT =
  "TLS failed: check the URL's scheme (https on a plain-HTTP port?) or the server's certificate; --insecure skips verification";

const MAX_MESSAGE_CHARS = 300;

/** Anthropic's API answers 529 when it is overloaded (its `overloaded_error`): overload, as 429 is. */
const ANTHROPIC_OVERLOADED = 529;

export function kindForStatus(status: number): ErrorKind {
  if (status === 429 || status === ANTHROPIC_OVERLOADED) return "http_429";
  if (status >= 500) return "http_5xx";
  if (status >= 400) return "http_4xx";
  return "other";
}

/**
 * The kind of an error a server reported in a 200 response (a stream's event or a JSON body): its
 * status, else overload, else a request problem, else a server error.
 */
export function kindForServerError(error: ServerError): ErrorKind {
  if (error.status !== null && error.status >= 400) return kindForStatus(error.status);
  const type = error.type ?? "";
  if (RATE_LIMIT_TYPES.test(type) || RATE_LIMIT_MESSAGES.test(error.message)) return "http_429";
  if (CLIENT_ERROR_TYPES.test(type) || CLIENT_ERROR_MESSAGES.test(error.message)) return "http_4xx";
  return "http_5xx";
}

export function classifyFetchError(error: unknown, abortReason: string | null): { kind: ErrorKind; message: string } {
  if (abortReason === ABORT_TIMEOUT) return { kind: "timeout", message: "request timed out" };
  if (abortReason === ABORT_STALLED)
    return { kind: "stalled_stream", message: "no bytes arrived within the stalled-stream timeout" };
  if (abortReason === ABORT_CANCELLED)
    return { kind: "cancelled", message: "cancelled by the run (stop, interrupt or drain timeout)" };
  if (abortReason === ABORT_TOO_LARGE) return { kind: "too_large", message: "response larger than --max-response-mb" };
  const code =
    typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const text = error instanceof Error ? error.message : String(error);
  // Bun appends advice about `verbose: true` that is noise in a report.
  const message = truncate(text.replace(/\s*For more information, pass `verbose: true`.*$/s, ""));
  if (REFUSED_CODES.has(code)) return { kind: "refused", message };
  if (RESET_CODES.has(code) || /closed unexpectedly/i.test(text)) return { kind: "reset", message };
  if (TLS_CODES.has(code) || /CERT|SSL|TLS/.test(code))
    return { kind: "tls", message: truncate(`${code}: ${text} (${TLS_HINT})`) };
  if (INVALID_HTTP.test(code))
    return { kind: "invalid_http", message: truncate(`the response is not valid HTTP/1.1 (${message})`) };
  if (DECODE.test(code))
    return { kind: "decode_error", message: truncate(`the body could not be decompressed (${message})`) };
  return { kind: "other", message: code && !text.includes(code) ? truncate(`${code}: ${text}`) : message };
}

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
