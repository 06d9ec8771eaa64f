/**
 * @module server/request-head — just enough HTTP/1.1 request parsing for the fault front (pure).
 *
 * The front must find where each request ends to count requests on a keep-alive connection: the
 * head ends at the first CRLFCRLF (RFC 9112 §2.1) and the body is `content-length` bytes
 * (RFC 9112 §6.3). A chunked request body is not supported (fetch clients send a length); the
 * front answers it with 411 Length Required. Heads are ASCII; they are handled as latin1 text.
 */

/** The header through which the front tells the mock's handlers which fault to answer with. */
export const FAULT_HEADER = "x-mock-fault";
/** Longest request head the front accepts (request line + headers). */
export const MAX_HEAD_BYTES = 64 * 1024;

interface RequestLine {
  method: string;
  /** Path without the query string, e.g. "/v1/chat/completions". */
  path: string;
}

interface HeadFacts {
  /** Body length; 0 when absent. */
  contentLength: number;
  chunked: boolean;
  /** A content-length that is not a non-negative integer, or two that differ. */
  invalid: boolean;
}

/** `POST /v1/completions?x=1 HTTP/1.1` → {method: "POST", path: "/v1/completions"}. */
export function parseRequestLine(line: string): RequestLine {
  const [method = "", target = ""] = line.split(" ");
  const query = target.indexOf("?");
  return { method, path: query < 0 ? target : target.slice(0, query) };
}

function headerLines(head: string): string[] {
  return head
    .split("\r\n")
    .slice(1)
    .filter((line) => line !== "");
}

function headerName(line: string): string {
  const colon = line.indexOf(":");
  return (colon < 0 ? line : line.slice(0, colon)).trim().toLowerCase();
}

function headerValue(line: string): string {
  return line.slice(line.indexOf(":") + 1).trim();
}

/** Reads the body framing of a request head (ending with CRLFCRLF). */
export function scanHead(head: string): HeadFacts {
  let contentLength: number | null = null;
  let chunked = false;
  let invalid = false;
  for (const line of headerLines(head)) {
    const name = headerName(line);
    if (name === "transfer-encoding") chunked ||= /chunked/i.test(headerValue(line));
    if (name !== "content-length") continue;
    const value = headerValue(line);
    const length = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isSafeInteger(length) || (contentLength !== null && contentLength !== length)) invalid = true;
    else contentLength = length;
  }
  return { contentLength: contentLength ?? 0, chunked, invalid };
}

/** The head without any client-sent fault header, plus ours when `label` is given. */
export function rewriteHead(head: string, label: string | null): string {
  const [requestLine = ""] = head.split("\r\n", 1);
  const kept = headerLines(head).filter((line) => headerName(line) !== FAULT_HEADER);
  if (label !== null) kept.push(`${FAULT_HEADER}: ${label}`);
  return `${[requestLine, ...kept].join("\r\n")}\r\n\r\n`;
}
