/**
 * @module accuracy/bfcl/py-values — the slice of Python's value model BFCL's AST checker relies on:
 * `type(x)` names, `==`, `in`, `len`, index loops, and `int()` / `float()` / `str.strip()` of text.
 *
 * JSON values stand for Python ones: null is None, arrays are lists, plain objects are dicts. JSON
 * cannot tell `1` from `1.0` once parsed, yet the checker does (an `integer` parameter rejects
 * `2.0`, a float array rejects `[1, 2]`), so a float is a number that is not an integer or a
 * {@link PyFloat}; {@link parseBfclJson} keeps every literal written with `.` or an exponent a
 * float, as Python's json.loads does. Where Python raises, these helpers throw {@link PyRaise}.
 */
import { PY_SPACE, pyStrip } from "../python-space.ts";

/** A Python float whose value happens to be an integer (`1.0`), which a bare number cannot show. */
export class PyFloat {
  constructor(readonly value: number) {}
  toJSON(): number {
    return this.value;
  }
}

/** A Python exception the checker would raise at this point (KeyError, TypeError, ...). */
export class PyRaise extends Error {
  constructor(
    readonly kind: string,
    message: string,
  ) {
    super(message);
  }
}

export type PyType = "NoneType" | "bool" | "int" | "float" | "str" | "list" | "dict";
export type PyDict = Record<string, unknown>;

export function pyType(value: unknown): PyType {
  if (value === null || value === undefined) return "NoneType";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "number") return Number.isInteger(value) ? "int" : "float";
  if (value instanceof PyFloat) return "float";
  if (typeof value === "string") return "str";
  return Array.isArray(value) ? "list" : "dict";
}

export const isDict = (value: unknown): value is PyDict => pyType(value) === "dict";

/** JSON text to values, with float literals kept floats (the reviver sees each literal's source). */
export function parseBfclJson(text: string): unknown {
  const revive = (_key: string, value: unknown, context?: { source?: string }): unknown =>
    typeof value === "number" && context?.source !== undefined && /[.eE]/.test(context.source)
      ? new PyFloat(value)
      : value;
  return JSON.parse(text, revive as (key: string, value: unknown) => unknown);
}

/** The number behind an int, float or bool (Python compares them by value: `True == 1 == 1.0`). */
function numeric(value: unknown): number | null {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value instanceof PyFloat ? value.value : null;
}

/** Python's `a == b` for these values. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const [x, y] = [numeric(a), numeric(b)];
  if (x !== null || y !== null) return x !== null && y !== null && x === y;
  const [ta, tb] = [pyType(a), pyType(b)];
  if (ta !== tb) return false;
  if (ta === "list") {
    const [la, lb] = [a as unknown[], b as unknown[]];
    return la.length === lb.length && la.every((item, i) => pyEquals(item, lb[i]));
  }
  if (ta === "dict") {
    const [da, db] = [a as PyDict, b as PyDict];
    const keys = Object.keys(da);
    return keys.length === Object.keys(db).length && keys.every((k) => Object.hasOwn(db, k) && pyEquals(da[k], db[k]));
  }
  return a === b || ta === "NoneType";
}

/** Python's `needle in container`: list members, substrings, dict keys. */
export function pyContains(container: unknown, needle: unknown): boolean {
  const type = pyType(container);
  if (type === "list") return (container as unknown[]).some((item) => pyEquals(item, needle));
  if (type === "str") {
    if (typeof needle !== "string")
      throw new PyRaise("TypeError", `'in <string>' requires string as left operand, not ${pyType(needle)}`);
    return (container as string).includes(needle);
  }
  if (type === "dict") {
    if (pyType(needle) === "list" || pyType(needle) === "dict")
      throw new PyRaise("TypeError", `unhashable type: '${pyType(needle)}'`);
    // JSON keys are strings, and a number never equals a string in Python.
    return typeof needle === "string" && Object.hasOwn(container as PyDict, needle);
  }
  throw new PyRaise("TypeError", `argument of type '${type}' is not iterable`);
}

/** `for x in value`: list items, a string's characters, a dict's keys. */
export function pyIter(value: unknown): unknown[] {
  const type = pyType(value);
  if (type === "list") return value as unknown[];
  if (type === "str") return Array.from(value as string);
  if (type === "dict") return Object.keys(value as PyDict);
  throw new PyRaise("TypeError", `'${type}' object is not iterable`);
}

/** `for i in range(len(value)): value[i]` — a dict has no key 0, so a non-empty one raises. */
export function pySequence(value: unknown): unknown[] {
  if (isDict(value) && Object.keys(value).length > 0) throw new PyRaise("KeyError", "0");
  if (pyType(value) !== "list" && pyType(value) !== "str" && !isDict(value))
    throw new PyRaise("TypeError", `object of type '${pyType(value)}' has no len()`);
  return pyIter(value);
}

export const pyLen = (value: unknown): number => pyIter(value).length;

/** `value[key]` on a dict (or a list or string by position), raising as Python does. */
export function pyGet(value: unknown, key: string | number): unknown {
  if (typeof key === "number" && (pyType(value) === "list" || pyType(value) === "str")) {
    const items = pyIter(value);
    if (key >= items.length) throw new PyRaise("IndexError", "index out of range");
    return items[key];
  }
  if (isDict(value)) {
    if (typeof key === "string" && Object.hasOwn(value, key)) return value[key];
    throw new PyRaise("KeyError", String(key));
  }
  throw new PyRaise("TypeError", `'${pyType(value)}' object is not subscriptable by ${typeof key}`);
}

/** `d.items()`; anything but a dict has no such method. */
export function pyItems(value: unknown): [string, unknown][] {
  if (!isDict(value)) throw new PyRaise("AttributeError", `'${pyType(value)}' object has no attribute 'items'`);
  return Object.entries(value);
}

/** Sets a dict key, `__proto__` included (plain assignment would change the prototype). */
export function setKey(dict: PyDict, key: string, value: unknown): void {
  Object.defineProperty(dict, key, { value, enumerable: true, writable: true, configurable: true });
}

export { PY_SPACE, pyStrip };

/** `s[start:end]` by code point, as Python indexes strings. */
export const pySlice = (text: string, start: number, end?: number): string =>
  Array.from(text).slice(start, end).join("");

/** A decimal digit of any script, as Python's `\d`, `int()` and `float()` take them. */
export const PY_DIGIT = "\\p{Nd}";
const DIGIT = new RegExp(PY_DIGIT, "u");
const DIGITS = `${PY_DIGIT}(?:_?${PY_DIGIT})*`;
const INT_TEXT = new RegExp(`^[+-]?${DIGITS}$`, "u");
const FLOAT_TEXT = new RegExp(`^[+-]?(?:(?:${DIGITS})?\\.${DIGITS}|${DIGITS}\\.?)(?:[eE][+-]?${DIGITS})?$`, "u");
const FLOAT_WORD = /^[+-]?(?:inf|infinity|nan)$/i;

/**
 * ASCII for every decimal digit. Unicode lays each script's digits out as a run of ten from 0 to 9,
 * and adjacent runs are whole, so a digit's value is its distance from the run's start, mod 10.
 */
function asciiDigits(text: string): string {
  return Array.from(text, (c) => {
    if (!DIGIT.test(c)) return c;
    const code = c.codePointAt(0) as number;
    let before = 0;
    while (DIGIT.test(String.fromCodePoint(code - before - 1))) before++;
    return String(before % 10);
  }).join("");
}

/** `int(text)`: surrounding spaces, a sign, digits (of any script) with single underscores between them. */
export function pyInt(text: string): number {
  const body = pyStrip(text);
  if (!INT_TEXT.test(body)) throw new PyRaise("ValueError", `invalid literal for int() with base 10: '${text}'`);
  return Number(asciiDigits(body).replaceAll("_", ""));
}

/** `float(text)`, always a {@link PyFloat} so that `float("3")` stays a float. */
export function pyFloat(text: string): PyFloat {
  const body = pyStrip(text);
  if (FLOAT_WORD.test(body)) {
    const sign = body.startsWith("-") ? -1 : 1;
    return new PyFloat(/nan/i.test(body) ? Number.NaN : sign * Number.POSITIVE_INFINITY);
  }
  if (!FLOAT_TEXT.test(body)) throw new PyRaise("ValueError", `could not convert string to float: '${text}'`);
  return new PyFloat(Number(asciiDigits(body).replaceAll("_", "")));
}
