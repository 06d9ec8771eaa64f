/**
 * @module config/redact — secret redaction for the report's `config.yaml` (spec §2.9) and the
 * YAML dump itself. Never mutates its input: the running config keeps the real key.
 */
import { stringify } from "yaml";
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
 */
export function redactSecrets<T>(value: T): T {
  const walk = (node: unknown): unknown => {
    if (typeof node === "string") return redactUrl(node);
    if (Array.isArray(node)) return node.map(walk);
    if (isPlainObject(node)) {
      return Object.fromEntries(
        Object.entries(node).map(([key, child]) => [
          key,
          isSecretKey(key) && child !== null && child !== undefined ? REDACTED : walk(child),
        ]),
      );
    }
    return node;
  };
  return walk(value) as T;
}

/** A copy without null or undefined mapping values (the seed's `exclude_none`). */
export function withoutNulls(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withoutNulls);
  if (isPlainObject(node)) {
    const entries = Object.entries(node).filter(([, child]) => child !== null && child !== undefined);
    return Object.fromEntries(entries.map(([key, child]) => [key, withoutNulls(child)]));
  }
  return node;
}

/**
 * Strings a YAML 1.1 reader (PyYAML) resolves to something else — sexagesimal or underscored
 * numbers, binary ints, dates, merge and value keys — that Bun.YAML.stringify, a YAML 1.2
 * writer, may leave unquoted. (It does quote 1.1 booleans such as `on`, `no` and `y`.)
 */
const YAML11_LOOKALIKE = /^(?:[-+]?(?:0b[01_]*|[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?|[0-9][0-9_]*_[0-9_]*(?:\.[0-9_]*)?)|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt \t].*)?|=|<<)$/;

function hasYaml11Lookalike(node: unknown): boolean {
  if (typeof node === "string") return YAML11_LOOKALIKE.test(node);
  if (Array.isArray(node)) return node.some(hasYaml11Lookalike);
  if (isPlainObject(node)) return Object.entries(node).some(([key, child]) => YAML11_LOOKALIKE.test(key) || hasYaml11Lookalike(child));
  return false;
}

/**
 * YAML text of a resolved config, leaving out null fields (the seed's `exclude_none`), quoted
 * so that YAML 1.1 readers (PyYAML) read back the same values: `streaming: "on"` stays a string.
 * For the report's config.yaml call `toYamlText(redactSecrets(config))`. Bun's native writer
 * takes ~0.3 ms; the `yaml` package's first call took 10–20 ms of a benchmark's cold start, so
 * it is only the fallback for configs holding a string Bun's writer might leave ambiguous.
 * (Bun.YAML is Bun's own; a Bun without it fails every CLI test at once, not silently.)
 */
export function toYamlText(config: unknown): string {
  const plain = withoutNulls(config);
  // The rare fallback double-quotes every string and key: even the `yaml` package writes a `<<` key bare.
  if (hasYaml11Lookalike(plain)) return stringify(plain, { lineWidth: 0, version: "1.1", defaultStringType: "QUOTE_DOUBLE" });
  return `${Bun.YAML.stringify(plain, null, 2)}\n`;
}
