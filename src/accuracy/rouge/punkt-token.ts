/**
 * @module accuracy/rouge/punkt-token — a Punkt word token and the properties of it that the
 * sentence splitter reads (NLTK's PunktToken, minus what only training uses).
 *
 * Character tests follow Python's `str` methods: `isupper()`/`islower()` are the Unicode
 * Uppercase/Lowercase properties of the first code point, and a letter for the initial test is
 * Python's `[^\W\d]` — a letter, a non-decimal number (Nl, No) or "_". A number's digits are
 * Python's `\d`: any decimal digit (Nd), not just 0–9. The Unicode tables are the JS engine's,
 * which may be newer than the Python that NLTK runs on (a few characters changed case since).
 */

export interface PunktToken {
  readonly text: string;
  /** Lower-cased text, or "##number##" when the text is a number. */
  readonly type: string;
  readonly periodFinal: boolean;
}

/** The flags Punkt's first pass sets from a token's type alone. */
export interface FirstPassFlags {
  readonly sentbreak: boolean;
  readonly abbr: boolean;
  readonly ellipsis: boolean;
}

const NUMBER_TYPE = "##number##";
const NUMERIC = /^-?[.,]?\p{Nd}[\p{Nd},.-]*\.?$/u;
const INITIAL = /^[\p{L}\p{Nl}\p{No}_]\.$/u;
const FIRST_UPPER = /^\p{Uppercase}/u;
const FIRST_LOWER = /^\p{Lowercase}/u;

export function punktToken(text: string): PunktToken {
  const lower = text.toLowerCase();
  return { text, type: NUMERIC.test(lower) ? NUMBER_TYPE : lower, periodFinal: text.endsWith(".") };
}

export function isNumberType(type: string): boolean {
  return type === NUMBER_TYPE;
}

/** The type without its final period, unless the type is just ".". */
export function typeNoPeriod(token: PunktToken): string {
  return token.type.length > 1 && token.type.endsWith(".") ? token.type.slice(0, -1) : token.type;
}

/** The type without its final period when that period is a sentence break. */
export function typeNoSentPeriod(token: PunktToken, sentbreak: boolean): string {
  return sentbreak ? typeNoPeriod(token) : token.type;
}

/** One letter and a period: "J.". */
export function isInitial(token: PunktToken): boolean {
  return INITIAL.test(token.text);
}

export function isFirstUpper(token: PunktToken): boolean {
  return FIRST_UPPER.test(token.text);
}

export function isFirstLower(token: PunktToken): boolean {
  return FIRST_LOWER.test(token.text);
}
