/**
 * @module accuracy/bfcl/py-regex — Python `re.match` / `search` / `findall` / `sub` for the patterns
 * BFCL's Java and JavaScript type converters use, written in Python's syntax and translated here.
 *
 * The two dialects agree on what these patterns use except for a few atoms, translated one by one:
 * `$` also matches before a final newline in Python (`"12\n"` is an integer to it); `.` stops only
 * at `\n` (JavaScript's also stops at `\r`, U+2028, U+2029); `\s` is `str.isspace()`; `\w` takes
 * letters and digits of every script (here Unicode L and N, as close as JavaScript gets); `\d` is any
 * script's decimal digit, as in Python (`int()` reads them too). Escaped punctuation becomes a literal,
 * since the `u` flag (needed for `\p{…}`) rejects identity escapes such as `\"`.
 */
import { PY_DIGIT, PY_SPACE } from "./py-values.ts";

/** Characters JavaScript lets a `u`-mode pattern escape (`-` only in a class); Python escapes others freely. */
const JS_ESCAPABLE = "^$\\.*+?()[]{}|/";
const ATOMS: Readonly<Record<string, string>> = {
  s: `[${PY_SPACE}]`,
  S: `[^${PY_SPACE}]`,
  d: PY_DIGIT,
  w: "[\\p{L}\\p{N}_]",
};
const CLASS_ATOMS: Readonly<Record<string, string>> = { s: PY_SPACE, d: PY_DIGIT, w: "\\p{L}\\p{N}_" };

/** A Python pattern as a JavaScript pattern source (`u` flag assumed). */
function translate(pattern: string, dotAll: boolean): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i] as string;
    if (c === "\\") {
      const next = pattern[++i] as string;
      const atom = inClass ? CLASS_ATOMS[next] : ATOMS[next];
      if (atom !== undefined) out += atom;
      else if (/[A-Za-z0-9]/.test(next) || JS_ESCAPABLE.includes(next) || (inClass && next === "-")) out += `\\${next}`;
      else out += next;
    } else if (inClass) {
      inClass = c !== "]";
      out += c;
    } else if (c === "[") {
      inClass = true;
      out += c;
    } else if (c === ".") out += dotAll ? "[^]" : "[^\\n]";
    else if (c === "$") out += "(?=\\n?$)";
    else out += c;
  }
  return out;
}

const compiled = new Map<string, RegExp>();

function regex(pattern: string, flags: string, dotAll: boolean): RegExp {
  const key = `${flags}:${dotAll}:${pattern}`;
  let re = compiled.get(key);
  if (re === undefined) {
    re = new RegExp(translate(pattern, dotAll), `u${flags}`);
    compiled.set(key, re);
  }
  re.lastIndex = 0;
  return re;
}

type PyMatch = { group: (n: number) => string | undefined };

const wrap = (m: RegExpExecArray | null): PyMatch | null => (m === null ? null : { group: (n) => m[n] });

/** `re.match`: anchored at the start, not the end. */
export const pyMatch = (pattern: string, text: string): PyMatch | null => wrap(regex(pattern, "y", false).exec(text));

/** `re.search`, with `re.DOTALL` when asked. */
export const pySearch = (pattern: string, text: string, dotAll = false): PyMatch | null =>
  wrap(regex(pattern, "", dotAll).exec(text));

/** `re.findall`: each whole match, or its one group, or the tuple of its groups ("" for a group that took no part). */
export function pyFindall(pattern: string, text: string): (string | string[])[] {
  return [...text.matchAll(regex(pattern, "g", false))].map((m) => {
    if (m.length === 1) return m[0];
    const groups = m.slice(1).map((g) => g ?? "");
    return groups.length === 1 ? (groups[0] as string) : groups;
  });
}

/** `re.sub(pattern, replacement, text)` with a literal replacement. */
export const pySub = (pattern: string, replacement: string, text: string): string =>
  text.replace(regex(pattern, "g", false), () => replacement);
