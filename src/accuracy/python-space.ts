/**
 * @module accuracy/python-space — Python's whitespace and `str.strip()`, for the scorers and
 * extractors that must read model text exactly as upstream's Python does.
 *
 * `str.isspace()` is not JavaScript's `\s`: U+001C–U+001F and U+0085 are in, U+FEFF is out.
 */

/** The characters `str.isspace()` accepts, as the body of a regex character class. */
export const PY_SPACE = "\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000";
const SPACE_CHAR = new RegExp(`^[${PY_SPACE}]$`);

/** `s.strip()`, or `s.strip(chars)`. */
export function pyStrip(text: string, chars?: string): string {
  if (chars === undefined) {
    // Scanned from both ends: a trailing-blank regex retries at every position of a long blank run.
    let start = 0;
    let end = text.length;
    while (start < end && SPACE_CHAR.test(text[start] as string)) start++;
    while (end > start && SPACE_CHAR.test(text[end - 1] as string)) end--;
    return start === 0 && end === text.length ? text : text.slice(start, end);
  }
  const points = Array.from(text);
  let [start, end] = [0, points.length];
  while (start < end && chars.includes(points[start] as string)) start++;
  while (end > start && chars.includes(points[end - 1] as string)) end--;
  return points.slice(start, end).join("");
}
