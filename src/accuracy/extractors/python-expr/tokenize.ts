/**
 * @module accuracy/extractors/python-expr/tokenize — Python 3.12's tokenizer for one expression
 * inside brackets (where newlines and comments are insignificant), as far as
 * function_call_extractor needs it: names, numbers, str and bytes literals, operators.
 *
 * What Python rejects throws PythonSyntaxError: null bytes, a vertical tab, a stray backslash,
 * `01`, `1_`, `1abc`, an unterminated or bytes-with-non-ASCII literal, a truncated `\x` escape.
 * f-strings and `\N{name}` escapes are valid Python we do not evaluate; they throw too, so the
 * caller treats the text as unparsable (its documented limitation).
 */
import { type PyConst, PythonSyntaxError } from "./python-ast.ts";
import { decodeBytesLiteral, decodeStrLiteral } from "./string-literal.ts";

export type PyToken =
  | { kind: "name"; text: string }
  | { kind: "number"; value: PyConst }
  | { kind: "string"; value: Extract<PyConst, { t: "str" | "bytes" }> }
  | { kind: "op"; text: string }
  | { kind: "end" };

const OPERATORS = [
  "**=",
  "//=",
  ">>=",
  "<<=",
  "...",
  "->",
  ":=",
  "**",
  "//",
  "<<",
  ">>",
  "<=",
  ">=",
  "==",
  "!=",
  "<>",
  "+=",
  "-=",
  "*=",
  "/=",
  "%=",
  "&=",
  "|=",
  "^=",
  "@=",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  ",",
  ":",
  ";",
  ".",
  "+",
  "-",
  "*",
  "/",
  "%",
  "@",
  "&",
  "|",
  "^",
  "~",
  "<",
  ">",
  "=",
];
const DIGITS = "[0-9](?:_?[0-9])*";
const POINT_FLOAT = `(?:(?:${DIGITS})?\\.${DIGITS}|${DIGITS}\\.)`;
const EXPONENT = `[eE][-+]?${DIGITS}`;
const NUMBER = new RegExp(
  `0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+` +
    `|(?<float>(?:${POINT_FLOAT}(?:${EXPONENT})?|${DIGITS}${EXPONENT}))(?<fj>[jJ])?` +
    `|(?<int>${DIGITS})(?<ij>[jJ])?`,
  "y",
);
/** Keywords Python lets touch a number ("1if x else 2"), with a warning. */
const AFTER_NUMBER = /(?:and|else|for|if|in|is|not|or)/y;
const IDENTIFIER_CHAR = /[A-Za-z0-9_\u0080-\uffff]/;
const VALID_IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;
const STRING_PREFIXES = new Set(["", "r", "u", "b", "br", "rb", "f", "fr", "rf"]);

function numberConst(text: string, groups: Record<string, string | undefined>): PyConst {
  const plain = text.replaceAll("_", "").replace(/[jJ]$/, "");
  if (groups.fj !== undefined || groups.ij !== undefined) return { t: "complex", imag: Number(plain) };
  if (groups.float !== undefined) return { t: "float", v: Number(plain) };
  if (groups.int !== undefined && /^0+[1-9]/.test(plain)) {
    throw new PythonSyntaxError("leading zeros in decimal integer literals are not permitted");
  }
  // Python refuses to convert a decimal literal of more than 4300 digits (CVE-2020-10735 limit).
  if (groups.int !== undefined && plain.length > 4300)
    throw new PythonSyntaxError("Exceeds the limit (4300 digits) for integer string conversion");
  return { t: "int", v: BigInt(plain) };
}

/** The tokens of `source`, ending with an `end` token. */
export function tokenize(rawSource: string): PyToken[] {
  if (rawSource.includes("\0")) throw new PythonSyntaxError("source code string cannot contain null bytes");
  // Python encodes the source to UTF-8 first; a lone surrogate cannot be encoded.
  if (/\p{Cs}/u.test(rawSource)) throw new PythonSyntaxError("source code contains a lone surrogate");
  // Python reads source with universal newlines: \r\n and \r are \n, also inside literals.
  const source = rawSource.replace(/\r\n?/g, "\n");
  const tokens: PyToken[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source[i] as string;
    if (ch === " " || ch === "\t" || ch === "\f" || ch === "\n") {
      i++;
    } else if (ch === "#") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (ch === "\\") {
      if (source[i + 1] !== "\n") throw new PythonSyntaxError("unexpected character after line continuation character");
      i += 2;
    } else if (/[0-9]/.test(ch) || (ch === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      NUMBER.lastIndex = i;
      const m = NUMBER.exec(source) as RegExpExecArray;
      i += m[0].length;
      AFTER_NUMBER.lastIndex = i;
      if (IDENTIFIER_CHAR.test(source[i] ?? "") && !AFTER_NUMBER.test(source))
        throw new PythonSyntaxError("invalid decimal literal");
      tokens.push({ kind: "number", value: numberConst(m[0], m.groups ?? {}) });
    } else if (IDENTIFIER_CHAR.test(ch)) {
      let end = i;
      while (end < source.length && IDENTIFIER_CHAR.test(source[end] as string)) end++;
      const word = source.slice(i, end);
      const quote = source[end];
      if ((quote === "'" || quote === '"') && STRING_PREFIXES.has(word.toLowerCase())) {
        i = readString(source, end, word.toLowerCase(), tokens);
        continue;
      }
      const name = word.normalize("NFKC");
      if (!VALID_IDENTIFIER.test(name))
        throw new PythonSyntaxError(`invalid character in identifier ${JSON.stringify(word)}`);
      tokens.push({ kind: "name", text: name });
      i = end;
    } else if (ch === "'" || ch === '"') {
      i = readString(source, i, "", tokens);
    } else {
      const op = OPERATORS.find((candidate) => source.startsWith(candidate, i));
      if (op === undefined || op === "<>") throw new PythonSyntaxError(`invalid character ${JSON.stringify(ch)}`);
      tokens.push({ kind: "op", text: op });
      i += op.length;
    }
  }
  tokens.push({ kind: "end" });
  return tokens;
}

/** Reads the literal whose quote is at `start`; pushes its token and returns the index after it. */
function readString(source: string, start: number, prefix: string, tokens: PyToken[]): number {
  if (prefix.includes("f")) throw new PythonSyntaxError("f-strings are not evaluated here");
  const quote = source[start] as string;
  const triple = source.startsWith(quote.repeat(3), start);
  const delimiter = triple ? quote.repeat(3) : quote;
  let i = start + delimiter.length;
  const bodyStart = i;
  for (;;) {
    if (i >= source.length) throw new PythonSyntaxError("unterminated string literal");
    const ch = source[i];
    if (ch === "\\") {
      i += 2;
    } else if (source.startsWith(delimiter, i)) {
      break;
    } else if (ch === "\n" && !triple) {
      throw new PythonSyntaxError("unterminated string literal");
    } else {
      i++;
    }
  }
  const body = source.slice(bodyStart, i);
  const raw = prefix.includes("r");
  const value: Extract<PyConst, { t: "str" | "bytes" }> = prefix.includes("b")
    ? { t: "bytes", v: decodeBytesLiteral(body, raw) }
    : { t: "str", v: raw ? body : decodeStrLiteral(body), u: prefix === "u" };
  tokens.push({ kind: "string", value });
  return i + delimiter.length;
}
