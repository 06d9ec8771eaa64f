/**
 * @module mlperf/python-values — the few Python semantics upstream's checker and TEST04 verdict
 * lean on, over JSON values: `float(x)` as a coercion, `==` (True == 1, 42.0 == 42), `str()` and
 * `repr()` of what the checks print, and the `.2f` / `.0%` formats (ties to even on the exact
 * binary value, `nan`, `inf`). A JavaScript number cannot say whether Python held `995` or `995.0`,
 * so documents read with mlperf/python-json carry an integral float as a PyFloat; a bare integral
 * number prints as an int.
 */

/** A float Python read whose value is integral (`995.0`), which a bare number would print as `995`. */
export class PyFloat {
  constructor(readonly value: number) {}
}

/** A JSON object (a dict to Python): not a list, not a PyFloat. */
export const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && !(v instanceof PyFloat);

/** Python's float() reads any script's decimal digits: a run of \p{Nd} is always 0–9 in order. */
function asciiDigits(text: string): string {
  return text.replace(/\p{Nd}/gu, (c) => {
    let cp = c.codePointAt(0) as number;
    let offset = 0;
    while (/\p{Nd}/u.test(String.fromCodePoint(cp - 1))) {
      cp--;
      offset++;
    }
    return String(offset % 10);
  });
}

/** Python's whitespace for `float(str)`'s strip (str.isspace), which is not JavaScript's trim set. */
const PY_SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const STRIP = new RegExp(`^${PY_SPACE}+|${PY_SPACE}+$`, "g");
const DIGITS = "\\d(?:_?\\d)*";
const DECIMAL = new RegExp(`^[+-]?(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?$`);
const SPECIAL = /^([+-]?)(inf|infinity|nan)$/i;

/** Upstream's `to_float`: `float(value)`, or null where Python raises (and for None). */
export function pyFloat(value: unknown): number | null {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number") return value;
  if (value instanceof PyFloat) return value.value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value !== "string") return null;
  const text = asciiDigits(value).replace(STRIP, "");
  const special = SPECIAL.exec(text);
  if (special) return special[2]?.toLowerCase() === "nan" ? Number.NaN : special[1] === "-" ? -Infinity : Infinity;
  return DECIMAL.test(text) ? Number(text.replaceAll("_", "")) : null;
}

function numeric(v: unknown): number | bigint | null {
  if (typeof v === "boolean") return v ? 1 : 0;
  if (v instanceof PyFloat) return v.value;
  return typeof v === "number" || typeof v === "bigint" ? v : null;
}

/** Python's `a == b` between JSON values. */
export function pyEquals(a: unknown, b: unknown): boolean {
  const x = numeric(a);
  const y = numeric(b);
  if (x !== null || y !== null) {
    if (x === null || y === null) return false;
    // A number and a bigint compare by value only with ==.
    return x == y;
  }
  if (Array.isArray(a) || Array.isArray(b))
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((v, i) => pyEquals(v, b[i]));
  if (isRecord(a) || isRecord(b)) {
    if (!isRecord(a) || !isRecord(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => Object.hasOwn(b, k) && pyEquals(a[k], b[k]));
  }
  return (a ?? null) === (b ?? null);
}

/** `repr(float)`: the shortest digits, fixed between 1e-4 and 1e16, else `1e-05` / `1.5e+16`. */
export function floatRepr(x: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  if (x === 0) return Object.is(x, -0) ? "-0.0" : "0.0";
  const [mantissa = "", exp = "0"] = Math.abs(x).toExponential().split("e");
  const digits = mantissa.replace(".", "");
  const e = Number(exp);
  const sign = x < 0 ? "-" : "";
  if (e < -4 || e >= 16) {
    const m = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
    return `${sign}${m}e${e < 0 ? "-" : "+"}${String(Math.abs(e)).padStart(2, "0")}`;
  }
  if (e < 0) return `${sign}0.${"0".repeat(-e - 1)}${digits}`;
  const whole = digits.slice(0, e + 1).padEnd(e + 1, "0");
  return `${sign}${whole}.${digits.slice(e + 1) || "0"}`;
}

function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  const body = [...s]
    .map((c) => {
      if (c === "\\" || c === quote) return `\\${c}`;
      if (c === "\n") return "\\n";
      if (c === "\r") return "\\r";
      if (c === "\t") return "\\t";
      const code = c.codePointAt(0) as number;
      return code < 0x20 || (code >= 0x7f && code < 0xa0) ? `\\x${code.toString(16).padStart(2, "0")}` : c;
    })
    .join("");
  return `${quote}${body}${quote}`;
}

/** `repr(value)` for a JSON value (numbers as ints when integral: see the module comment). */
export function pyRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "bigint") return String(value);
  if (value instanceof PyFloat) return floatRepr(value.value);
  if (typeof value === "number") return Number.isInteger(value) ? String(value) : floatRepr(value);
  if (typeof value === "string") return stringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pyRepr).join(", ")}]`;
  if (isRecord(value))
    return `{${Object.entries(value)
      .map(([k, v]) => `${stringRepr(k)}: ${pyRepr(v)}`)
      .join(", ")}}`;
  return String(value);
}

/** `str(value)`: a string as itself, everything else as `repr`. */
export const pyStr = (value: unknown): string => (typeof value === "string" ? value : pyRepr(value));

/**
 * `f"{x:.{digits}f}"`. `toFixed` rounds the exact binary value too but breaks an exact tie upward;
 * a double ties at d places only as an odd multiple of 2^-(d+1), and Python then takes the even one.
 */
export function pyFixed(x: number, digits: number): string {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  const sign = x < 0 || Object.is(x, -0) ? "-" : "";
  const magnitude = Math.abs(x);
  let text =
    magnitude >= 1e21 ? `${BigInt(magnitude)}${digits > 0 ? `.${"0".repeat(digits)}` : ""}` : magnitude.toFixed(digits);
  const halves = magnitude * 2 ** (digits + 1);
  if (Number.isInteger(halves) && halves % 2 === 1) {
    const scaled = BigInt(text.replace(".", ""));
    if (scaled % 2n === 1n) {
      const even = String(scaled - 1n).padStart(digits + 1, "0");
      text = digits > 0 ? `${even.slice(0, -digits)}.${even.slice(-digits)}` : even;
    }
  }
  return `${sign}${text}`;
}

/** `f"{x:.0%}"`: Python multiplies by 100 in floating point, then formats `.0f`. */
export const pyPercent = (x: number): string => `${pyFixed(x * 100, 0)}%`;
