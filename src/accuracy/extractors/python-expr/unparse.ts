/**
 * @module accuracy/extractors/python-expr/unparse — Python 3.12's `ast.unparse` for the nodes in
 * python-ast: the source text upstream's extractor keeps for an argument that is not a literal
 * (`city=London` gives "London", `x=-2**-2` gives "-2 ** (-2)").
 *
 * Parentheses follow CPython's precedence table: a node is wrapped when the precedence its parent
 * asks for is higher than its own (the parent's request defaults to TEST, as CPython's does for
 * a child it does not mark). Constants are written with `repr`: strings in single quotes unless
 * only double quotes avoid an escape, non-printable characters escaped, infinity as 1e309.
 */
import { pythonFloatRepr } from "../../../dataset/predefined/bfcl/python-json.ts";
import type { PyConst, PyNode } from "./python-ast.ts";

/** CPython's _Precedence values. */
const P = {
  TUPLE: 2,
  TEST: 4,
  OR: 5,
  AND: 6,
  NOT: 7,
  CMP: 8,
  EXPR: 9,
  BOR: 9,
  BXOR: 10,
  BAND: 11,
  SHIFT: 12,
  ARITH: 13,
  TERM: 14,
  FACTOR: 15,
  POWER: 16,
  ATOM: 18,
} as const;
const next = (precedence: number): number => Math.min(precedence + 1, P.ATOM);

const BINARY_PRECEDENCE: Readonly<Record<string, number>> = {
  "+": P.ARITH,
  "-": P.ARITH,
  "*": P.TERM,
  "@": P.TERM,
  "/": P.TERM,
  "%": P.TERM,
  "//": P.TERM,
  "<<": P.SHIFT,
  ">>": P.SHIFT,
  "|": P.BOR,
  "^": P.BXOR,
  "&": P.BAND,
  "**": P.POWER,
};
const INFINITY_LITERAL = "1e309";
/** Characters Python's str.isprintable() rejects (outside ASCII). */
const NON_PRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

const hex = (code: number, width: number): string => code.toString(16).padStart(width, "0");

/** The quote `repr` picks: ' unless the text has ' and no ". */
function quoteFor(hasSingle: boolean, hasDouble: boolean): string {
  return hasSingle && !hasDouble ? '"' : "'";
}

/** Python's repr(str). */
function pythonStrRepr(text: string): string {
  const quote = quoteFor(text.includes("'"), text.includes('"'));
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0) as number;
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (code < 0x20 || code === 0x7f) out += `\\x${hex(code, 2)}`;
    else if (code < 0x7f || !NON_PRINTABLE.test(ch)) out += ch;
    else if (code <= 0xff) out += `\\x${hex(code, 2)}`;
    else if (code <= 0xffff) out += `\\u${hex(code, 4)}`;
    else out += `\\U${hex(code, 8)}`;
  }
  return out + quote;
}

/** Python's repr(bytes). */
function pythonBytesRepr(bytes: readonly number[]): string {
  const quote = quoteFor(bytes.includes(0x27), bytes.includes(0x22));
  let out = `b${quote}`;
  for (const byte of bytes) {
    const ch = String.fromCharCode(byte);
    if (ch === quote || ch === "\\") out += `\\${ch}`;
    else if (ch === "\t") out += "\\t";
    else if (ch === "\n") out += "\\n";
    else if (ch === "\r") out += "\\r";
    else if (byte < 0x20 || byte >= 0x7f) out += `\\x${hex(byte, 2)}`;
    else out += ch;
  }
  return out + quote;
}

function constant(value: PyConst): string {
  switch (value.t) {
    case "str":
      return (value.u ? "u" : "") + pythonStrRepr(value.v);
    case "bytes":
      return pythonBytesRepr(value.v);
    case "int":
      return String(value.v);
    case "float":
      return pythonFloatRepr(value.v).replace("inf", INFINITY_LITERAL);
    case "complex":
      return `${pythonFloatRepr(value.imag, false).replace("inf", INFINITY_LITERAL)}j`;
    case "bool":
      return value.v ? "True" : "False";
    case "None":
      return "None";
    case "Ellipsis":
      return "...";
  }
}

const wrap = (text: string, parens: boolean): string => (parens ? `(${text})` : text);
/** items_view: one item gets a trailing comma. */
const items = (elts: readonly PyNode[]): string =>
  elts.length === 1 ? `${unparse(elts[0] as PyNode)},` : elts.map((e) => unparse(e)).join(", ");

/** `ast.unparse(node)`, with `precedence` the level the parent asks for. */
export function unparse(node: PyNode, precedence: number = P.TEST): string {
  switch (node.type) {
    case "Name":
      return node.id;
    case "Constant":
      return constant(node.value);
    case "List":
      return `[${node.elts.map((e) => unparse(e)).join(", ")}]`;
    case "Set":
      return node.elts.length > 0 ? `{${node.elts.map((e) => unparse(e)).join(", ")}}` : "{*()}";
    case "Tuple":
      return wrap(items(node.elts), node.elts.length === 0 || precedence > P.TUPLE);
    case "Dict":
      return `{${node.keys.map((key, i) => dictEntry(key, node.values[i] as PyNode)).join(", ")}}`;
    case "Starred":
      return `*${unparse(node.value, P.EXPR)}`;
    case "UnaryOp": {
      const own = node.op === "not" ? P.NOT : P.FACTOR;
      return wrap(`${node.op}${node.op === "not" ? " " : ""}${unparse(node.operand, own)}`, precedence > own);
    }
    case "BinOp": {
      const own = BINARY_PRECEDENCE[node.op] as number;
      const right = node.op === "**";
      return wrap(
        `${unparse(node.left, right ? next(own) : own)} ${node.op} ${unparse(node.right, right ? own : next(own))}`,
        precedence > own,
      );
    }
    case "Compare": {
      const parts = node.ops.map((op, i) => ` ${op} ${unparse(node.comparators[i] as PyNode, next(P.CMP))}`);
      return wrap(unparse(node.left, next(P.CMP)) + parts.join(""), precedence > P.CMP);
    }
    case "BoolOp": {
      // CPython raises the level for each further operand (increasing_level_traverse).
      const own = node.op === "and" ? P.AND : P.OR;
      return wrap(
        node.values.map((value, i) => unparse(value, Math.min(own + i + 1, P.ATOM))).join(` ${node.op} `),
        precedence > own,
      );
    }
    case "IfExp":
      return wrap(
        `${unparse(node.body, next(P.TEST))} if ${unparse(node.test, next(P.TEST))} else ${unparse(node.orelse, P.TEST)}`,
        precedence > P.TEST,
      );
    case "Attribute": {
      // `3.real` would not parse, so an int (or bool) constant gets a space: `3 .real`.
      const intLike = node.value.type === "Constant" && (node.value.value.t === "int" || node.value.value.t === "bool");
      return `${unparse(node.value, P.ATOM)}${intLike ? " " : ""}.${node.attr}`;
    }
    case "Call": {
      const args = [
        ...node.args.map((a) => unparse(a)),
        ...node.keywords.map((k) => (k.arg === null ? "**" : `${k.arg}=`) + unparse(k.value)),
      ];
      return `${unparse(node.func, P.ATOM)}(${args.join(", ")})`;
    }
    case "Subscript": {
      const slice =
        node.slice.type === "Tuple" && node.slice.elts.length > 0 ? items(node.slice.elts) : unparse(node.slice);
      return `${unparse(node.value, P.ATOM)}[${slice}]`;
    }
    case "Slice":
      return `${node.lower ? unparse(node.lower) : ""}:${node.upper ? unparse(node.upper) : ""}${node.step ? `:${unparse(node.step)}` : ""}`;
  }
}

/** One `key: value` of a dict display, or `**mapping` where the key is null. */
function dictEntry(key: PyNode | null, value: PyNode): string {
  return key === null ? `**${unparse(value, P.EXPR)}` : `${unparse(key)}: ${unparse(value)}`;
}
