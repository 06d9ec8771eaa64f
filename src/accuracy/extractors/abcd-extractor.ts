/**
 * @module accuracy/extractors/abcd-extractor — the multiple-choice letter (GPQA) in a model's answer.
 *
 * Upstream's `ABCDExtractor` (after gpt-oss's `extract_abcd`), ported pattern for pattern and in
 * its order: the first pattern that matches anywhere in the text decides, and of its matches the
 * leftmost (Python's `re.search`). Upstream also sorts by match length, but each pattern gives at
 * most one match, so the pattern order alone decides. Without any match, the first character after
 * a leading "**", if it is a, b, c or d in either case ("Alright, …" reads as A, as upstream).
 * The letter comes back as the dataset's spelling "choice1".."choice4"; "" when nothing is found.
 *
 * The label patterns ("Answer", "Option", "Choice") ignore case, letters included ("answer: b"),
 * as upstream's `(?i)`; the others take upper-case letters only. Python's Unicode `\s`, `\b`, `^`,
 * `$` and `.` are spelled out (python-re). Three rewrites keep the same matches without the quadratic time
 * Python's backtracking takes on long blank runs, many blank lines and unclosed braces: `\s*[:-]?\s*` is
 * written `\s*(?:[:-]\s*)?` (the same strings), a pattern opening with `^\s*` is tried once per blank run
 * rather than at each of its line starts, and the patterns that must end at "}" search only up to the last "}".
 */
import { ANY_BUT_NEWLINE, caseless, LINE_END, LINE_START, PY_S, WORD_END, WORD_START } from "./python-re.ts";

/** Markdown emphasis: *, **, _ or __. */
const EMPH = String.raw`(?:\*{1,2}|_{1,2})`;
const SEP = "[:\\-–]";
/** `\s*[:\-–]?\s*`, rewritten (see the module comment). */
const GAP = `${PY_S}*(?:${SEP}${PY_S}*)?`;
/** Under upstream's `(?i)` the letter class `[ABCD]` takes lower case too. */
const LETTER_I = "([A-Da-d])";
const ANSWERS_I = `${caseless("answer")}${caseless("s")}?`;
const NOT_ALNUM_BEFORE = "(?<![A-Za-z0-9])";
const NOT_ALNUM_AFTER = "(?![A-Za-z0-9])";

interface ChoicePattern {
  regex: RegExp;
  /** The match ends with "}": only the text up to its last "}" can hold it. */
  endsWithBrace: boolean;
  /** Upstream's `^\s*` (MULTILINE) opens the pattern; `regex` is the rest, tried where those blanks end. */
  atLineStart: boolean;
}

const LINE_START_BLANKS = `${LINE_START}${PY_S}*`;
const BLANKS = new RegExp(`${PY_S}*`, "uy");

function pattern(source: string): ChoicePattern {
  const atLineStart = source.startsWith(LINE_START_BLANKS);
  return {
    regex: atLineStart ? new RegExp(source.slice(LINE_START_BLANKS.length), "uy") : new RegExp(source, "u"),
    endsWithBrace: source.endsWith("\\}"),
    atLineStart,
  };
}

/**
 * `^\s*` then `rest`, searched as re.search does. What follows the blanks never starts with a blank, so every line
 * start inside one blank run reaches the same place and only the first is tried: linear time where the regex
 * retries each of many blank lines over the rest of the run.
 */
function searchAtLineStarts(rest: RegExp, text: string): RegExpExecArray | null {
  for (let lineStart = 0; ; ) {
    BLANKS.lastIndex = lineStart;
    const afterBlanks = lineStart + (BLANKS.exec(text)?.[0].length ?? 0);
    rest.lastIndex = afterBlanks;
    const m = rest.exec(text);
    if (m) return m;
    // The blank run holds every newline up to afterBlanks: the next line start to try comes after it.
    const newline = text.indexOf("\n", afterBlanks);
    if (newline < 0) return null;
    lineStart = newline + 1;
  }
}

/** Upstream's PATTERNS, in its order; its comment numbers in brackets. */
const PATTERNS: readonly ChoicePattern[] = [
  // [0] "**Answer:** A", "*Answers –* B": an emphasised label, then the letter.
  pattern(`${EMPH}${ANSWERS_I}${PY_S}*${SEP}?${EMPH}${PY_S}*${LETTER_I}${WORD_END}`),
  // [0.1] A line opening with the label: "Answer: **C**", "__Answer__ : D".
  pattern(
    `${LINE_START}${PY_S}*${EMPH}?${caseless("answer")}:?${EMPH}?${PY_S}*(?::${PY_S}*)?${EMPH}?${LETTER_I}${EMPH}?${PY_S}*`,
  ),
  // [1] "Answer: (C)", "Answers – ( B )".
  pattern(`${WORD_START}${ANSWERS_I}${WORD_END}${GAP}\\(${PY_S}*${LETTER_I}${PY_S}*\\)`),
  // [2] "Answer: C", "Answers – D", "answer b".
  pattern(`${WORD_START}${ANSWERS_I}${WORD_END}${GAP}${LETTER_I}${WORD_END}`),
  // [3] "Option B", "Choice: C", "choice - a".
  pattern(`${WORD_START}(?:${caseless("option")}|${caseless("choice")})${WORD_END}${GAP}${LETTER_I}${WORD_END}`),
  // [7] The first upper-case A–D inside \boxed{…}: \boxed{A}, \boxed{\text{A } 2.08\times10^{-6}}.
  pattern(String.raw`\\boxed\{[^}]*?([ABCD])[^}]*\}`),
  // [7.5] \boxed{\textbf{…C…}}.
  pattern(String.raw`\\boxed\{[^}]*?\\textbf\{[^}]*?([ABCD])[^}]*\}[^}]*\}`),
  // [7.51] \boxed{\text{…C…}}.
  pattern(String.raw`\\boxed\{[^}]*?\\text\{[^}]*?([ABCD])[^}]*\}[^}]*\}`),
  // [4] A bare "(A)" or "[ B ]".
  pattern(`${NOT_ALNUM_BEFORE}[\\(\\[]${PY_S}*([ABCD])${PY_S}*[\\)\\]]${NOT_ALNUM_AFTER}`),
  // [5] An emphasised letter: *A*, **B**, _C_, __D__.
  pattern(`${NOT_ALNUM_BEFORE}${EMPH}([ABCD])${EMPH}${NOT_ALNUM_AFTER}`),
  // [6] The first upper-case A–D inside \textbf{…}.
  pattern(String.raw`\\textbf\{[^}]*?([ABCD])[^}]*\}`),
  // [8] An emphasised option with its text: "**D) 42 kg**".
  pattern(`${NOT_ALNUM_BEFORE}${EMPH}${PY_S}*([ABCD])\\)[^*_\\n]+?${EMPH}${NOT_ALNUM_AFTER}`),
  // [9] The first line (after blanks) opening with a letter: "A", "B.", "C) 42", "**D**".
  pattern(`${LINE_START}${PY_S}*${EMPH}?([ABCD])${EMPH}?${PY_S}*[.)\\-–:]?${PY_S}*${ANY_BUT_NEWLINE}*${LINE_END}`),
];

/** The letter (upper case) of the first pattern that matches, else of upstream's first-character fallback. */
function findChoiceLetter(text: string): string | null {
  const lastBrace = text.lastIndexOf("}");
  for (const { regex, endsWithBrace, atLineStart } of PATTERNS) {
    const m = atLineStart
      ? searchAtLineStarts(regex, text)
      : regex.exec(endsWithBrace ? text.slice(0, lastBrace + 1) : text);
    if (m) return (m[1] as string).toUpperCase();
  }
  const first = (text.startsWith("**") ? text.slice(2) : text).charAt(0).toUpperCase();
  return first !== "" && "ABCD".includes(first) ? first : null;
}

/** `abcd_extractor`: "choice1".."choice4" for A..D, "" when the text names no choice. */
export function abcdExtractor(text: string): string {
  const letter = findChoiceLetter(text);
  return letter === null ? "" : `choice${"ABCD".indexOf(letter) + 1}`;
}
