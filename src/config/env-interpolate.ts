/**
 * @module config/env-interpolate — `${VAR}`, `${VAR:-default}`, `$VAR` and `$$` in YAML string
 * values (never keys), as upstream does. A variable that is unset and has no default is an
 * error naming the YAML path, collected with all the others. Unlike the shell's `:-`, the default
 * replaces only an unset variable: one set to "" stays empty, as upstream reads it.
 */
import { formatPath, isPlainObject, type PathSegment } from "./object-path.ts";

interface InterpolationProblem {
  path: string;
  variable: string;
}

// `$$` | `${NAME}` / `${NAME:-default}` | `$NAME`
const TOKEN_RE = /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g;

/** Expands one string; names of variables that are unset (and have no default) go to `missing`. */
export function interpolateString(
  text: string,
  env: Readonly<Record<string, string | undefined>>,
  missing: string[],
): string {
  return text.replace(
    TOKEN_RE,
    (match, braced: string | undefined, fallback: string | undefined, bare: string | undefined) => {
      if (match === "$$") return "$";
      const name = braced ?? bare ?? "";
      const value = env[name];
      if (fallback !== undefined) return value === undefined ? fallback : value;
      if (value === undefined) {
        missing.push(name);
        return match;
      }
      return value;
    },
  );
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
