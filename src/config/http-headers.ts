/**
 * @module config/http-headers — the user's extra request headers (`--header 'Name: value'`,
 * `endpoint_config.headers`): read, checked against RFC 9110, and told apart when they carry a credential.
 *
 * Workers load it (error messages are scrubbed of credential values before they are recorded),
 * so it imports nothing. No message here ever quotes a header's value: it may be a secret.
 */

/** RFC 9110 §5.6.2: a field name is a token of these characters. */
const TOKEN_RE = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** RFC 9110 §5.5: a field value is HTAB, SP, visible ASCII and obs-text; anything else cannot be sent. */
const VALUE_RE = /^[\t\x20-\x7e\x80-\xff]*$/;
const LINE_BREAK_RE = /[\r\n]/;

/**
 * Framing and connection headers the HTTP client writes itself (RFC 9110 §7.6.1, RFC 9112): a
 * second value would corrupt the message or the connection.
 */
const CLIENT_OWNED = new Set([
  "content-length",
  "host",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "upgrade",
  "te",
  "trailer",
  "proxy-connection",
]);

const SECRET_NAMES = new Set(["authorization", "proxy-authorization", "cookie", "set-cookie"]);
const SECRET_PARTS = ["token", "secret", "password", "passwd", "apikey", "api-key", "api_key", "auth", "credential"];

/** Whether a header's value is a credential by its name: it is then never printed, logged or saved. */
export function isSecretHeader(name: string): boolean {
  const lower = name.toLowerCase();
  return (
    SECRET_NAMES.has(lower) ||
    SECRET_PARTS.some((part) => lower.includes(part)) ||
    lower.endsWith("-key") ||
    lower.endsWith("_key")
  );
}

type HeaderRead = { ok: true; headers: Record<string, string> } | { ok: false; problems: string[] };

/** `Name: value` split at its first colon, surrounding whitespace dropped (RFC 9110 §5.5: OWS is not part of the value). */
function splitLine(line: string): [string, string] | null {
  const colon = line.indexOf(":");
  if (colon < 0) return null;
  return [line.slice(0, colon).trim(), line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "")];
}

/** What is wrong with one header, without quoting its value; null when it can be sent. */
function headerProblem(name: string, value: string): string | null {
  if (name === "") return "a header has an empty name (expected 'Name: value')";
  if (!TOKEN_RE.test(name))
    return `header name '${name}' holds characters a name cannot (RFC 9110: letters, digits, !#$%&'*+-.^_\`|~)`;
  if (CLIENT_OWNED.has(name.toLowerCase())) return `'${name}' is written by the HTTP client for every request; drop it`;
  if (LINE_BREAK_RE.test(value))
    return `header '${name}': its value holds a line break (CR or LF), which would split the request`;
  if (!VALUE_RE.test(value))
    return `header '${name}': its value holds control or non-Latin-1 characters, which HTTP cannot carry`;
  return null;
}

/** Each `Name: value` of a list (the flag, a YAML list) or each entry of a mapping, as name → value. */
function entriesOf(input: unknown, problems: string[]): [string, string][] {
  if (Array.isArray(input)) {
    const entries: [string, string][] = [];
    input.forEach((item, index) => {
      const split = typeof item === "string" ? splitLine(item) : null;
      if (split) entries.push(split);
      else problems.push(`header #${index + 1} is not 'Name: value' (no ':' between a name and its value)`);
    });
    return entries;
  }
  if (typeof input === "object" && input !== null) {
    const entries: [string, string][] = [];
    for (const [name, value] of Object.entries(input)) {
      if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
        entries.push([name.trim(), String(value)]);
      else problems.push(`header '${name}': its value must be text`);
    }
    return entries;
  }
  problems.push("expected 'Name: value' headers (a list) or a mapping of names to values");
  return [];
}

/** The headers of `input` (names as spelled; one per name, in any letter case), or every problem with them. */
export function readHeaders(input: unknown): HeaderRead {
  const problems: string[] = [];
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [name, value] of entriesOf(input, problems)) {
    const problem = headerProblem(name, value);
    if (problem) problems.push(problem);
    else if (seen.has(name.toLowerCase())) problems.push(`header '${name}' is given twice`);
    else {
      seen.add(name.toLowerCase());
      headers[name] = value;
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, headers };
}

/** The headers as fetch gets them: lower-case names, so that one given as `Accept` replaces the client's `accept`. */
export function wireHeaders(headers: Readonly<Record<string, string>> | null | undefined): Record<string, string> {
  const wire: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) wire[name.toLowerCase()] = value;
  return wire;
}
