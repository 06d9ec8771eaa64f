/**
 * @module client/retry-policy — which failed attempts are retried (`--retries`) and after how long (pure).
 *
 * Retried: connection refused, a reset before the response headers, 429 and 5xx (also when
 * the server reported them inside a stream, before its first token), and a timeout before the
 * first token. Never: other 4xx (the request itself is wrong), any failure after a token
 * arrived (a retry would send the output twice), stalls, truncated, malformed or oversized
 * bodies, TLS failures and cancellations. (A reset on a kept-alive connection before any
 * response is sent again at once whatever `--retries` says: client/send-request.) The k-th retry (k = 0, 1, …) waits 100 ms × 2^k, or the
 * server's Retry-After when longer, at most 10 s either way.
 */
import type { ErrorKind } from "../record/request-record.ts";

const RETRY_BASE_MS = 100;
const MAX_RETRY_DELAY_MS = 10_000;

interface AttemptFacts {
  errorKind: ErrorKind | null;
  /** The response headers arrived. */
  headersArrived: boolean;
  /** A content token arrived before the failure. */
  tokenSeen: boolean;
}

export function isRetryable(facts: AttemptFacts): boolean {
  switch (facts.errorKind) {
    case "refused":
      return true;
    case "http_429":
    case "http_5xx":
      return !facts.tokenSeen;
    case "reset":
      return !facts.headersArrived;
    case "timeout":
      return !facts.tokenSeen;
    default:
      return false;
  }
}

/** Wait before retry `retryIndex` (0 = the first retry). */
export function retryDelayMs(retryIndex: number, retryAfterMs: number | null): number {
  const backoffMs = RETRY_BASE_MS * 2 ** retryIndex;
  return Math.min(MAX_RETRY_DELAY_MS, Math.max(backoffMs, retryAfterMs ?? 0));
}

/** Retry-After (RFC 9110 §10.2.3: delay-seconds or an HTTP-date) in ms from `nowEpochMs`; null when absent or unreadable. */
export function parseRetryAfterMs(value: string | null, nowEpochMs: number): number | null {
  if (value === null) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(0, at - nowEpochMs) : null;
}
