/**
 * @module config/schema/primitives — lax leaf schemas shared by every config section.
 *
 * YAML values pass through `${VAR}` interpolation and therefore often arrive as strings
 * ("10", "true"); upstream's Pydantic models coerce those, so ours do too. Each helper also
 * tags its schema with the flag kind, so `flags.ts` can derive one flag per leaf from the schema.
 */
import { z } from "zod";
import { tryParseDurationMs } from "../duration.ts";
import { narrowInteger } from "../../rng/narrow-integer.ts";
import { readHeaders } from "../http-headers.ts";
import { jsonErrorOffset } from "../json-error-position.ts";

/**
 * Options for parsing a config (once or twice per run): zod's compiled object parsers, generated
 * with `new Function` on first use, cost more at start-up than they ever pay back.
 */
export const ONE_SHOT_PARSE = { reportInput: true, jitless: true } as const;

export type FlagKind = "string" | "number" | "integer" | "boolean" | "list" | "duration" | "enum";

/** What a flag parser needs to know about a leaf schema. */
interface LeafMeta {
  kind: FlagKind;
  choices?: readonly string[];
  /** An enum read in any letter case. */
  caseInsensitive?: boolean;
  /** A text field that `--no-FLAG` sets to false. */
  negatable?: boolean;
  /** A list whose items may hold commas (`--header 'Accept: a, b'`): one item per flag. */
  itemPerFlag?: boolean;
}

/** Registry of leaf schemas created by the helpers below (read by `schema-walk.ts`). */
export const leafRegistry = z.registry<LeafMeta>();

export function tag<T extends z.ZodType>(schema: T, meta: LeafMeta): T {
  leafRegistry.add(schema, meta);
  return schema;
}

const NUMERIC_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const TRUE_WORDS = new Set(["true", "yes", "on", "1"]);
const FALSE_WORDS = new Set(["false", "no", "off", "0"]);

function coerceNumber(value: unknown): unknown {
  if (typeof value === "string" && NUMERIC_RE.test(value.trim())) return Number(value.trim());
  return value;
}

function coerceBoolean(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return value;
}

/** A trimmed string; finite numbers are accepted and stringified (`version: 1.0`). */
export function text() {
  return tag(
    z.preprocess((v) => (typeof v === "number" && Number.isFinite(v) ? String(v) : v), z.string().trim()),
    { kind: "string" },
  );
}

/**
 * A trimmed string or null; a blank string also means null, so `api_key: ${API_KEY:-}` with the
 * variable unset means "no key" rather than an empty one. Add `.default(null)` as needed.
 */
export function optionalText() {
  return z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? null : v), text().nullable());
}

/**
 * Like `optionalText`, or `false` (YAML `false`, `--no-FLAG`): switched off, where null means
 * "the default". Its flag is negatable (config/flags).
 */
export function textOrOff() {
  return tag(
    z.preprocess(
      (v) => (v === "false" ? false : typeof v === "string" && v.trim() === "" ? null : v),
      z.union([z.literal(false), z.string().trim(), z.null()]),
    ),
    { kind: "string", negatable: true },
  );
}

/** A float; numeric strings are accepted. Pass a configured `z.number()` for bounds. */
export function num(inner: z.ZodNumber = z.number()) {
  return tag(z.preprocess(coerceNumber, inner), { kind: "number" });
}

/** An integer; numeric strings are accepted. Pass a configured `z.number().int()` for bounds. */
export function int(inner: z.ZodNumber = z.number().int()) {
  return tag(z.preprocess(coerceNumber, inner.int()), { kind: "integer" });
}

/**
 * An RNG seed of any size (a negative one seeds with its absolute value, as in Python): MLPerf's
 * ruleset seeds exceed 2^53, so seeds too large for a number arrive (from YAML, flags or a
 * ruleset) as bigints and stay exact.
 */
export function seedInt() {
  const read = (v: unknown): unknown => {
    if (typeof v === "string" && /^[+-]?\d+$/.test(v.trim())) return narrowInteger(BigInt(v.trim()));
    return typeof v === "bigint" ? narrowInteger(v) : v;
  };
  // Negative seeds are accepted, as upstream's (Python's) are: CPython seeds with the absolute value (rng/python-random).
  const seed = z.union([z.number().int(), z.bigint()], {
    error: (issue) =>
      `expected a whole number (an RNG seed), got ${typeof issue.input === "string" ? `'${issue.input}'` : String(issue.input)}`,
  });
  return tag(z.preprocess(read, seed), { kind: "integer" });
}

/** A boolean; "true/false", "yes/no", "on/off", "1/0" strings are accepted. */
export function bool() {
  return tag(z.preprocess(coerceBoolean, z.boolean()), { kind: "boolean" });
}

/**
 * One of `values` (trimmed); `normalize` maps accepted spellings onto them first. With
 * `caseInsensitive`, any letter case selects a value (the flag parser reads the same tag, so
 * `--client.log-level info` works as `log_level: info` does).
 */
export function choice<const T extends readonly [string, ...string[]]>(
  values: T,
  options: { normalize?: (v: unknown) => unknown; caseInsensitive?: boolean } = {},
) {
  const prepare = (v: unknown): unknown => {
    const trimmed = typeof v === "string" ? v.trim() : v;
    if (options.caseInsensitive && typeof trimmed === "string")
      return values.find((c) => c.toLowerCase() === trimmed.toLowerCase()) ?? trimmed;
    return options.normalize ? options.normalize(trimmed) : trimmed;
  };
  return tag(z.preprocess(prepare, z.enum(values)), {
    kind: "enum",
    choices: values,
    ...(options.caseInsensitive ? { caseInsensitive: true } : {}),
  });
}

/** A list; a single scalar is accepted as a one-item list. */
export function list<T extends z.ZodType>(item: T) {
  return tag(
    z.preprocess((v) => (typeof v === "string" || typeof v === "number" ? [v] : v), z.array(item)),
    { kind: "list" },
  );
}

/** Whole milliseconds ≥ 0 from an integer or a string such as "600s", "10m", "1.5m", "500ms". */
export function durationMs(options: { fractional?: boolean } = {}) {
  const fractional = options.fractional === true;
  const read = (v: unknown, ctx: z.RefinementCtx): unknown => {
    if (typeof v !== "string") return v;
    const parsed = tryParseDurationMs(v, fractional);
    if (parsed.ok) return parsed.ms;
    ctx.addIssue({ code: "custom", message: parsed.message, continue: false });
    return v;
  };
  return tag(z.preprocess(read, fractional ? z.number().min(0) : z.number().int().min(0)), { kind: "duration" });
}

/** A free-form mapping; on the command line it is given as a JSON object string. */
export function jsonObject() {
  const read = (v: unknown, ctx: z.RefinementCtx): unknown => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({
        code: "custom",
        message: `expected a mapping or a JSON object string, got '${v}'`,
        continue: false,
      });
      return v;
    }
  };
  return tag(z.preprocess(read, z.record(z.string(), z.unknown())), { kind: "string" });
}

/**
 * Extra HTTP headers (config/http-headers): `Name: value` items (the repeatable flag, a YAML
 * list) or a mapping, kept as a mapping; a malformed or client-owned header is an issue that never quotes a value.
 */
export function headerMap() {
  const read = (v: unknown, ctx: z.RefinementCtx): unknown => {
    if (v === null || v === undefined) return v;
    const parsed = readHeaders(v);
    if (parsed.ok) return parsed.headers;
    for (const message of parsed.problems) ctx.addIssue({ code: "custom", message, continue: false });
    return {};
  };
  return tag(z.preprocess(read, z.record(z.string(), z.string())), { kind: "list", itemPerFlag: true });
}

const kindOf = (v: unknown): string => (Array.isArray(v) ? "an array" : v === null ? "null" : `a ${typeof v}`);

/**
 * A JSON object merged into request bodies; on the command line a JSON text. Errors give the
 * character where the JSON breaks, never the text, since it may carry a credential.
 */
export function jsonBody() {
  const read = (v: unknown, ctx: z.RefinementCtx): unknown => {
    let value = v;
    if (typeof v === "string") {
      try {
        value = JSON.parse(v) as unknown;
      } catch {
        const at = jsonErrorOffset(v) ?? v.length;
        const where = at >= v.length ? "it ends too soon" : `at character ${at + 1} of ${v.length}`;
        ctx.addIssue({ code: "custom", message: `not valid JSON: ${where}`, continue: false });
        return {};
      }
    }
    if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
    ctx.addIssue({
      code: "custom",
      message: `must be a JSON object ({"key": value, …}), got ${kindOf(value)}`,
      continue: false,
    });
    return {};
  };
  return tag(z.preprocess(read, z.record(z.string(), z.unknown())), { kind: "string" });
}
