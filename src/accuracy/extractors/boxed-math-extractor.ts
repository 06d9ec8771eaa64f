/**
 * @module accuracy/extractors/boxed-math-extractor — the final answer of a math solution (AIME).
 *
 * Takes the last `boxed{…}` or `framebox{…}` (with or without the backslash), matched
 * non-greedily across lines, and returns the text after its last comma, stripped. Without any box,
 * the last run of digits in the text; with neither, null.
 *
 * Upstream's quirks we keep on purpose, because scores must match upstream's for the same outputs:
 * - a comma is read as a list separator, so `\boxed{1,234}` gives "234" and `\boxed{3, 5}` gives "5";
 * - the match is non-greedy, so `\boxed{\frac{1}{2}}` gives `\frac{1` (AIME answers are integers
 *   0–999, so neither matters for the benchmark this serves);
 * - the digit fallback ignores signs and decimal points: "x = -3.5" gives "5".
 */

const BOX_OPEN = /(?:boxed|framebox)\{/g;
const DIGITS = /\d+/g;

/**
 * Content of the last box: the regex `(?:boxed|framebox)\{(.*?)\}` (DOTALL) applied left to right,
 * written as a scan so that many unclosed boxes cost linear, not quadratic, time.
 */
function lastBoxContent(text: string): string | null {
  let content: string | null = null;
  BOX_OPEN.lastIndex = 0;
  for (let open = BOX_OPEN.exec(text); open !== null; open = BOX_OPEN.exec(text)) {
    const start = open.index + open[0].length;
    const close = text.indexOf("}", start);
    if (close < 0) break; // no later box can close either
    content = text.slice(start, close);
    BOX_OPEN.lastIndex = close + 1;
  }
  return content;
}

/** `boxed_math_extractor`: the answer in the last box, else the last integer, else null. */
export function boxedMathExtractor(text: string): string | null {
  const content = lastBoxContent(text);
  if (content !== null) return content.slice(content.lastIndexOf(",") + 1).trim();
  const numbers = text.match(DIGITS);
  return numbers ? (numbers.at(-1) as string) : null;
}
