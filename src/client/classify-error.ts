/**
 * @module client/classify-error — maps fetch failures and HTTP statuses to recorded error kinds.
 *
 * Bun's fetch reports socket failures as TypeErrors with a `code` (ECONNREFUSED, ECONNRESET, …);
 * aborts carry the reason we gave the AbortController ("timeout" or "cancelled").
 */
import type { ErrorKind } from "../record/request-record.ts";

export const ABORT_TIMEOUT = "timeout";
export const ABORT_STALLED = "stalled_stream";
export const ABORT_CANCELLED = "cancelled";

const MAX_MESSAGE_CHARS = 300;

export function kindForStatus(status: number): ErrorKind {
  if (status === 429) return "http_429";
  if (status >= 500) return "http_5xx";
  if (status >= 400) return "http_4xx";
  return "other";
}

export function classifyFetchError(error: unknown, abortReason: string | null): { kind: ErrorKind; message: string } {
  if (abortReason === ABORT_TIMEOUT) return { kind: "timeout", message: "request timed out" };
  if (abortReason === ABORT_STALLED) return { kind: "stalled_stream", message: "no bytes arrived within the stalled-stream timeout" };
  if (abortReason === ABORT_CANCELLED) return { kind: "cancelled", message: "cancelled by the run (stop, interrupt or drain timeout)" };
  const code = typeof error === "object" && error !== null && "code" in error ? String((error as { code: unknown }).code) : "";
  const message = truncate(error instanceof Error ? error.message : String(error));
  if (code === "ECONNREFUSED" || code === "ConnectionRefused" || code === "ENOTFOUND" || code === "EHOSTUNREACH") {
    return { kind: "refused", message };
  }
  if (code === "ECONNRESET" || code === "ConnectionClosed" || code === "EPIPE" || /closed unexpectedly/i.test(message)) {
    return { kind: "reset", message };
  }
  return { kind: "other", message };
}

export function truncate(text: string, max = MAX_MESSAGE_CHARS): string {
  return text.length <= max ? text : `${text.slice(0, max)}…`;
}
