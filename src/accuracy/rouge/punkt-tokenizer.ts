/**
 * @module accuracy/rouge/punkt-tokenizer — `splitSentences(text)`: what NLTK 3.8's
 * `nltk.sent_tokenize(text)` returns for English (PunktSentenceTokenizer with the trained
 * English parameters, default PunktLanguageVars, boundaries realigned).
 *
 * MLPerf's ROUGE-Lsum reference splits texts with `sent_tokenize` and joins the sentences with
 * "\n", so this has to reproduce it exactly, quirks included:
 * - Each candidate end (".", "?", "!" before a non-word character or before whitespace and a
 *   token) is judged on a short context: the word before it, the mark, and what follows. That
 *   word starts after the last ASCII whitespace since the previous candidate's word; with none
 *   (or only at offset 0 of that stretch) it starts where the previous candidate's word started.
 *   A candidate whose word overlaps the next one's ("acting!!!") is dropped for the next one.
 * - A sentence ends after the mark; the next starts at the following token or, with no space
 *   in between, right after the mark. The last one runs to the text's end minus trailing space.
 * - Realignment moves closing quotes and brackets that open the next sentence to the end of
 *   the previous one, without the whitespace after them.
 * Offsets are UTF-16 indices, which is safe because every split point is next to an ASCII
 * character or a whitespace character, none of which is half of a surrogate pair.
 */
import { containsSentenceBreak } from "./punkt-annotate.ts";
import { BOUNDARY_REALIGNMENT, PERIOD_CONTEXT, rstripPython } from "./punkt-language.ts";
import { englishPunktParameters, type PunktParameters } from "./punkt-parameters.ts";

type Span = readonly [start: number, end: number];

interface EndCandidate {
  /** Just after the mark. */
  readonly end: number;
  /** Where the token after the whitespace starts; undefined when punctuation follows the mark directly. */
  readonly nextStart: number | undefined;
  readonly context: string;
}

/** Python's `string.whitespace`. */
const ASCII_WHITESPACE = new Set([" ", "\t", "\n", "\r", "\v", "\f"]);

/** Index of the last ASCII whitespace character, or 0 when there is none (as NLTK does: 0 is also "none"). */
function lastAsciiSpaceIndex(text: string): number {
  for (let i = text.length - 1; i >= 0; i--) if (ASCII_WHITESPACE.has(text[i]!)) return i;
  return 0;
}

function endCandidate(text: string, match: RegExpExecArray, word: Span): EndCandidate {
  const end = match.index + match[0].length;
  const afterTok = match.groups?.afterTok ?? "";
  const nextTok = match.groups?.nextTok;
  return {
    end,
    nextStart: nextTok ? end + afterTok.length - nextTok.length : undefined,
    context: text.slice(word[0], word[1]) + match[0] + afterTok,
  };
}

function endCandidates(text: string): EndCandidate[] {
  const candidates: EndCandidate[] = [];
  let previous: RegExpExecArray | undefined;
  let previousWord: Span = [0, 0];
  for (const match of text.matchAll(PERIOD_CONTEXT)) {
    const space = lastAsciiSpaceIndex(text.slice(previousWord[1], match.index));
    const word: Span = [space ? previousWord[1] + space + 1 : previousWord[0], match.index];
    if (previous && previousWord[1] <= word[0]) candidates.push(endCandidate(text, previous, previousWord));
    previous = match;
    previousWord = word;
  }
  if (previous) candidates.push(endCandidate(text, previous, previousWord));
  return candidates;
}

function sentenceSpans(text: string, params: PunktParameters): Span[] {
  const spans: Span[] = [];
  let start = 0;
  for (const candidate of endCandidates(text)) {
    if (!containsSentenceBreak(candidate.context, params)) continue;
    spans.push([start, candidate.end]);
    start = candidate.nextStart ?? candidate.end;
  }
  spans.push([start, rstripPython(text).length]);
  return spans;
}

/** Moves closing punctuation at the start of a span to the end of the span before it; drops empty spans. */
function realignBoundaries(text: string, spans: readonly Span[]): Span[] {
  const realigned: Span[] = [];
  let shift = 0;
  spans.forEach(([spanStart, end], i) => {
    const start = spanStart + shift;
    const next = spans[i + 1];
    const closing = next && BOUNDARY_REALIGNMENT.exec(text.slice(next[0], next[1]));
    if (closing) {
      // Kept even if empty, as NLTK keeps it.
      realigned.push([start, next[0] + rstripPython(closing[0]).length]);
      shift = closing[0].length;
      return;
    }
    shift = 0;
    if (text.slice(start, end)) realigned.push([start, end]);
  });
  return realigned;
}

/** The sentences of `text`, exactly as `nltk.sent_tokenize(text)` (English) returns them. */
export function splitSentences(text: string): string[] {
  const spans = realignBoundaries(text, sentenceSpans(text, englishPunktParameters()));
  return spans.map(([start, end]) => text.slice(start, end));
}
