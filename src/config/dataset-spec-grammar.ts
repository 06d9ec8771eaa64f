/**
 * @module config/dataset-spec-grammar — splits `[perf:|acc:]PATH[,key=value…]` into a raw dataset
 * object (values stay strings; the dataset schema coerces and validates them). Values may
 * contain `=` and `:` (`template=Q: {q}`) but never `,`.
 */

/**
 * Columns a `parser.<target>=<column>` option may fill (`query` and `documents`: api_type rerank, dataset/rerank-body;
 * `image`, `images`, `audio`, `video`: media, dataset/media-columns).
 */
export const PARSER_TARGETS = [
  "prompt",
  "system",
  "model",
  "query",
  "documents",
  "image",
  "images",
  "audio",
  "video",
] as const;

/**
 * Options are split on commas, so `template=` cannot contain one on the command line; a
 * non-option right after a template is almost certainly the rest of it.
 */
const TEMPLATE_COMMA_MESSAGE =
  "a template cannot contain commas on the command line (options are split on ','); put it in a YAML config (template:)";

type GrammarResult = { ok: true; value: Record<string, unknown> } | { ok: false; message: string };

const TYPE_PREFIXES: Readonly<Record<string, string>> = { "perf:": "performance", "acc:": "accuracy" };

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Sets `keys` (a dotted option name) to `value`, TOML-style; returns an error message on a clash. */
function assign(target: Record<string, unknown>, keys: string[], value: string, option: string): string | undefined {
  let node = target;
  for (const [index, key] of keys.entries()) {
    const last = index === keys.length - 1;
    const existing = node[key];
    if (last) {
      if (existing !== undefined) {
        return isPlainObject(existing)
          ? `'${option}' sets '${keys.join(".")}' which already holds nested options`
          : `'${keys.join(".")}' is given twice`;
      }
      node[key] = value;
      return undefined;
    }
    if (existing === undefined) node[key] = {};
    const next = node[key];
    if (!isPlainObject(next))
      return `'${option}' nests under '${keys.slice(0, index + 1).join(".")}' which already has a value`;
    node = next;
  }
  return undefined;
}

/** Parses one `--dataset` string; never throws. */
export function splitDatasetSpec(spec: string): GrammarResult {
  let rest = spec.trim();
  let type: string | undefined;
  for (const [prefix, name] of Object.entries(TYPE_PREFIXES)) {
    if (rest.startsWith(prefix)) {
      type = name;
      rest = rest.slice(prefix.length);
      break;
    }
  }
  const [rawPath = "", ...options] = rest.split(",");
  const path = rawPath.trim();
  if (path === "") return { ok: false, message: "missing dataset path before the options" };
  // Without a prefix the schema's default (performance) applies, so `type=accuracy` also works.
  const value: Record<string, unknown> = type === undefined ? { path } : { type, path };
  let afterTemplate = false;
  for (const rawOption of options) {
    const option = rawOption.trim();
    const eq = option.indexOf("=");
    if (afterTemplate && eq < 0) return { ok: false, message: TEMPLATE_COMMA_MESSAGE };
    if (option === "") return { ok: false, message: "empty option (two commas in a row or a trailing comma)" };
    if (eq < 0) {
      const hint = option.includes(":") ? " (did you mean '=' instead of ':'?)" : "";
      return { ok: false, message: `option '${option}' is not key=value${hint}` };
    }
    afterTemplate = option.slice(0, eq).trim() === "template";
    const key = option.slice(0, eq).trim();
    const keys = key.split(".").map((part) => part.trim());
    if (keys.some((part) => part === "")) return { ok: false, message: `option '${option}' has an empty key` };
    if (keys[0] === "parser" && keys.length === 2 && !(PARSER_TARGETS as readonly string[]).includes(keys[1] ?? "")) {
      return {
        ok: false,
        message: `unknown parser target '${keys[1]}' (valid targets: ${PARSER_TARGETS.join(", ")})`,
      };
    }
    const problem = assign(value, keys, option.slice(eq + 1).trim(), option);
    if (problem) return { ok: false, message: problem };
  }
  return { ok: true, value };
}
