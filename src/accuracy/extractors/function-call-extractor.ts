/**
 * @module accuracy/extractors/function-call-extractor — `function_call_extractor` (BFCL): the
 * function calls in a model's output, as mlcommons/endpoints' FunctionCallExtractor finds them.
 *
 * Three readings, most faithful first: (1) the JSON list of OpenAI tool calls the scorer
 * serialises when the response had structured ones (`arguments` parsed when it is JSON text);
 * (2) a JSON list of `{name, arguments}` objects; (3) last resort, calls written as text,
 * `get_weather(city='London')`, found by a name-then-paren scan with quote-aware paren matching
 * (python-expr reads the arguments). The text scan skips builtins, keywords and capitalised
 * sentence openers ("Note(", "The ("), calls nested inside a call already taken, unbalanced
 * ones, and argument lists that look like a signature (`f(city)`, `f(x: int)`).
 *
 * The answer is `json.dumps` of `[{"name": …, "arguments": …}]` with Python's defaults (", ",
 * ": ", ensure_ascii, 1.0 stays 1.0, NaN/Infinity spelled so) — byte for byte upstream's, which
 * JSON.parse reads except for NaN/Infinity. null when nothing is found (upstream's default).
 * Whitespace and word characters are Python's Unicode classes, as its `re` uses them.
 */
import { dumpPythonJson, PyDict, type PyValue } from "../../dataset/predefined/bfcl/python-json.ts";
import { parsePythonJson } from "../../dataset/predefined/bfcl/python-json-parse.ts";
import { PY_SPACE, pyStrip } from "../python-space.ts";
import { parseCallArguments } from "./python-expr/call-arguments.ts";

/** Python's str.isspace() set (`\s` and str.strip() for str). */
/** Python's `\w` for str: alphanumerics (str.isalnum) and "_". */
const PY_WORD = "\\p{L}\\p{N}_";
/** Python's `\b([A-Za-z_]\w*)\s*\(`: `\b` before a word character means no word character before it. */
const FUNC_START = new RegExp(`(?<![${PY_WORD}])([A-Za-z_][${PY_WORD}]*)[${PY_SPACE}]*\\(`, "gu");
const SIGNATURE_PART = new RegExp(`^[A-Za-z_][${PY_WORD}]*(?:[${PY_SPACE}]*:[${PY_SPACE}]*[${PY_WORD}]+)?$`, "u");

const SKIP_NAMES: ReadonlySet<string> = new Set(
  (
    "print return if for while def class import from with assert raise try except len str int float list dict set " +
    "tuple type isinstance range enumerate zip map filter Note Example Here This The For"
  ).split(" "),
);

/** dict.get(key, fallback): a present null stays null. */
const getOr = (dict: PyDict, key: string, fallback: PyValue): PyValue =>
  dict.has(key) ? (dict.get(key) as PyValue) : fallback;

function call(name: PyValue, args: PyValue): PyDict {
  const dict = new PyDict();
  dict.set("name", name);
  dict.set("arguments", args);
  return dict;
}

/** `json.loads(text)` as a list, or null when it is not JSON or not a list. */
function jsonList(text: string): PyValue[] | null {
  try {
    const value = parsePythonJson(text);
    return Array.isArray(value) ? value : null;
  } catch {
    // Not JSON: the caller tries the next reading.
    return null;
  }
}

/** Reading 1: serialised OpenAI tool calls, `[{"function": {"name", "arguments"}}]`. */
function fromToolCalls(list: readonly PyValue[]): PyDict[] | null {
  const calls: PyDict[] = [];
  for (const item of list) {
    const fn = item instanceof PyDict ? item.get("function") : undefined;
    if (!(fn instanceof PyDict)) return null;
    let args = getOr(fn, "arguments", "{}");
    if (typeof args === "string") {
      try {
        args = parsePythonJson(args);
      } catch {
        // Arguments that are not JSON are kept as the model wrote them.
      }
    }
    calls.push(call(getOr(fn, "name", ""), args));
  }
  return calls.length > 0 ? calls : null;
}

/** Reading 2: `[{"name": …, "arguments": …}]`. */
function fromFunctionArray(list: readonly PyValue[]): PyDict[] | null {
  const calls: PyDict[] = [];
  for (const item of list) {
    if (!(item instanceof PyDict) || !item.has("name")) return null;
    calls.push(call(item.get("name") as PyValue, getOr(item, "arguments", new PyDict())));
  }
  return calls.length > 0 ? calls : null;
}

/** The index of the `)` matching the `(` at `open`, skipping quoted text; null if unbalanced. */
function matchingParen(text: string, open: number): number | null {
  let depth = 0;
  let single = false;
  let double = false;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === "\\" && (single || double)) {
      i++;
    } else if (ch === "'" && !double) {
      single = !single;
    } else if (ch === '"' && !single) {
      double = !double;
    } else if (!single && !double) {
      if (ch === "(") depth++;
      else if (ch === ")" && --depth === 0) return i;
    }
  }
  return null;
}

/** Bare names (`city, country`, `x: int`) document a function; they do not call it. */
function looksLikeSignature(argsText: string): boolean {
  return argsText
    .split(",")
    .map((part) => pyStrip(part))
    .every((part) => part === "" || SIGNATURE_PART.test(part));
}

/** Reading 3: text calls, outermost first; a call inside one already taken is its argument. */
function fromText(text: string): PyDict[] | null {
  const calls: PyDict[] = [];
  const taken: Array<[number, number]> = [];
  for (const m of text.matchAll(FUNC_START)) {
    if (taken.some(([start, end]) => start <= m.index && m.index < end)) continue;
    const name = m[1] as string;
    if (SKIP_NAMES.has(name)) continue;
    const open = m.index + m[0].length - 1;
    const close = matchingParen(text, open);
    if (close === null) continue;
    taken.push([open, close + 1]);
    const argsText = pyStrip(text.slice(open + 1, close));
    if (argsText !== "" && looksLikeSignature(argsText)) continue;
    calls.push(call(name, parseCallArguments(argsText)));
  }
  return calls.length > 0 ? calls : null;
}

/** Whether the text is serialised OpenAI tool calls (upstream's has_native_tool_calls). */
export function hasNativeToolCalls(text: string): boolean {
  const list = jsonList(text);
  return list !== null && fromToolCalls(list) !== null;
}

/** `function_call_extractor`: the calls as Python-style JSON, or null when there are none. */
export function extractFunctionCalls(text: string): string | null {
  const trimmed = pyStrip(text);
  if (trimmed === "") return null;
  const list = jsonList(trimmed);
  const calls = (list && (fromToolCalls(list) ?? fromFunctionArray(list))) ?? fromText(trimmed);
  return calls === null ? null : dumpPythonJson(calls);
}
