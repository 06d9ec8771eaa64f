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
 * (ZlibError, BrotliDecompressionError, ZstdDecompressionError) is `decode_error`. An error a
 * server reports inside a 200 response is classified like the HTTP status it names, else by its
 * type (rate limits and overload as 429, request problems as 4xx), else as a server error.
 */
import type { ErrorKind } from "../record/request-record.ts";
import type { ServerError } from "./openai-response.ts";

export const ABORT_TIMEOUT = "timeout";
export const ABORT_STALLED = "stalled_stream";
export const ABORT_CANCELLED = "cancelled";
export const ABORT_TOO_LARGE = "too_large";

const REFUSED_CODES = new Set(["ECONNREFUSED", "ConnectionRefused", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN"]);
const RESET_CODES = new Set(["ECONNRESET", "ConnectionClosed", "EPIPE", "ECONNABORTED", "UND_ERR_SOCKET"]);
/** OpenSSL verification results and Bun's TLS failures (besides anything with CERT/SSL/TLS in it). */
const TLS_CODES = new Set(["EPROTO", "UNABLE_TO_VERIFY_LEAF_SIGNATURE", "UNABLE_TO_GET_ISSUER_CERT", "UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "HOSTNAME_MISMATCH"]);
const INVALID_HTTP = /InvalidHTTPResponse|InvalidChunk|InvalidContentLength|HeaderTooLarge|Malformed/i;
const DECODE = /Zlib|Brotli|Zstd|Decompress|ContentEncoding/i;
const RATE_LIMIT_TYPES = /rate.?limit|overload|too.?many|capacity|quota|throttl/i;
const CLIENT_ERROR_TYPES = /invalid|bad.?request|validation|not.?found|unprocessable|permission|auth|context.?length|unsupported/i;
const TLS_HINT = "TLS failed: check the URL's scheme (https on a plain-HTTP port?) or the server's certificate; --insecure skips verification";

const MAX_MESSAGE_CHARS = 300;

export function kindForStatus(status: number): ErrorKind {
  if (status === 429) return "http_429";
  if (status >= 500) return "http_5xx";
  if (status >= 400) return "http_4xx";
  return "other";
}

/** The kind of an error a server reported in a 200 response (a stream's event or a JSON body). */
export function kindForServerError(error: ServerError): ErrorKind {
  if (error.status !== null && error.status >= 400) return kindForStatus(error.status);
  const type = error.type ?? "";
  if (RATE_LIMIT_TYPES.test(type)) return "http_429";
  if (CLIENT_ERROR_TYPES.test(type)) return "http_4xx";
  return "http_5xx";
}

export function classifyFetchError(error: unknown, abortReason: string | null): { kind: ErrorKind; message: string } {
  if (abortReason === ABORT_TIMEOUT) return { kind: "timeout", message: "request timed out" };
  if (abortReason === ABORT_STALLED) return { kind: "stalled_stream", message: "no bytes arrived within the stalled-stream timeout" };
  if (abortReason === ABORT_CANCELLED) return { kind: "cancelled", message: "cancelled by the run (stop, interrupt or drain timeout)" };
  if (abortReason === ABORT_TOO_LARGE) return { kind: "too_large", message: "response larger than --max-response-mb" };
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const text = error instanceof Error ? error.message : String(error);
  // Bun appends advice about `verbose: true` that is noise in a report.
  const message = truncate(text.replace(/\s*For more information, pass `verbose: true`.*$/s, ""));
  if (REFUSED_CODES.has(code)) return { kind: "refused", message };
  if (RESET_CODES.has(code) || /closed unexpectedly/i.test(text)) return { kind: "reset", message };
  if (TLS_CODES.has(code) || /CERT|SSL|TLS/.test(code)) return { kind: "tls", message: truncate(`${code}: ${text} (${TLS_HINT})`) };
  if (INVALID_HTTP.test(code)) return { kind: "invalid_http", message: truncate(`the response is not valid HTTP/1.1 (${message})`) };
  if (DECODE.test(code)) return { kind: "decode_error", message: truncate(`the body could not be decompressed (${message})`) };
  return { kind: "other", message: code && !text.includes(code) ? truncate(`${code}: ${text}`) : message };
}

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
