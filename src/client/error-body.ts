/**
 * @module client/error-body — what an HTTP error response said, in a few hundred characters and without secrets.
 *
 * Only the first bytes of an error body are read (a 5xx page can be large), then the body is
 * cancelled. A server's error object gives its message (client/openai-response lists the
 * dialects; FastAPI's `{"detail": …}` too); anything else its first characters. The request's
 * credentials (credential-named header values: config/http-headers) and anything shaped like a
 * bearer token or `sk-…` key are replaced before the text is stored.
 */
import { isSecretHeader } from "../config/http-headers.ts";
import { REDACTED, redactUrl } from "../config/redact.ts";
import { truncate } from "./classify-error.ts";
import { parseJsonObject, readErrorMessage } from "./openai-response.ts";

/** Error-body bytes read at most. */
const ERROR_BODY_PREFIX_BYTES = 4096;

const TOKEN_PATTERNS = [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, /\bsk-[A-Za-z0-9_-]{8,}/g];

/** Reads at most `maxBytes` of the body, then cancels the rest; a failure mid-read keeps what arrived. */
export async function readBodyPrefix(response: Response, maxBytes = ERROR_BODY_PREFIX_BYTES): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let bytes = 0;
  try {
    while (bytes < maxBytes) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.byteLength;
      text += decoder.decode(value, { stream: true });
    }
    if (bytes >= maxBytes) await reader.cancel();
  } catch {
    // The connection broke while reading the error page: what arrived is enough to describe it.
  }
  return text;
}

/** FastAPI's `{"detail": "Not Found"}`, or its validation errors' first `msg`. */
function fastApiDetail(json: Record<string, unknown>): string | null {
  const { detail } = json;
  if (typeof detail === "string") return detail;
  const first: unknown = Array.isArray(detail) ? detail[0] : null;
  if (typeof first === "object" && first !== null && typeof (first as { msg?: unknown }).msg === "string")
    return (first as { msg: string }).msg;
  return null;
}

/**
 * "HTTP 503: The engine is overloaded" from the status and the start of the body; a redirect
 * (never followed, client/send-attempt) says where it points, credentials hidden.
 */
export function describeHttpError(status: number, body: string, location: string | null = null): string {
  if (status >= 300 && status < 400 && location !== null) {
    return truncate(
      `HTTP ${status}: the endpoint redirects to ${redactUrl(location)} (not followed: it would ` +
        `add a round trip to every request, or turn the POST into a GET); point --endpoints at its ` +
        `target`,
    );
  }
  const json = parseJsonObject(body);
  const serverMessage = json ? (readErrorMessage(json) ?? fastApiDetail(json)) : null;
  const detail = (serverMessage ?? body).replace(/\s+/g, " ").trim();
  return truncate(`HTTP ${status}: ${detail === "" ? "(empty body)" : detail}`);
}

/** The secret values among `headers` (whole values and bearer tokens), longest first. */
export function secretValues(headers: Record<string, string>): string[] {
  const values = Object.entries(headers)
    .filter(([name]) => isSecretHeader(name))
    .flatMap(([, value]) => [value, value.replace(/^(Bearer|Basic)\s+/i, "")])
    .filter((value) => value.length >= 4);
  return [...new Set(values)].sort((a, b) => b.length - a.length);
}

/** `text` with every known secret and token-shaped string replaced. */
export function redactMessage(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) out = out.split(secret).join(REDACTED);
  for (const pattern of TOKEN_PATTERNS)
    out = out.replace(pattern, (match) =>
      /^(Bearer|Basic)/i.test(match) ? `${match.split(/\s+/)[0]} ${REDACTED}` : REDACTED,
    );
  return out;
}
