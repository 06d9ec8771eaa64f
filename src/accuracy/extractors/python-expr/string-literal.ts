/**
 * @module accuracy/extractors/python-expr/string-literal — the value of a Python 3.12 str or bytes
 * literal's body (between its quotes), escapes decoded as Python decodes them.
 *
 * An unknown escape such as `\d` keeps its backslash (Python only warns); `\x` needs two hex
 * digits, `\u` four, `\U` eight and at most U+10FFFF; an octal escape above \377 is the code point
 * in a str and its low byte in bytes (3.12 warns). `\N{name}` needs Unicode's name table, which we
 * do not carry: it throws, and the caller treats the text as unparsable.
 */
import { PythonSyntaxError } from "./python-ast.ts";

const SIMPLE: Readonly<Record<string, number>> = {
  "\\": 0x5c,
  "'": 0x27,
  '"': 0x22,
  a: 0x07,
  b: 0x08,
  f: 0x0c,
  n: 0x0a,
  r: 0x0d,
  t: 0x09,
  v: 0x0b,
};

/** Walks the escapes of `body`; `onCode` gets each decoded unit, `onText` literal text. */
function walk(body: string, bytes: boolean, onCode: (code: number) => void, onText: (text: string) => void): void {
  let i = 0;
  while (i < body.length) {
    const slash = body.indexOf("\\", i);
    if (slash < 0) {
      onText(body.slice(i));
      return;
    }
    onText(body.slice(i, slash));
    const next = body[slash + 1] ?? "";
    i = slash + 2;
    if (next === "\n") continue;
    const simple = SIMPLE[next];
    if (simple !== undefined) {
      onCode(simple);
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(slash + 1, slash + 4));
    if (octal) {
      const value = Number.parseInt(octal[0], 8);
      onCode(bytes ? value & 0xff : value);
      i = slash + 1 + octal[0].length;
      continue;
    }
    const width = next === "x" ? 2 : bytes ? 0 : next === "u" ? 4 : next === "U" ? 8 : 0;
    if (width > 0) {
      const hex = body.slice(i, i + width);
      if (!new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) throw new PythonSyntaxError(`truncated \\${next} escape`);
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) throw new PythonSyntaxError("illegal Unicode character");
      onCode(code);
      i += width;
      continue;
    }
    if (next === "N" && !bytes) throw new PythonSyntaxError("\\N{name} escapes are not evaluated here");
    onText(`\\${next}`);
  }
}

/** A non-raw str literal's value. */
export function decodeStrLiteral(body: string): string {
  let out = "";
  walk(
    body,
    false,
    (code) => {
      out += String.fromCodePoint(code);
    },
    (text) => {
      out += text;
    },
  );
  return out;
}

/** A bytes literal's values; only ASCII may appear in its source. */
export function decodeBytesLiteral(body: string, raw: boolean): number[] {
  if (/[^\x00-\x7f]/.test(body)) throw new PythonSyntaxError("bytes can only contain ASCII literal characters");
  const out: number[] = [];
  const pushText = (text: string) => {
    for (let k = 0; k < text.length; k++) out.push(text.charCodeAt(k));
  };
  if (raw) pushText(body);
  else walk(body, true, (code) => out.push(code), pushText);
  return out;
}
