/**
 * @module accuracy/extractors/boxed-math-extractor — the final answer of a math solution (AIME).
 *
 * Upstream's `BoxedMathExtractor` (after gpt-oss's AIME eval): of the `boxed{…}`/`framebox{…}`
 * spans (with or without the backslash, each ending at its first "}", across lines), the last one
 * that is not empty, and of it the text after its last comma, stripped. When every box is empty, or
 * there is none, the last run of digits in the text; with neither, null. So `\boxed{5} then \boxed{}`
 * gives "5" and `\boxed{} and 42` gives "42", as upstream.
 *
 * Upstream's quirks we keep on purpose, because scores must match upstream's for the same outputs:
 * - a comma is read as a list separator, so `\boxed{1,234}` gives "234" and `\boxed{3, 5}` gives "5";
 * - a box ends at its first "}", so `\boxed{\frac{1}{2}}` gives `\frac{1` (AIME answers are integers
 *   0–999, so neither matters for the benchmark this serves);
 * - the digit fallback ignores signs and decimal points: "x = -3.5" gives "5"; digits are any
 *   Unicode decimal digits, as Python's `\d`.
 */
import { pyStrip } from "../python-space.ts";
import { PY_DIGIT } from "./python-re.ts";

const BOX_OPEN = /(?:boxed|framebox)\{/g;
const DIGITS = new RegExp(`${PY_DIGIT}+`, "gu");

/**
 * Contents of the boxes in order: `re.findall(r"boxed{(.*?)}|framebox{(.*?)}", text, re.DOTALL)`,
 * written as a scan so that many unclosed boxes cost linear, not quadratic, time.
 */
function boxContents(text: string): string[] {
  const contents: string[] = [];
  BOX_OPEN.lastIndex = 0;
  for (let open = BOX_OPEN.exec(text); open !== null; open = BOX_OPEN.exec(text)) {
    const start = open.index + open[0].length;
    const close = text.indexOf("}", start);
    if (close < 0) break; // no later box can close either
    contents.push(text.slice(start, close));
    BOX_OPEN.lastIndex = close + 1;
  }
  return contents;
}

/** `boxed_math_extractor`: the answer in the last non-empty box, else the last integer, else null. */
export function boxedMathExtractor(text: string): string | null {
  const content = boxContents(text).findLast((c) => c !== "");
  if (content !== undefined) return pyStrip(content.slice(content.lastIndexOf(",") + 1));
  const numbers = text.match(DIGITS);
  return numbers ? (numbers.at(-1) as string) : null;
}
