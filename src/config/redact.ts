/**
 * @module config/redact — secret redaction for the report's `config.yaml`, URLs in
 * messages and error bodies. Never mutates its input: the running config keeps the real key.
 * Workers load it (error bodies are redacted before they are recorded), so it imports nothing
 * heavy: the YAML writing is config/yaml-text.
 */
import { isSecretHeader } from "./http-headers.ts";
import { isPlainObject } from "./object-path.ts";

export const REDACTED = "<redacted>";

const SECRET_NAMES = new Set(["api_key", "access_token", "authorization", "auth_token", "password", "token"]);
const SCHEME_RE = /^[a-z][a-z0-9+.-]*:\/\//i;
/** `user:password@host…` typed without a scheme (a common slip on the command line). */
const SCHEMELESS_USERINFO_RE = /^[^\s/@:]+:[^\s/@]*@/;

/** Whether a mapping key (case-insensitive, `-` same as `_`) names a secret. */
export function isSecretKey(key: string): boolean {
  const name = key.toLowerCase().replaceAll("-", "_");
  return (
    SECRET_NAMES.has(name) ||
    name.endsWith("_key") ||
    name.endsWith("_token") ||
    name.endsWith("_password") ||
    name.includes("secret")
  );
}

function redactQuery(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      const eq = pair.indexOf("=");
      if (eq < 0) return pair;
      let name = pair.slice(0, eq);
      try {
        name = decodeURIComponent(name);
      } catch {
        // A malformed escape is still checked under its raw spelling.
      }
      return isSecretKey(name) ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join("&");
}

/**
 * Hides credentials in a URL of any scheme (and in a scheme-less `user:pass@host`): userinfo
 * becomes `<redacted>@host`, secret-named query parameters get `<redacted>` values. Anything
 * else is returned unchanged (no normalisation).
 */
export function redactUrl(text: string): string {
  const scheme = SCHEME_RE.exec(text);
  if (!scheme && !SCHEMELESS_USERINFO_RE.test(text)) return text;
  const start = scheme ? scheme[0].length : 0;
  const authorityEnd = text.slice(start).search(/[/?#]/);
  const end = authorityEnd < 0 ? text.length : start + authorityEnd;
  const authority = text.slice(start, end);
  const at = authority.lastIndexOf("@");
  let result = at < 0 ? text.slice(0, end) : `${text.slice(0, start)}${REDACTED}@${authority.slice(at + 1)}`;
  const rest = text.slice(end);
  const queryStart = rest.indexOf("?");
  if (queryStart < 0) return result + rest;
  const hash = rest.indexOf("#", queryStart);
  const queryEnd = hash < 0 ? rest.length : hash;
  result += `${rest.slice(0, queryStart + 1)}${redactQuery(rest.slice(queryStart + 1, queryEnd))}${rest.slice(queryEnd)}`;
  return result;
}

/**
 * A deep copy of `value` with secret-named values replaced and URL credentials hidden. Typed as
 * `T` for configs, whose secret fields are strings; a non-string secret also becomes the string.
 * A mapping under `headers` holds HTTP headers: those are judged by header name (`Cookie`, `X-Goog-Api-Key`).
 */
export function redactSecrets<T>(value: T): T {
  const walk = (node: unknown, inHeaders = false): unknown => {
    if (typeof node === "string") return redactUrl(node);
    if (Array.isArray(node)) return node.map((child) => walk(child));
    if (isPlainObject(node)) {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => {
          const secret = isSecretKey(key) || (inHeaders && isSecretHeader(key));
          return [key, secret && child !== null && child !== undefined ? REDACTED : walk(child, key === "headers")];
        }),
      );
    }
    return node;
  };
  return walk(value) as T;
}
