/** @module config/flag-values — converts one command-line value to the type its flag expects. */
import { tryParseDurationMs } from "./duration.ts";
import type { FlagSpec } from "./flags.ts";

type FlagValue = { ok: true; value: unknown } | { ok: false; message: string };

const NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;
const INTEGER_RE = /^[+-]?\d+$/;
const BOOLEAN_WORDS: Readonly<Record<string, boolean>> = {
  true: true,
  false: false,
  yes: true,
  no: false,
  on: true,
  off: false,
  "1": true,
  "0": false,
};

/** `true`/`false` (and yes/no, on/off, 1/0) as a boolean, else undefined. */
export function readBooleanWord(raw: string): boolean | undefined {
  return BOOLEAN_WORDS[raw.trim().toLowerCase()];
}

/** Converts `raw` for `spec`, naming the flag as `name` (the spelling the user typed) in errors. */
export function convertFlagValue(spec: FlagSpec, name: string, raw: string): FlagValue {
  const value = raw.trim();
  if (spec.nullable && (value === "none" || value === "null")) return { ok: true, value: null };
  switch (spec.kind) {
    case "string":
      return { ok: true, value };
    case "number":
      return NUMBER_RE.test(value)
        ? { ok: true, value: Number(value) }
        : { ok: false, message: `${name} expects a number, got '${raw}'` };
    case "integer":
      return INTEGER_RE.test(value)
        ? { ok: true, value: Number.isSafeInteger(Number(value)) ? Number(value) : BigInt(value) }
        : { ok: false, message: `${name} expects a whole number, got '${raw}'` };
    case "boolean": {
      const word = readBooleanWord(value);
      return word === undefined
        ? { ok: false, message: `${name} expects true or false, got '${raw}'` }
        : { ok: true, value: word };
    }
    case "duration": {
      const parsed = tryParseDurationMs(value);
      // Kept as typed; the schema converts it, so YAML and flags share one parser.
      return parsed.ok ? { ok: true, value } : { ok: false, message: `${name}: ${parsed.message}` };
    }
    case "enum": {
      const match = spec.choices?.find(
        (c) => c === value || (spec.caseInsensitive === true && c.toLowerCase() === value.toLowerCase()),
      );
      return match !== undefined
        ? { ok: true, value: match }
        : { ok: false, message: `${name} expects one of ${(spec.choices ?? []).join(", ")}; got '${raw}'` };
    }
    case "list": {
      const items = spec.commaSeparated ? value.split(",") : [value];
      return { ok: true, value: items.map((item) => item.trim()).filter((item) => item !== "") };
    }
  }
}
