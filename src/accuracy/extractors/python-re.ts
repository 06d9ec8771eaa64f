/**
 * @module accuracy/extractors/python-re — pieces of Python's `re` semantics for str patterns,
 * spelled as JavaScript regex source (for the `u` flag), so extractors ported from upstream read
 * text exactly as its Python does.
 *
 * JavaScript's `\w`, `\b` and `\d` are ASCII-only and its `i` flag folds case differently; Python's
 * are Unicode-aware. Whitespace lives in python-space.
 */
import { PY_SPACE } from "../python-space.ts";

/** Python's `\s`, as a character class. */
export const PY_S = `[${PY_SPACE}]`;
/** Python's `\w` for str (str.isalnum() or "_"), as a character class body. */
const PY_WORD = "\\p{L}\\p{N}_";
/** Python's `\b` right after a word character: no word character follows. */
export const WORD_END = `(?![${PY_WORD}])`;
/** Python's `\b` right before a word character: no word character precedes. */
export const WORD_START = `(?<![${PY_WORD}])`;
/** Python's `\d` for str: any Unicode decimal digit. */
export const PY_DIGIT = "\\p{Nd}";
/** Python's `^` under re.MULTILINE: the start, or just after "\n" (not "\r" or U+2028). */
export const LINE_START = "(?<![^\\n])";
/** Python's `$` under re.MULTILINE: the end, or just before "\n". */
export const LINE_END = "(?![^\\n])";
/** Python's `.` without re.DOTALL: anything but "\n". */
export const ANY_BUT_NEWLINE = "[^\\n]";

/** Letters that Python's re.IGNORECASE matches besides the two ASCII cases (its documented four). */
const EXTRA_CASES: Readonly<Record<string, string>> = { i: "\u0130\u0131", k: "\u212a", s: "\u017f" };

/** An ASCII word as Python's re.IGNORECASE matches it: "Py" → "[Pp][Yy]", "s" also matches "ſ". */
export function caseless(word: string): string {
  return [...word]
    .map((ch) => {
      const lower = ch.toLowerCase();
      if (!/^[a-z]$/.test(lower)) throw new Error(`caseless: '${ch}' is not an ASCII letter`);
      return `[${lower.toUpperCase()}${lower}${EXTRA_CASES[lower] ?? ""}]`;
    })
    .join("");
}
