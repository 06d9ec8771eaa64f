/**
 * @module mlperf/python-json — JSON as Python's `json.loads` reads upstream's files: `NaN`,
 * `Infinity` and `-Infinity` are numbers (`json.dumps` writes them), an integer too large for a
 * double stays exact (a bigint), and an integral float (`995.0`) stays a float (mlperf/python-values'
 * PyFloat), so the checker prints what upstream's would.
 */
import { narrowInteger } from "../rng/narrow-integer.ts";
import { PyFloat } from "./python-values.ts";

const MARK = "\u0000py:";
/** A string literal (kept as it is) or one of Python's non-finite tokens (made a marked string). */
const TOKENS = /"(?:[^"\\]|\\.)*"|-?Infinity|NaN/g;
const SPECIAL: Readonly<Record<string, number>> = { NaN: Number.NaN, Infinity: Infinity, "-Infinity": -Infinity };

export function parsePythonJson(text: string): unknown {
  // The mark's NUL goes in escaped: a raw control character is not allowed inside a JSON string.
  const marked = text.replace(TOKENS, (token) => (token.startsWith('"') ? token : `"\\u0000py:${token}"`));
  return JSON.parse(marked, (_key, value: unknown, context?: { source?: string }) => {
    if (typeof value === "string" && value.startsWith(MARK)) return SPECIAL[value.slice(MARK.length)];
    if (typeof value !== "number" || context?.source === undefined) return value;
    if (/[.eE]/.test(context.source)) return Number.isInteger(value) ? new PyFloat(value) : value;
    return Number.isSafeInteger(value) ? value : narrowInteger(BigInt(context.source));
  });
}
