/**
 * @module config/env-interpolate — `${VAR}`, `${VAR:-default}`, `$VAR` and `$$` in YAML string
 * values (never keys), with upstream's `resolve_env_var_string` semantics. A variable that is unset
 * and has no default is an error naming the YAML path, collected with all the others. Unlike the
 * shell's `:-`, the default replaces only an unset variable: one set to "" stays empty, as upstream.
 */
import { formatPath, isPlainObject, type PathSegment } from "./object-path.ts";

interface InterpolationProblem {
  path: string;
  variable: string;
}

/**
 * Upstream's pattern, token for token: a `$` right after another `$` starts nothing; a name is an
 * ASCII letter or `_` then Python's Unicode `\w` (letters, digits, numerals, `_`); the default is
 * the shortest run up to the first `}` and, like Python's `.`, never crosses a newline.
 */
const TOKEN_RE = /(?<!\$)\$\{([A-Za-z_][\p{L}\p{N}_]*)(?::-([^\n]*?))?\}|(?<!\$)\$([A-Za-z_][\p{L}\p{N}_]*)/gu;

/**
 * Expands one string; names of variables that are unset (and have no default) go to `missing`.
 * As upstream, `$$` becomes `$` after substitution, so it also collapses inside substituted values.
 */
export function interpolateString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  missing: string[],
): string {
  const substituted = text.replace(
    TOKEN_RE,
    (match, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      const name = braced ?? bare ?? "";
      const value = env[name];
      if (value !== undefined) return value;
      if (fallback !== undefined) return fallback;
      missing.push(name);
      return match;
    },
  );
  return substituted.split("$$").join("$");
}

/** Returns a copy of `tree` with every string value expanded, plus every missing variable. */
export function interpolateEnv(
  tree: unknown,
  env: Readonly<Record<string, string | undefined>> = process.env,
): { value: unknown; problems: InterpolationProblem[] } {
  const problems: InterpolationProblem[] = [];
  const walk = (node: unknown, path: PathSegment[]): unknown => {
    if (typeof node === "string") {
      const missing: string[] = [];
      const expanded = interpolateString(node, env, missing);
      for (const variable of missing) problems.push({ path: formatPath(path), variable });
      return expanded;
    }
    if (Array.isArray(node)) return node.map((item, index) => walk(item, [...path, index]));
    if (isPlainObject(node)) {
      return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, walk(value, [...path, key])]));
    }
    return node;
  };
  return { value: walk(tree, []), problems };
}
