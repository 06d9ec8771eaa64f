/**
 * @module accuracy/extractors/python-expr/call-arguments — the keyword arguments of a text call
 * `f(a='x', b=[1, 2], c=math.pi)`, as upstream's function_call_extractor reads them: it parses
 * `dict(<args>)` with `ast.parse`, keeps each keyword's `ast.literal_eval` value, or, when that is
 * no literal, its `ast.unparse` text; positional and `**` arguments are dropped; text Python
 * cannot parse becomes `{"_raw": <args>}`.
 *
 * literal_eval accepts sets, bytes, complex numbers and `...`, and a dict may have a tuple key;
 * upstream's `json.dumps` then raises and aborts the whole scoring run. Ours keeps such an
 * argument's source text, as for a non-literal. A repeated keyword keeps the last value at the
 * first position (a Python dict).
 */
import { PyDict, type PyKey, type PyValue } from "../../../dataset/predefined/bfcl/python-json.ts";
import { type PyNode, PythonSyntaxError } from "./python-ast.ts";
import { parsePythonExpression } from "./parse.ts";
import { unparse } from "./unparse.ts";

/** A number literal_eval may sign: an int or a float constant (bool is not one). */
function signedNumber(node: PyNode): PyValue | undefined {
  if (node.type === "UnaryOp" && (node.op === "-" || node.op === "+")) {
    const operand = node.operand;
    if (operand.type !== "Constant") return undefined;
    const value = operand.value;
    if (value.t === "int") return node.op === "-" ? -value.v : value.v;
    if (value.t === "float") return node.op === "-" ? -value.v : value.v;
    return undefined;
  }
  if (node.type === "Constant" && (node.value.t === "int" || node.value.t === "float")) return node.value.v;
  return undefined;
}

/** ast.literal_eval's value as JSON-writable Python data; undefined when there is none. */
function literal(node: PyNode): PyValue | undefined {
  switch (node.type) {
    case "Constant": {
      const value = node.value;
      if (value.t === "str" || value.t === "int" || value.t === "float" || value.t === "bool") return value.v;
      return value.t === "None" ? null : undefined;
    }
    case "Tuple":
    case "List": {
      const values = node.elts.map(literal);
      return values.every((v) => v !== undefined) ? (values as PyValue[]) : undefined;
    }
    case "Dict": {
      const dict = new PyDict();
      for (const [i, keyNode] of node.keys.entries()) {
        const key = keyNode === null ? undefined : literal(keyNode);
        const value = literal(node.values[i] as PyNode);
        if (key === undefined || value === undefined || Array.isArray(key) || key instanceof PyDict) return undefined;
        dict.set(key as PyKey, value);
      }
      return dict;
    }
    default:
      // A signed number; `1+2j` is complex and a BinOp otherwise malformed — neither writable.
      return signedNumber(node);
  }
}

/** The keyword arguments of `f(<argsText>)`; argsText is already trimmed. */
export function parseCallArguments(argsText: string): PyDict {
  const args = new PyDict();
  if (argsText === "") return args;
  let body: PyNode;
  try {
    body = parsePythonExpression(`dict(${argsText})`);
  } catch (error) {
    if (!(error instanceof PythonSyntaxError)) throw error;
    args.set("_raw", argsText);
    return args;
  }
  if (body.type !== "Call") return args;
  for (const keyword of body.keywords) {
    if (keyword.arg === null) continue;
    const value = literal(keyword.value);
    args.set(keyword.arg, value === undefined ? unparse(keyword.value) : value);
  }
  return args;
}
