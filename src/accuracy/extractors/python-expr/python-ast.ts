/**
 * @module accuracy/extractors/python-expr/python-ast — the expression nodes of Python's `ast`
 * that function_call_extractor reads (names as in CPython, so unparse ports line by line), and
 * the one error every stage throws for text Python would reject or that we do not evaluate.
 */

export class PythonSyntaxError extends Error {}

/** A constant as Python's parser keeps it, an int as a bigint; `u` marks a u'' prefix. */
export type PyConst =
  | { t: "str"; v: string; u: boolean }
  | { t: "bytes"; v: number[] }
  | { t: "int"; v: bigint }
  | { t: "float"; v: number }
  | { t: "complex"; imag: number }
  | { t: "bool"; v: boolean }
  | { t: "None" }
  | { t: "Ellipsis" };

type UnaryOperator = "not" | "~" | "+" | "-";
export type BinaryOperator = "+" | "-" | "*" | "@" | "/" | "%" | "<<" | ">>" | "|" | "^" | "&" | "//" | "**";
export type CompareOperator = "==" | "!=" | "<" | "<=" | ">" | ">=" | "is" | "is not" | "in" | "not in";

export interface Keyword {
  /** null for `**mapping`. */
  arg: string | null;
  value: PyNode;
}

export type PyNode =
  | { type: "Name"; id: string }
  | { type: "Constant"; value: PyConst }
  | { type: "Tuple" | "List" | "Set"; elts: PyNode[] }
  | { type: "Dict"; keys: Array<PyNode | null>; values: PyNode[] }
  | { type: "Starred"; value: PyNode }
  | { type: "UnaryOp"; op: UnaryOperator; operand: PyNode }
  | { type: "BinOp"; op: BinaryOperator; left: PyNode; right: PyNode }
  | { type: "BoolOp"; op: "and" | "or"; values: PyNode[] }
  | { type: "Compare"; left: PyNode; ops: CompareOperator[]; comparators: PyNode[] }
  | { type: "IfExp"; test: PyNode; body: PyNode; orelse: PyNode }
  | { type: "Attribute"; value: PyNode; attr: string }
  | { type: "Call"; func: PyNode; args: PyNode[]; keywords: Keyword[] }
  | { type: "Subscript"; value: PyNode; slice: PyNode }
  | { type: "Slice"; lower: PyNode | null; upper: PyNode | null; step: PyNode | null };
