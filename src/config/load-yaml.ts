/**
 * @module config/load-yaml — reads a YAML config file into a plain object: file errors, syntax
 * errors with file:line:col, a mapping at the top level, then `${VAR}` interpolation as upstream
 * does it.
 */
import { readFileSync } from "node:fs";
import { parseDocument, type ScalarTag, type Tags } from "yaml";
import { InputError } from "../errors.ts";
import { interpolateEnv } from "./env-interpolate.ts";
import { isPlainObject } from "./object-path.ts";
import { narrowInteger } from "../rng/narrow-integer.ts";

/**
 * YAML's decimal-integer tag, resolving integers beyond 2^53 to exact bigints: a saved config
 * carries 64-bit MLPerf seeds as bare integers, and a reload must give the same values.
 */
function exactIntegers(tags: Tags): Tags {
  return tags.map((tag) =>
    typeof tag === "object" && tag.tag === "tag:yaml.org,2002:int" && tag.format === undefined && !("collection" in tag)
      ? ({ ...tag, resolve: (source: string) => narrowInteger(BigInt(source)) } satisfies ScalarTag)
      : tag,
  );
}

function readText(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT")
      throw new InputError(`config file not found: ${path}`, { hint: "check the path given to --config/-c" });
    if (code === "EISDIR") throw new InputError(`config path is a directory, not a file: ${path}`);
    throw new InputError(`cannot read config file ${path}: ${(error as Error).message}`, { cause: error });
  }
}

function describeKind(value: unknown): string {
  if (value === null || value === undefined) return "an empty document";
  if (Array.isArray(value)) return "a list";
  return `a ${typeof value}`;
}

/** Parses the YAML at `path`; `env` (default: the process environment) feeds interpolation. */
export function loadYamlConfig(path: string, env: Readonly<Record<string, string | undefined>> = process.env): unknown {
  const text = readText(path);
  const doc = parseDocument(text, { prettyErrors: true, uniqueKeys: true, customTags: exactIntegers });
  if (doc.errors.length > 0) {
    const lines = doc.errors.map((error) => {
      const where = error.linePos?.[0];
      const location = where ? `${path}:${where.line}:${where.col}` : path;
      const summary = (error.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, "");
      return `${location}: ${summary}`;
    });
    const [first] = lines;
    const message =
      lines.length === 1 && first ? `invalid YAML: ${first}` : `invalid YAML in ${path}:\n  - ${lines.join("\n  - ")}`;
    throw new InputError(message, {
      hint: "fix the YAML syntax at the position shown (indentation, quotes, ':' after keys)",
    });
  }
  const tree: unknown = doc.toJS({ maxAliasCount: 100 });
  if (!isPlainObject(tree)) {
    throw new InputError(`${path}: expected a YAML mapping at the top level, got ${describeKind(tree)}`, {
      hint: "a config starts with keys such as `type: offline` and `model_params:`",
    });
  }
  const { value, problems } = interpolateEnv(tree, env);
  if (problems.length > 0) {
    const lines = problems.map((p) => `${p.path}: environment variable ${p.variable} is not set`);
    const message =
      lines.length === 1
        ? `${path}: ${lines[0]}`
        : `${path}: ${lines.length} environment variables are not set:\n  - ${lines.join("\n  - ")}`;
    throw new InputError(message, {
      hint: "export the variable, or give a default with ${VAR:-default}",
    });
  }
  return value;
}
