/**
 * @module metrics/python-float-format — Python's `format(x, '.Ng')`, `format(x, '.Nf')` and `repr`, for text written as upstream writes it.
 *
 * mlcommons/endpoints prints its report's figures with f-strings (`{score:.4g}`, `{dur:.2f}`).
 * JavaScript's toPrecision and toFixed differ from them in three ways: an exact tie rounds up in
 * JavaScript and to even in Python (12345 → `1.235e+4` against `1.234e+04`), the exponent has no
 * leading zero (`e+5` against `e+05`), and `g`'s choice between fixed and exponent notation and
 * its dropping of trailing zeros are Python's own. These functions round the double's exact
 * decimal value (every double is a finite decimal: m·2^e = m·5^−e / 10^−e), half to even, as
 * CPython does. Non-finite values print `nan`, `inf`, `-inf`; negative zero keeps its sign.
 */

/** |x| = digits × 10^exp10 exactly, for finite x (digits without leading zeros; "0" for zero). */
function exactDecimal(x: number): { digits: bigint; exp10: number } {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, Math.abs(x));
  const bits = view.getBigUint64(0);
  const biased = Number((bits >> 52n) & 0x7ffn);
  const fraction = bits & ((1n << 52n) - 1n);
  const mantissa = biased === 0 ? fraction : fraction | (1n << 52n);
  const exp2 = biased === 0 ? -1074 : biased - 1075;
  if (exp2 >= 0) return { digits: mantissa << BigInt(exp2), exp10: 0 };
  return { digits: mantissa * 5n ** BigInt(-exp2), exp10: exp2 };
}

/** `digits × 10^exp10` rounded half to even to a multiple of 10^k: the multiple's count. */
function roundTo(digits: bigint, exp10: number, k: number): bigint {
  if (k <= exp10) return digits * 10n ** BigInt(exp10 - k);
  const unit = 10n ** BigInt(k - exp10);
  const quotient = digits / unit;
  const twice = (digits % unit) * 2n;
  if (twice > unit || (twice === unit && quotient % 2n === 1n)) return quotient + 1n;
  return quotient;
}

const sign = (x: number): string => (x < 0 || Object.is(x, -0) ? "-" : "");

function nonFinite(x: number): string | null {
  if (Number.isNaN(x)) return "nan";
  if (!Number.isFinite(x)) return x > 0 ? "inf" : "-inf";
  return null;
}

/** Python's `format(x, '.{decimals}f')`. */
export function formatF(x: number, decimals: number): string {
  const special = nonFinite(x);
  if (special !== null) return special;
  const { digits, exp10 } = exactDecimal(x);
  const text = roundTo(digits, exp10, -decimals)
    .toString()
    .padStart(decimals + 1, "0");
  const whole = text.slice(0, text.length - decimals);
  return `${sign(x)}${decimals === 0 ? whole : `${whole}.${text.slice(whole.length)}`}`;
}

/** The significant digits of |x| rounded to `precision` of them, and the exponent of the first. */
function significant(x: number, precision: number): { text: string; exponent: number } {
  if (x === 0) return { text: "0".repeat(precision), exponent: 0 };
  const { digits, exp10 } = exactDecimal(x);
  let exponent = digits.toString().length - 1 + exp10;
  let rounded = roundTo(digits, exp10, exponent - (precision - 1));
  // 9.9995 to 4 digits carries into a fifth: one more power of ten.
  if (rounded.toString().length > precision) {
    rounded /= 10n;
    exponent += 1;
  }
  return { text: rounded.toString(), exponent };
}

const trimFraction = (whole: string, fraction: string): string => {
  const kept = fraction.replace(/0+$/, "");
  return kept === "" ? whole : `${whole}.${kept}`;
};

const exponentText = (exponent: number): string =>
  `e${exponent < 0 ? "-" : "+"}${String(Math.abs(exponent)).padStart(2, "0")}`;

/** Python's `format(x, '.{precision}g')`: fixed notation for exponents from −4 to precision − 1, trailing zeros dropped. */
export function formatG(x: number, precision: number): string {
  const special = nonFinite(x);
  if (special !== null) return special;
  const p = Math.max(1, precision);
  const { text, exponent } = significant(x, p);
  if (exponent >= -4 && exponent < p) {
    const body =
      exponent >= 0
        ? trimFraction(text.slice(0, exponent + 1), text.slice(exponent + 1))
        : trimFraction("0", "0".repeat(-exponent - 1) + text);
    return `${sign(x)}${body}`;
  }
  return `${sign(x)}${trimFraction(text.slice(0, 1), text.slice(1))}${exponentText(exponent)}`;
}

/** The shortest digits of |x| that read back (JavaScript's and Python's are the same) and the exponent of the first. */
function shortestDigits(x: number): { digits: string; exponent: number } {
  const [mantissa = "", power = "0"] = String(Math.abs(x)).split("e");
  const [whole = "", fraction = ""] = mantissa.split(".");
  const all = whole + fraction;
  const leading = all.length - all.replace(/^0+/, "").length;
  return { digits: all.slice(leading).replace(/0+$/, ""), exponent: Number(power) + whole.length - 1 - leading };
}

/** Python's `repr(float)`: the shortest digits that read back, exponent notation below 1e-4 and from 1e16 (10 → `10.0`). */
export function floatRepr(x: number): string {
  const special = nonFinite(x);
  if (special !== null) return special;
  if (x === 0) return `${sign(x)}0.0`;
  const { digits, exponent } = shortestDigits(x);
  if (exponent < -4 || exponent >= 16)
    return `${sign(x)}${trimFraction(digits.slice(0, 1), digits.slice(1))}${exponentText(exponent)}`;
  if (exponent < 0) return `${sign(x)}0.${"0".repeat(-exponent - 1)}${digits}`;
  const padded = digits.padEnd(exponent + 1, "0");
  return `${sign(x)}${padded.slice(0, exponent + 1)}.${padded.slice(exponent + 1) || "0"}`;
}

/** Python's `repr(str)`: single quotes unless the text holds one and no double quote. */
function stringRepr(s: string): string {
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'";
  let out = "";
  for (const ch of s) {
    const code = ch.codePointAt(0) as number;
    if (ch === "\\" || ch === quote) out += `\\${ch}`;
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (ch === "\t") out += "\\t";
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, "0")}`;
    else out += ch;
  }
  return `${quote}${out}${quote}`;
}

/**
 * Python's `str` of a JSON-like value as upstream's text prints it: a dict as `{'k': v, …}`,
 * strings quoted by `repr`, `True`/`False`/`None`. A whole number prints as a Python int (JSON
 * cannot tell 3 from 3.0; the scores that reach here hold ints and strings).
 */
export function pythonStr(value: unknown, nested = false): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "bigint") return value.toString();
  if (typeof value === "number") return Number.isInteger(value) ? BigInt(value).toString() : floatRepr(value);
  if (typeof value === "string") return nested ? stringRepr(value) : value;
  if (Array.isArray(value)) return `[${value.map((v) => pythonStr(v, true)).join(", ")}]`;
  const entries = Object.entries(value as Record<string, unknown>);
  return `{${entries.map(([k, v]) => `${stringRepr(k)}: ${pythonStr(v, true)}`).join(", ")}}`;
}
