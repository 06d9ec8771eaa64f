/**
 * @module accuracy/rouge/punkt-language — the regular expressions of NLTK's default
 * PunktLanguageVars (English), written for JS but matching what Python's `re` matches.
 *
 * Python and JS disagree on a few regex basics, so nothing here uses `\s`, `\S`, `\d` or a
 * multi-line `$`:
 * - Python's `\s` on a str (and what `str.strip()` removes) is Unicode whitespace plus the ASCII
 *   separators U+001C–U+001F and NEL (U+0085); JS's `\s` lacks those five and adds U+FEFF.
 * - In Python's MULTILINE mode `$` matches only before "\n"; JS's also matches before "\r",
 *   U+2028 and U+2029.
 * Every pattern uses the `u` flag so that a character is a code point, as in Python.
 */

/** Python's whitespace (`\s`, `str.isspace()`), as the inside of a character class. */
const WHITESPACE = String.raw`\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000`;
const SPACE = `[${WHITESPACE}]`;
const NON_SPACE = `[^${WHITESPACE}]`;

/** Characters that never occur inside a word: brackets, quotes, `;:*@`, and "?" and "!" (not "."). */
const NON_WORD = String.raw`[)";}\]*:@'({[?!]`;
/** Dash runs, period runs and spaced ellipses (". . .") are single tokens. */
const MULTI_CHAR = String.raw`(?:-{2,}|\.{2,}|(?:\.${SPACE}){2,}\.)`;
/** Characters a word may not start with. */
const WORD_START = '[^("`{\\[:;&#*@)}\\]\\-,]';

/**
 * One word token per match, run on a single line (no "\n", so `$` is the line's end): a
 * multi-character punctuation mark; or the shortest run of non-space characters, not starting
 * with punctuation, that is followed by a space, the end, a non-word character, a
 * multi-character mark or a word-final comma; or else any one non-space character. Periods stay
 * attached to their word; other punctuation is split off.
 */
const WORD_TOKEN = new RegExp(
  `${MULTI_CHAR}` +
    `|(?=${WORD_START})${NON_SPACE}+?(?=${SPACE}|$|${NON_WORD}|${MULTI_CHAR}|,(?=$|${SPACE}|${NON_WORD}|${MULTI_CHAR}))` +
    `|${NON_SPACE}`,
  "gu",
);

/**
 * A candidate sentence end: ".", "?" or "!" followed (in a lookahead) either by a non-word
 * character or by whitespace and the next token.
 */
export const PERIOD_CONTEXT = new RegExp(
  String.raw`[.?!](?=(?<afterTok>${NON_WORD}|${SPACE}+(?<nextTok>${NON_SPACE}+)))`,
  "gu",
);

/**
 * Closing quotes and brackets at the start of the next sentence that belong to the previous one:
 * the fewest of them followed by whitespace, by "--", by a newline or by the end of the text.
 */
export const BOUNDARY_REALIGNMENT = new RegExp(String.raw`^["')\]}]+?(?:${SPACE}+|(?=--)|(?=\n)|$)`, "u");

const TRAILING_SPACE = new RegExp(`${SPACE}+$`, "u");

/** Python's `str.rstrip()`. */
export function rstripPython(text: string): string {
  return text.replace(TRAILING_SPACE, "");
}

/** The word tokens of a text, line by line, as Punkt's word tokenizer splits them. */
export function punktWords(text: string): string[] {
  const words: string[] = [];
  // A line that is only whitespace yields no token, so NLTK's skipping of blank lines needs no test here.
  for (const line of text.split("\n")) {
    for (const match of line.matchAll(WORD_TOKEN)) words.push(match[0]);
  }
  return words;
}
