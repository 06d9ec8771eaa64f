/**
 * @module accuracy/extractors/abcd-extractor — the multiple-choice letter (GPQA) in a model's answer.
 *
 * Models state their choice in many shapes ("**Answer:** C", "Answer: (B)", `\boxed{\text{A}}`,
 * "Option D", a line that is just "B."). Every pattern below is tried over the whole text and each
 * match is ranked by (pattern priority, match length, position): the most specific phrasing wins,
 * and among equally specific ones the tightest match, then the earliest. The winning letter A–D is
 * returned as the dataset's ground-truth spelling "choice1".."choice4"; "" when nothing is found.
 *
 * Letters are upper case only: a lower-case "a" is far more often the article than a choice.
 * The "Answer" keyword is matched in any case. Patterns never put two optional whitespace runs
 * side by side (`\s*:?\s*`), which backtracks quadratically on long blank runs in model output.
 */

/** One recognised phrasing; lower priority numbers win. The letter is capture group 1. */
interface ChoicePattern {
  priority: number;
  regex: RegExp;
}

const LETTERS = "ABCD";
/** Markdown emphasis around a label or a letter: *, **, _ or __. */
const EMPH = String.raw`(?:\*{1,2}|_{1,2})`;
/** "answer" in any case, with an optional plural "s" (JavaScript has no inline (?i) for a part). */
const ANSWER = "[Aa][Nn][Ss][Ww][Ee][Rr][Ss]?";
/** The letter, not followed by another word character ("Answer: Aluminium" is no answer). */
const LETTER = String.raw`([ABCD])(?![A-Za-z0-9_])`;

const PATTERNS: readonly ChoicePattern[] = [
  // "**Answer:** C", "**Answer**: (C)", "_Answer_ - C": a markdown-emphasised label.
  {
    priority: 0,
    regex: new RegExp(
      String.raw`${EMPH}\s*(?:[Ff]inal\s+)?${ANSWER}\s*(?:[:\-–]\s*)?${EMPH}\s*(?:[:\-–]\s*)?\(?${LETTER}`,
      "g",
    ),
  },
  // A line that opens with the label: "Answer: **C**", "**Answer: C**".
  {
    priority: 1,
    regex: new RegExp(String.raw`^[ \t]*${EMPH}?(?:[Ff]inal\s+)?${ANSWER}[ \t]*:[ \t]*${EMPH}?\(?${LETTER}`, "gm"),
  },
  // "Answer: (B)" anywhere.
  { priority: 2, regex: new RegExp(String.raw`${ANSWER}\s*:\s*[(\[]([ABCD])[)\]]`, "g") },
  // "Answer: B", "the answer is B", "correct answer is (B" — "answer is" is ours, upstream stops at the colon.
  { priority: 3, regex: new RegExp(String.raw`${ANSWER}\s*(?::|\bis\b:?)\s*\(?${LETTER}`, "g") },
  // "Option C", "choice (C)".
  { priority: 4, regex: new RegExp(String.raw`\b(?:[Oo]ption|[Cc]hoice)\s*\(?${LETTER}`, "g") },
  // \boxed{D}, \boxed{(D)}, \boxed{\text{D}}, \boxed{\textbf{D) 42}}, \boxed{\mathrm{D}}.
  {
    priority: 5,
    regex: new RegExp(String.raw`\\boxed\{\s*(?:\\(?:text|textbf|mathrm|mathbf)\{\s*)?\(?${LETTER}[^{}]*\}`, "g"),
  },
  // A bare "(C)" or "[C]".
  { priority: 6, regex: /[([]([ABCD])[)\]]/g },
  // "**B**", "__B__".
  { priority: 7, regex: new RegExp(String.raw`${EMPH}\s*([ABCD])\s*${EMPH}`, "g") },
  // \textbf{B} or \textbf{B) …}.
  { priority: 8, regex: new RegExp(String.raw`\\textbf\{\s*\(?${LETTER}[^{}]*\}`, "g") },
  // "**B) 42 kg**": an emphasised option line.
  { priority: 9, regex: new RegExp(String.raw`\*\*\s*([ABCD])[).:][^*\n]*\*\*`, "g") },
  // A line that is just the letter, maybe emphasised and punctuated: "C", "**D.**", "B) 42".
  {
    priority: 10,
    regex: new RegExp(String.raw`^[ \t]*${EMPH}?([ABCD])(?:${EMPH}?[ \t]*$|[.):\-–]${EMPH}?(?:[ \t].*)?$)`, "gm"),
  },
];

interface Candidate {
  priority: number;
  length: number;
  index: number;
  letter: string;
}

function candidates(text: string): Candidate[] {
  const found: Candidate[] = [];
  for (const { priority, regex } of PATTERNS) {
    for (const m of text.matchAll(regex)) {
      found.push({ priority, length: m[0].length, index: m.index, letter: m[1] as string });
    }
  }
  return found;
}

/**
 * Fallback when no pattern matches: the text's first character after leading `*`, if it is a
 * letter A–D standing alone — followed by the end of its line or by punctuation. Upstream takes
 * the first character unconditionally, so "Alright, …" or "A cat …" would read as choice A.
 */
function leadingLetter(text: string): string | null {
  const m = /^\s*(?:\*+\s*)?([ABCD])(?=[ \t]*(?:\n|$)|[^A-Za-z0-9_\s])/.exec(text);
  return m ? (m[1] as string) : null;
}

/** The letter (A–D) the text answers with, or null. */
function findChoiceLetter(text: string): string | null {
  const ranked = candidates(text).sort((a, b) => a.priority - b.priority || a.length - b.length || a.index - b.index);
  return ranked[0]?.letter ?? leadingLetter(text);
}

/** `abcd_extractor`: "choice1".."choice4" for A..D, "" when the text names no choice. */
export function abcdExtractor(text: string): string {
  const letter = findChoiceLetter(text);
  return letter === null ? "" : `choice${LETTERS.indexOf(letter) + 1}`;
}
