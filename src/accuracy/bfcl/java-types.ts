/**
 * @module accuracy/bfcl/java-types — how BFCL reads a Java argument: the model writes every value as
 * Java source text (`"42"`, `"3.5f"`, `"new ArrayList<>(Arrays.asList(1, 2))"`), and the checker turns
 * it into the Python value it compares with the ground truth.
 *
 * Text that does not look like its declared type stays text, which the type check then rejects.
 * A `char` always stays text: bfcl-eval's pattern for a quoted character puts the end anchor before
 * the closing quote, so it never matches. Set, Hashtable, Queue and Stack are declared but bfcl-eval
 * never converts them (NotImplementedError); no BFCL v4 function uses them.
 */
import { pyFindall, pyMatch, pySearch, pySub } from "./py-regex.ts";
import { type PyDict, PyRaise, type PyType, pyFloat, pyInt, pySlice, pyStrip, setKey } from "./py-values.ts";

/** Each Java type name BFCL declares and the Python type its values convert to. */
export const JAVA_TYPES: Readonly<Record<string, PyType | "set">> = {
  byte: "int",
  short: "int",
  integer: "int",
  long: "int",
  float: "float",
  double: "float",
  boolean: "bool",
  char: "str",
  String: "str",
  any: "str",
  Array: "list",
  ArrayList: "list",
  Queue: "list",
  Stack: "list",
  Set: "set",
  HashMap: "dict",
  Hashtable: "dict",
};

const INTEGER = String.raw`^-?\d+$`;
const LONG = String.raw`^-?\d+[lL]$`;
const FLOAT = String.raw`^-?\d+(\.\d+)?([eE][+-]?\d+)?[fF]$`;
const DOUBLE = String.raw`^-?\d+(\.\d+)?([eE][+-]?\d+)?$`;
const AS_LIST = String.raw`new\s+ArrayList<\w*>\(Arrays\.asList\((.+?)\)\)`;
const ADD_BLOCK = String.raw`new\s+ArrayList<\w*>\(\)\s*\{\{\s*(.+?)\s*\}\}`;
const ADD_CALL = String.raw`add\((.+?)\)`;
const EMPTY_LIST = String.raw`new\s+ArrayList<\w*>\(\)`;
const ARRAY = String.raw`new\s+\w+\[\]\s*\{(.*?)\}`;
const PUT_BLOCK = String.raw`new\s+HashMap<.*?>\s*\(\)\s*\{\s*\{?\s*(.*?)\s*\}?\s*\}`;
const PUT_CALL = String.raw`put\(\"(.*?)\",\s*(.*?)\)`;
const EMPTY_MAP = String.raw`new\s+HashMap<.*?>\s*\(\)`;

/** Java source text of the declared type as a Python value (`nested`: the element type of an Array or ArrayList). */
export function javaValue(text: string, type: string, nested?: string): unknown {
  if (!Object.hasOwn(JAVA_TYPES, type)) throw new PyRaise("ValueError", `Unsupported type: ${type}`);
  switch (type) {
    case "byte":
    case "short":
    case "integer":
      return pyMatch(INTEGER, text) ? pyInt(text) : text;
    case "long":
      return pyMatch(LONG, text) ? pyInt(pySub("[lL]$", "", text)) : text;
    case "float":
      return pyMatch(FLOAT, text) ? pyFloat(pySub("[fF]$", "", text)) : text;
    case "double":
      return pyMatch(DOUBLE, text) ? pyFloat(text) : text;
    case "boolean":
      return text === "true" ? true : text === "false" ? false : text;
    case "char":
    case "String":
    case "any":
      return text;
    case "Array":
      return parseArray(text, nested);
    case "ArrayList":
      return parseArrayList(text, nested);
    case "HashMap":
      return parseHashMap(text);
    default:
      throw new PyRaise("NotImplementedError", `${type} conversion is not implemented`);
  }
}

/** `fn(text)`, or null where it raises ValueError (Python's `try: int(x) except ValueError`). */
function unlessValueError<T>(fn: (text: string) => T, text: string): T | null {
  try {
    return fn(text);
  } catch (error) {
    if (error instanceof PyRaise && error.kind === "ValueError") return null;
    throw error;
  }
}

/** An element of unknown type, guessed from its spelling: boolean, "string", long, float, then int or double. */
function untypedValue(text: string): unknown {
  if (text === "true") return true;
  if (text === "false") return false;
  if (text.startsWith('"') && text.endsWith('"')) return pySlice(text, 1, -1);
  if (pyMatch(LONG, text)) return pyInt(pySlice(text, 0, -1));
  if (pyMatch(FLOAT, text)) return pyFloat(pySub("[fF]$", "", text));
  return unlessValueError(pyInt, text) ?? unlessValueError(pyFloat, text) ?? text;
}

/** An ArrayList element: quotes cut off a char or String (whatever they are), others converted. */
function listElement(text: string, nested: string | undefined): unknown {
  if (nested === "char" || nested === "String") return pySlice(text, 1, -1);
  return nested ? javaValue(text, nested) : untypedValue(text);
}

function parseArrayList(text: string, nested: string | undefined): unknown {
  const asList = pySearch(AS_LIST, text);
  if (asList) return (asList.group(1) as string).split(",").map((e) => listElement(pyStrip(e), nested));
  const adds = pySearch(ADD_BLOCK, text, true);
  if (adds)
    return (pyFindall(ADD_CALL, adds.group(1) as string) as string[]).map((e) => listElement(pyStrip(e), nested));
  return pySearch(EMPTY_LIST, text) ? [] : text;
}

/** `new T[]{a, b}`: blank elements dropped; a String element keeps its quotes (converted as `String`, i.e. as is). */
function parseArray(text: string, nested: string | undefined): unknown {
  const match = pySearch(ARRAY, text);
  if (!match) return text;
  const elements = (match.group(1) as string)
    .split(",")
    .map((e) => pyStrip(e))
    .filter((e) => e !== "");
  return elements.map((e) => (nested ? javaValue(e, nested) : untypedValue(e)));
}

/** `new HashMap<…>() {{ put("k", v); … }}`, keys quoted, values guessed; a bare `new HashMap<…>()` is empty. */
function parseHashMap(text: string): unknown {
  const block = pySearch(PUT_BLOCK, text, true);
  if (block) {
    const map: PyDict = {};
    const puts = block.group(1) as string;
    if (pyStrip(puts) !== "")
      for (const [key, value] of pyFindall(PUT_CALL, puts) as string[][])
        setKey(map, key as string, untypedValue(pyStrip(value as string)));
    return map;
  }
  return pySearch(EMPTY_MAP, text) ? {} : text;
}
