/**
 * @module dataset/predefined/bfcl/python-json — Python's `json.loads` / `json.dumps()` (default
 * arguments), for the strings upstream's BFCL code writes with them.
 *
 * Upstream stores `ground_truth` and `func_description` as `json.dumps(...)` text and its
 * function_call_extractor answers with `json.dumps(calls)`; the scorer compares those strings'
 * contents, and a report reader compares them byte for byte. `JSON.stringify` differs in three
 * ways: Python keeps a float a float (`1.0`, `1e-05`), escapes every non-ASCII character
 * (`ensure_ascii`), and separates with ", " and ": ". So values keep Python's types: an int is a
 * bigint (arbitrary precision, as Python's), a float a number, a dict a {@link PyDict} (insertion
 * order even for keys like "1", which a JS object would move to the front). Reading is in
 * python-json-parse.
 */

/** A dict key Python's json can write: str, int, float, bool or None. */
export type PyKey = null | boolean | string | bigint | number;
export type PyValue = PyKey | PyValue[] | PyDict;

/** Python's key identity: True == 1 == 1.0 and -0.0 == 0, so they share one slot. */
function slotOf(key: PyKey): string {
  if (key === null) return "n";
  if (typeof key === "string") return `s${key}`;
  if (typeof key === "boolean") return key ? "i1" : "i0";
  if (typeof key === "bigint") return `i${key}`;
  return Number.isInteger(key) ? `i${BigInt(key)}` : `f${key}`;
}

/** A Python dict: a re-set key keeps its first position and first spelling, as in Python. */
export class PyDict {
  private readonly slots = new Map<string, [PyKey, PyValue]>();

  set(key: PyKey, value: PyValue): void {
    const slot = slotOf(key);
    const existing = this.slots.get(slot);
    this.slots.set(slot, [existing ? existing[0] : key, value]);
  }
  get(key: PyKey): PyValue | undefined {
    return this.slots.get(slotOf(key))?.[1];
  }
  has(key: PyKey): boolean {
    return this.slots.has(slotOf(key));
  }
  get size(): number {
    return this.slots.size;
  }
  entries(): IterableIterator<[PyKey, PyValue]> {
    return this.slots.values();
  }
}

/** Python's truth value: None, False, 0, 0.0, "", [] and {} are false. */
export function pythonTruthy(value: PyValue | undefined): boolean {
  if (value === undefined || value === null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (value instanceof PyDict) return value.size > 0;
  if (typeof value === "bigint") return value !== 0n;
  return Boolean(value);
}

/** The shortest round-trip digits of a positive finite number and the exponent of the first. */
function shortestDigits(x: number): { digits: string; exponent: number } {
  // String(x) is the shortest round-trip form (as Python's repr), in one of two layouts.
  const [mantissa = "", exp = "0"] = String(x).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const all = whole + fraction;
  const leadingZeros = all.length - all.replace(/^0+/, "").length;
  return {
    digits: all.slice(leadingZeros).replace(/0+$/, ""),
    exponent: Number(exp) + whole.length - 1 - leadingZeros,
  };
}

/**
 * Python's `repr(float)`: fixed notation for exponents -4..15 (with ".0" when whole), else
 * `d.ddde±XX`. With `addDotZero` false it is the imaginary part of `repr(complex)` ("2j").
 */
export function pythonFloatRepr(x: number, addDotZero = true): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  if (x === 0) return `${sign}0${addDotZero ? ".0" : ""}`;
  const { digits, exponent } = shortestDigits(Math.abs(x));
  if (exponent < -4 || exponent >= 16) {
    const mantissa = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${mantissa}e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;
  }
  if (exponent < 0) return `${sign}0.${"0".repeat(-exponent - 1)}${digits}`;
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, "0");
  const fraction = digits.slice(exponent + 1);
  return `${sign}${whole}${fraction ? `.${fraction}` : addDotZero ? ".0" : ""}`;
}

/** json's float spelling: repr, with NaN / Infinity / -Infinity for the non-finite. */
function jsonFloat(x: number): string {
  if (Number.isNaN(x)) return "NaN";
  if (!Number.isFinite(x)) return x > 0 ? "Infinity" : "-Infinity";
  return pythonFloatRepr(x);
}

/** A string as `ensure_ascii` writes it: only printable ASCII stays, UTF-16 units as \uXXXX. */
function pythonJsonString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const ch = text[i] as string;
    if (ch === '"' || ch === "\\") out += `\\${ch}`;
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else out += ESCAPES[ch] ?? `\\u${code.toString(16).padStart(4, "0")}`;
  }
  return `${out}"`;
}
const ESCAPES: Readonly<Record<string, string>> = { "\n": "\\n", "\r": "\\r", "\t": "\\t", "\b": "\\b", "\f": "\\f" };

function dumpKey(key: PyKey): string {
  if (typeof key === "string") return pythonJsonString(key);
  if (typeof key === "number") return `"${jsonFloat(key)}"`;
  return `"${key === null ? "null" : String(key)}"`;
}

/** `json.dumps(value)` with Python's defaults: ", " and ": ", ensure_ascii, floats as repr. */
export function dumpPythonJson(value: PyValue): string {
  if (value === null) return "null";
  if (typeof value === "boolean" || typeof value === "bigint") return String(value);
  if (typeof value === "number") return jsonFloat(value);
  if (typeof value === "string") return pythonJsonString(value);
  if (Array.isArray(value)) return `[${value.map(dumpPythonJson).join(", ")}]`;
  return `{${[...value.entries()].map(([k, v]) => `${dumpKey(k)}: ${dumpPythonJson(v)}`).join(", ")}}`;
}

/** The value as plain JSON-able JS: ints become numbers, dicts objects (keys as json writes them). */
export function toPlainJson(value: PyValue): unknown {
  if (typeof value === "bigint") return Number(value);
  if (Array.isArray(value)) return value.map(toPlainJson);
  if (value instanceof PyDict) {
    return Object.fromEntries(
      [...value.entries()].map(([k, v]) => [typeof k === "string" ? k : JSON.parse(dumpKey(k)), toPlainJson(v)]),
    );
  }
  return value;
}
