/**
 * @module dataset/predefined/bfcl/python-json-parse — Python's `json.loads` into Python-typed
 * values (python-json): an integer literal is an int (bigint), one with a fraction or exponent a
 * float, objects keep their key order, and NaN / Infinity / -Infinity are accepted as Python
 * accepts them. Anything Python rejects throws a SyntaxError.
 */
import { PyDict, type PyValue } from "./python-json.ts";

const NUMBER = /-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?/y;
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};
const CONSTANTS: ReadonlyArray<[string, PyValue]> = [
  ["null", null],
  ["true", true],
  ["false", false],
  ["NaN", Number.NaN],
  ["Infinity", Number.POSITIVE_INFINITY],
  ["-Infinity", Number.NEGATIVE_INFINITY],
];

class Reader {
  index = 0;
  constructor(readonly text: string) {}

  fail(what: string): never {
    throw new SyntaxError(`${what} at char ${this.index}`);
  }
  skipSpace(): void {
    while (" \t\n\r".includes(this.text[this.index] ?? "x")) this.index++;
  }
  value(): PyValue {
    const ch = this.text[this.index];
    if (ch === '"') return this.string();
    if (ch === "{") return this.object();
    if (ch === "[") return this.array();
    for (const [word, value] of CONSTANTS) {
      if (this.text.startsWith(word, this.index)) {
        this.index += word.length;
        return value;
      }
    }
    NUMBER.lastIndex = this.index;
    const m = NUMBER.exec(this.text);
    if (!m) this.fail("Expecting value");
    this.index += m[0].length;
    // Python: a fraction or an exponent makes a float; otherwise an int of any size, up to the
    // 4300 digits Python converts from text (its CVE-2020-10735 limit).
    if (m[1] !== undefined || m[2] !== undefined) return Number(m[0]);
    if (m[0].replace("-", "").length > 4300) this.fail("Exceeds the limit (4300 digits) for integer string conversion");
    return BigInt(m[0]);
  }
  string(): string {
    let out = "";
    let start = ++this.index;
    for (;;) {
      const ch = this.text[this.index];
      if (ch === undefined) this.fail("Unterminated string");
      if (ch === '"') break;
      if (ch.charCodeAt(0) < 0x20) this.fail("Invalid control character");
      if (ch !== "\\") {
        this.index++;
        continue;
      }
      out += this.text.slice(start, this.index);
      const escape = this.text[this.index + 1] ?? "";
      if (escape === "u") {
        const hex = this.text.slice(this.index + 2, this.index + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("Invalid \\uXXXX escape");
        // Lone surrogates are kept, as Python keeps them; a pair joins by UTF-16 concatenation.
        out += String.fromCharCode(Number.parseInt(hex, 16));
        this.index += 6;
      } else {
        const simple = SIMPLE_ESCAPES[escape];
        if (simple === undefined) this.fail("Invalid \\escape");
        out += simple;
        this.index += 2;
      }
      start = this.index;
    }
    out += this.text.slice(start, this.index);
    this.index++;
    return out;
  }
  object(): PyDict {
    const dict = new PyDict();
    this.index++;
    this.skipSpace();
    if (this.text[this.index] === "}") {
      this.index++;
      return dict;
    }
    for (;;) {
      if (this.text[this.index] !== '"') this.fail("Expecting property name enclosed in double quotes");
      const key = this.string();
      this.skipSpace();
      if (this.text[this.index] !== ":") this.fail("Expecting ':' delimiter");
      this.index++;
      this.skipSpace();
      dict.set(key, this.value());
      this.skipSpace();
      const next = this.text[this.index++];
      if (next === "}") return dict;
      if (next !== ",") this.fail("Expecting ',' delimiter");
      this.skipSpace();
    }
  }
  array(): PyValue[] {
    const items: PyValue[] = [];
    this.index++;
    this.skipSpace();
    if (this.text[this.index] === "]") {
      this.index++;
      return items;
    }
    for (;;) {
      items.push(this.value());
      this.skipSpace();
      const next = this.text[this.index++];
      if (next === "]") return items;
      if (next !== ",") this.fail("Expecting ',' delimiter");
      this.skipSpace();
    }
  }
}

/** `json.loads(text)`: one value, surrounded only by JSON whitespace. */
export function parsePythonJson(text: string): PyValue {
  const reader = new Reader(text);
  reader.skipSpace();
  const value = reader.value();
  reader.skipSpace();
  if (reader.index !== text.length) reader.fail("Extra data");
  return value;
}
