/**
 * @module accuracy/extractors/python-expr/parse — `ast.parse(source, mode="eval")` for the
 * expressions Python 3.12's grammar builds from names, constants, containers, operators,
 * conditionals, attribute access, calls and subscripts, with its rules on call arguments (no
 * positional after a keyword or `**`, no `*` after `**`, no `x.y=1`).
 *
 * lambda, await, yield, comprehensions and `:=` are valid Python we do not build; like real syntax
 * errors they throw PythonSyntaxError, and the extractor then treats the text as unparsable.
 */
import type { BinaryOperator, CompareOperator, Keyword, PyConst, PyNode } from "./python-ast.ts";
import { TokenCursor } from "./token-cursor.ts";
import { tokenize } from "./tokenize.ts";

const RESERVED = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except " +
    "finally for from global if import in is lambda nonlocal not or pass raise return try " +
    "while with yield"
  ).split(" "),
);
const CONSTANT_NAMES: Readonly<Record<string, PyConst>> = {
  True: { t: "bool", v: true },
  False: { t: "bool", v: false },
  None: { t: "None" },
};
/** Binary operator levels, loosest first; each is left-associative. */
const BINARY_LEVELS: ReadonlyArray<readonly BinaryOperator[]> = [
  ["|"],
  ["^"],
  ["&"],
  ["<<", ">>"],
  ["+", "-"],
  ["*", "/", "//", "%", "@"],
];
const COMPARE_OPS = new Set(["==", "!=", "<", "<=", ">", ">="]);

class Parser extends TokenCursor {
  /** eval mode: `expressions` — a bare `a, b` is a Tuple. */
  evalInput(): PyNode {
    const first = this.expression();
    let node = first;
    if (this.isOp(",")) {
      const elts = [first];
      while (this.eatOp(",") && this.peek().kind !== "end") elts.push(this.expression());
      node = { type: "Tuple", elts };
    }
    if (this.peek().kind !== "end") this.fail("invalid syntax");
    return node;
  }

  expression(): PyNode {
    const body = this.disjunction();
    if (!this.eatWord("if")) return body;
    const test = this.disjunction();
    if (!this.eatWord("else")) this.fail("expected 'else' after 'if' expression");
    return { type: "IfExp", test, body, orelse: this.expression() };
  }
  private namedExpression(): PyNode {
    const node = this.expression();
    if (this.isOp(":=")) this.fail("assignment expressions are not evaluated here");
    return node;
  }
  private starNamed(): PyNode {
    return this.eatOp("*") ? { type: "Starred", value: this.binary(0) } : this.namedExpression();
  }
  private boolOp(op: "and" | "or", operand: () => PyNode): PyNode {
    const first = operand();
    if (!this.isWord(op)) return first;
    const values = [first];
    while (this.eatWord(op)) values.push(operand());
    return { type: "BoolOp", op, values };
  }
  private disjunction(): PyNode {
    return this.boolOp("or", () => this.boolOp("and", () => this.inversion()));
  }
  private inversion(): PyNode {
    return this.eatWord("not") ? { type: "UnaryOp", op: "not", operand: this.inversion() } : this.comparison();
  }
  private compareOp(): CompareOperator | null {
    const token = this.peek();
    if (token.kind === "op" && COMPARE_OPS.has(token.text)) {
      this.pos++;
      return token.text as CompareOperator;
    }
    if (this.eatWord("in")) return "in";
    if (this.isWord("not") && this.isWord("in", 1)) {
      this.pos += 2;
      return "not in";
    }
    if (this.eatWord("is")) return this.eatWord("not") ? "is not" : "is";
    return null;
  }
  private comparison(): PyNode {
    const left = this.binary(0);
    const ops: CompareOperator[] = [];
    const comparators: PyNode[] = [];
    for (let op = this.compareOp(); op !== null; op = this.compareOp()) {
      ops.push(op);
      comparators.push(this.binary(0));
    }
    return ops.length === 0 ? left : { type: "Compare", left, ops, comparators };
  }
  private binary(level: number): PyNode {
    const ops = BINARY_LEVELS[level];
    if (ops === undefined) return this.factor();
    let left = this.binary(level + 1);
    for (;;) {
      const token = this.peek();
      if (token.kind !== "op" || !ops.includes(token.text as BinaryOperator)) return left;
      this.pos++;
      left = { type: "BinOp", op: token.text as BinaryOperator, left, right: this.binary(level + 1) };
    }
  }
  private factor(): PyNode {
    for (const op of ["+", "-", "~"] as const) {
      if (this.eatOp(op)) return { type: "UnaryOp", op, operand: this.factor() };
    }
    const base = this.primary();
    return this.eatOp("**") ? { type: "BinOp", op: "**", left: base, right: this.factor() } : base;
  }
  private primary(): PyNode {
    let node = this.atom();
    for (;;) {
      if (this.eatOp(".")) {
        const name = this.peek();
        if (name.kind !== "name" || RESERVED.has(name.text)) this.fail("expected an attribute name");
        this.pos++;
        node = { type: "Attribute", value: node, attr: name.text };
      } else if (this.eatOp("(")) {
        node = this.callArguments(node);
      } else if (this.eatOp("[")) {
        node = { type: "Subscript", value: node, slice: this.slices() };
      } else {
        return node;
      }
    }
  }
  private atom(): PyNode {
    const token = this.peek();
    if (token.kind === "name") {
      this.pos++;
      const constant = CONSTANT_NAMES[token.text];
      if (constant) return { type: "Constant", value: constant };
      if (RESERVED.has(token.text)) this.fail(`'${token.text}' is not evaluated here`);
      return { type: "Name", id: token.text };
    }
    if (token.kind === "number") {
      this.pos++;
      return { type: "Constant", value: token.value };
    }
    if (token.kind === "string") return this.strings();
    if (this.eatOp("...")) return { type: "Constant", value: { t: "Ellipsis" } };
    if (this.eatOp("(")) return this.parenthesised();
    if (this.eatOp("[")) return { type: "List", elts: this.sequence("]") };
    if (this.eatOp("{")) return this.braces();
    return this.fail("invalid syntax");
  }
  /** Adjacent literals concatenate; str and bytes may not mix; the first one's u prefix counts. */
  private strings(): PyNode {
    const parts: Array<Extract<PyConst, { t: "str" | "bytes" }>> = [];
    for (let token = this.peek(); token.kind === "string"; token = this.peek()) {
      parts.push(token.value);
      this.pos++;
    }
    const first = parts[0] as (typeof parts)[number];
    if (parts.some((part) => part.t !== first.t)) this.fail("cannot mix bytes and nonbytes literals");
    if (first.t === "bytes")
      return { type: "Constant", value: { t: "bytes", v: parts.flatMap((part) => part.v as number[]) } };
    return { type: "Constant", value: { t: "str", v: parts.map((part) => part.v).join(""), u: first.u } };
  }
  /** Comma-separated star_named_expressions up to `close` (consumed); a trailing comma is allowed. */
  private sequence(close: string): PyNode[] {
    const elts: PyNode[] = [];
    while (!this.eatOp(close)) {
      elts.push(this.starNamed());
      if (!this.eatOp(",")) {
        this.expectOp(close);
        break;
      }
    }
    return elts;
  }
  private parenthesised(): PyNode {
    if (this.eatOp(")")) return { type: "Tuple", elts: [] };
    const first = this.starNamed();
    if (this.eatOp(")")) {
      if (first.type === "Starred") this.fail("cannot use starred expression here");
      return first;
    }
    this.expectOp(",");
    return { type: "Tuple", elts: [first, ...this.sequence(")")] };
  }
  private braces(): PyNode {
    if (this.eatOp("}")) return { type: "Dict", keys: [], values: [] };
    if (!this.isOp("**") && !this.isOp("*")) {
      const key = this.expression();
      if (!this.eatOp(":")) {
        if (this.isOp(":=")) this.fail("assignment expressions are not evaluated here");
        const rest = this.eatOp(",") ? this.sequence("}") : (this.expectOp("}"), []);
        return { type: "Set", elts: [key, ...rest] };
      }
      return this.dictItems([key], [this.expression()]);
    }
    if (this.isOp("*")) return { type: "Set", elts: this.sequence("}") };
    return this.dictItems([], []);
  }
  private dictItems(keys: Array<PyNode | null>, values: PyNode[]): PyNode {
    for (;;) {
      if (keys.length > 0 && !this.eatOp(",")) break;
      if (this.isOp("}")) break;
      if (this.eatOp("**")) {
        keys.push(null);
        values.push(this.binary(0));
      } else {
        keys.push(this.expression());
        this.expectOp(":");
        values.push(this.expression());
      }
    }
    this.expectOp("}");
    return { type: "Dict", keys, values };
  }
  private callArguments(func: PyNode): PyNode {
    const args: PyNode[] = [];
    const keywords: Keyword[] = [];
    let sawKeyword = false;
    let sawDoubleStar = false;
    while (!this.eatOp(")")) {
      const token = this.peek();
      if (this.eatOp("*")) {
        if (sawDoubleStar) this.fail("iterable argument unpacking follows keyword argument unpacking");
        args.push({ type: "Starred", value: this.expression() });
      } else if (this.eatOp("**")) {
        keywords.push({ arg: null, value: this.expression() });
        sawDoubleStar = true;
      } else if (token.kind === "name" && this.isOp("=", 1)) {
        if (RESERVED.has(token.text)) this.fail(`cannot assign to ${token.text}`);
        this.pos += 2;
        keywords.push({ arg: token.text, value: this.expression() });
        sawKeyword = true;
      } else {
        if (sawKeyword || sawDoubleStar) this.fail("positional argument follows keyword argument");
        args.push(this.namedExpression());
        if (this.isOp("=")) this.fail("expression cannot contain assignment");
      }
      if (!this.eatOp(",")) {
        this.expectOp(")");
        break;
      }
    }
    return { type: "Call", func, args, keywords };
  }
  private slices(): PyNode {
    const items: PyNode[] = [];
    let comma = false;
    do {
      if (this.isOp("]")) break;
      items.push(this.eatOp("*") ? { type: "Starred", value: this.expression() } : this.slice());
      comma = this.isOp(",");
    } while (this.eatOp(","));
    this.expectOp("]");
    if (items.length === 0) this.fail("invalid syntax");
    const only = items[0] as PyNode;
    return items.length === 1 && !comma && only.type !== "Starred" ? only : { type: "Tuple", elts: items };
  }
  private slice(): PyNode {
    const lower = this.isOp(":") ? null : this.namedExpression();
    if (!this.eatOp(":")) return lower as PyNode;
    const bound = () => (this.isOp(":") || this.isOp(",") || this.isOp("]") ? null : this.expression());
    const upper = bound();
    const step = this.eatOp(":") ? bound() : null;
    return { type: "Slice", lower, upper, step };
  }
}

/** `ast.parse(source, mode="eval").body`. */
export function parsePythonExpression(source: string): PyNode {
  return new Parser(tokenize(source)).evalInput();
}
