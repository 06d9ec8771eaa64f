/**
 * @module accuracy/bfcl/js-types — how BFCL reads a JavaScript argument: the model writes every value
 * as JavaScript source text (`"'abc'"`, `"42"`, `"[1, 2]"`, `"{a: 1}"`), and the checker turns it
 * into the Python value it compares with the ground truth.
 *
 * Text that does not look like its declared type stays text (for an array or object: the text with
 * its outer spaces trimmed), which the type check then rejects. Arrays and objects are read with
 * bfcl-eval's patterns, not a JavaScript parser, so nesting is only as deep as those patterns see:
 * `[[1, 2], [3]]` is two lists, but an object ends at its first `}`.
 */
import { pyFindall, pyMatch } from "./py-regex.ts";
import { type PyDict, PyRaise, type PyType, pyFloat, pyInt, pySlice, pyStrip, setKey } from "./py-values.ts";

/** Each JavaScript type name BFCL declares and the Python type its values convert to. */
export const JS_TYPES: Readonly<Record<string, PyType>> = {
  String: "str",
  integer: "int",
  float: "float",
  Bigint: "int",
  Boolean: "bool",
  dict: "dict",
  array: "list",
  any: "str",
};

const INTEGER = String.raw`^-?\d+$`;
const FLOAT = String.raw`^-?\d+(\.\d+)?$`;
const BIGINT = String.raw`^-?\d+n$`;
const ARRAY_2D = String.raw`\[\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\]|\bnew\s+Array\(\s*\[.*?\]\s*(,\s*\[.*?\]\s*)*\)`;
const ARRAY = String.raw`\[(.*?)\]|\bnew\s+Array\((.*?)\)`;
const BRACKETED = String.raw`\[(.*?)\]`;
const OBJECT = String.raw`\{(.*?)\}`;
/** `key: value` pairs, a comma ending a value only where another `key:` follows. */
const PAIR = String.raw`([^:]+):\s*(.*?)(?:,\s*(?=[^,]+:)|$)`;

const quoted = (text: string): boolean =>
  (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"));

/** JavaScript source text of the declared type as a Python value (`nested`: an array's element type). */
export function jsValue(text: string, type: string, nested?: string): unknown {
  if (!Object.hasOwn(JS_TYPES, type)) throw new PyRaise("ValueError", `Unsupported type: ${type}`);
  switch (type) {
    case "String":
      return quoted(text) ? pySlice(text, 1, -1) : text;
    case "integer":
      return pyMatch(INTEGER, text) ? pyInt(text) : text;
    case "float":
      return pyMatch(FLOAT, text) ? pyFloat(text) : text;
    case "Bigint":
      return pyMatch(BIGINT, text) ? pyInt(pySlice(text, 0, -1)) : text;
    case "Boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "dict":
      return parseObject(text);
    case "array":
      return parseArray(text, nested);
    default:
      return text;
  }
}

/** An element of unknown type, guessed from its spelling: boolean, quoted string, int, float, else the text. */
function untypedValue(raw: string): unknown {
  const text = pyStrip(raw);
  if (text === "true") return true;
  if (text === "false") return false;
  if (quoted(text)) return pySlice(text, 1, -1);
  for (const parse of [pyInt, pyFloat]) {
    try {
      return parse(text);
    } catch (error) {
      if (!(error instanceof PyRaise && error.kind === "ValueError")) throw error;
    }
  }
  return text;
}

/** Runs a parse; on any Python exception the value is the (trimmed) text, as bfcl-eval's catch-all does. */
function orText(code: string, parse: () => unknown): unknown {
  try {
    return parse();
  } catch (error) {
    if (error instanceof PyRaise) return code;
    throw error;
  }
}

function parseArray(raw: string, nested?: string): unknown {
  const code = pyStrip(raw);
  return orText(code, () => {
    const grid = pyMatch(ARRAY_2D, code);
    if (grid) {
      // The first bracketed run starts at the outer `[`, so its text begins with the inner one.
      return (pyFindall(BRACKETED, grid.group(0) as string) as string[]).map((row, i) => {
        const text = pyStrip(row);
        return (i === 0 && text.startsWith("[") ? pySlice(text, 1) : text).split(",").map(untypedValue);
      });
    }
    const flat = pyMatch(ARRAY, code);
    if (!flat) return code;
    const body = pyStrip(flat.group(1) ?? flat.group(2) ?? "");
    const elements = body === "" ? [] : body.split(",").map((e) => pyStrip(e));
    if (!nested) return elements.map(untypedValue);
    // A quoted element is converted with a String element type, which only arrays and objects read.
    return elements.map((e) =>
      e.startsWith("'") || e.startsWith('"') ? jsValue(e, nested, "String") : jsValue(e, nested),
    );
  });
}

function parseObject(raw: string): unknown {
  const code = pyStrip(raw);
  if (code === "{}") return {};
  const match = pyMatch(OBJECT, code);
  if (!match) return code;
  return orText(code, () => {
    const object: PyDict = {};
    for (const [rawKey, rawValue] of pyFindall(PAIR, match.group(1) as string) as string[][]) {
      const key = pyStrip(pyStrip(rawKey as string), "'\"");
      const value = pyStrip(rawValue as string);
      if (value.startsWith("[") && value.endsWith("]")) setKey(object, key, parseArray(value));
      else if (value.startsWith("{") && value.endsWith("}")) setKey(object, key, parseObject(value));
      else setKey(object, key, untypedValue(pyStrip(value, "'\"")));
    }
    return object;
  });
}
