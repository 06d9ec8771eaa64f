/**
 * @module accuracy/rouge/punkt-annotate — Punkt's two annotation passes: does a text contain a
 * sentence break before its last token?
 *
 * The first pass looks at each token alone: ".", "?" and "!" are breaks, period runs are
 * ellipses, a word ending in a period is an abbreviation when its type is a known one (or the
 * part after its last hyphen is) and a break otherwise. The second pass revisits each token that
 * ends in a period given the next token (Kiss & Strunk 2006, §4): a known collocation is not a
 * break; an abbreviation or ellipsis is one when the next word looks like a sentence start
 * (orthographic evidence, or a capitalised frequent sentence starter); an initial or a number is
 * not one when the next word looks sentence-internal. The next token is seen with its
 * first-pass flags only, as in NLTK, whose passes are chained generators.
 */
import { punktWords } from "./punkt-language.ts";
import {
  collocationKey,
  ORTHO_BEG_LC,
  ORTHO_LC,
  ORTHO_MID_UC,
  ORTHO_UC,
  type PunktParameters,
} from "./punkt-parameters.ts";
import {
  type FirstPassFlags,
  isFirstLower,
  isFirstUpper,
  isInitial,
  isNumberType,
  punktToken,
  type PunktToken,
  typeNoPeriod,
  typeNoSentPeriod,
} from "./punkt-token.ts";

const SENTENCE_END_TOKENS: ReadonlySet<string> = new Set([".", "?", "!"]);
/** Tokens that never start a sentence. */
const PUNCTUATION: ReadonlySet<string> = new Set([";", ":", ",", ".", "!", "?"]);
const ELLIPSIS = /^\.\.+$/;

const NO_FLAGS: FirstPassFlags = { sentbreak: false, abbr: false, ellipsis: false };

function firstPass(token: PunktToken, params: PunktParameters): FirstPassFlags {
  const { text } = token;
  if (SENTENCE_END_TOKENS.has(text)) return { ...NO_FLAGS, sentbreak: true };
  if (ELLIPSIS.test(text)) return { ...NO_FLAGS, ellipsis: true };
  if (!token.periodFinal || text.endsWith("..")) return NO_FLAGS;
  const stem = text.slice(0, -1).toLowerCase();
  const lastPart = stem.slice(stem.lastIndexOf("-") + 1);
  const abbr = params.abbreviations.has(stem) || params.abbreviations.has(lastPart);
  return { ...NO_FLAGS, abbr, sentbreak: !abbr };
}

type SentenceStart = "yes" | "no" | "unknown";

/** Orthographic evidence that a token starts a sentence, from the cases its type was seen in. */
function orthographicStart(token: PunktToken, flags: FirstPassFlags, params: PunktParameters): SentenceStart {
  if (PUNCTUATION.has(token.text)) return "no";
  const context = params.orthoContext.get(typeNoSentPeriod(token, flags.sentbreak)) ?? 0;
  // Capitalised here, seen lower-case, never seen capitalised mid-sentence.
  if (isFirstUpper(token) && context & ORTHO_LC && !(context & ORTHO_MID_UC)) return "yes";
  // Lower-case here and either seen capitalised or never seen lower-case at a sentence start.
  if (isFirstLower(token) && (context & ORTHO_UC || !(context & ORTHO_BEG_LC))) return "no";
  return "unknown";
}

/** The second pass's verdict on `token`, which is followed by `next`. */
function isSentenceBreak(
  token: PunktToken,
  flags: FirstPassFlags,
  next: PunktToken,
  nextFlags: FirstPassFlags,
  params: PunktParameters,
): boolean {
  if (!token.periodFinal) return flags.sentbreak;
  const type = typeNoPeriod(token);
  const nextType = typeNoSentPeriod(next, nextFlags.sentbreak);
  const initial = isInitial(token);
  if (params.collocations.has(collocationKey(type, nextType))) return false;
  if ((flags.abbr || flags.ellipsis) && !initial) {
    if (orthographicStart(next, nextFlags, params) === "yes") return true;
    if (isFirstUpper(next) && params.sentStarters.has(nextType)) return true;
  }
  if (initial || isNumberType(type)) {
    const start = orthographicStart(next, nextFlags, params);
    if (start === "no") return false;
    // An initial before a word only ever seen capitalised: "J. Bach".
    const alwaysCapitalised = !((params.orthoContext.get(nextType) ?? 0) & ORTHO_LC);
    if (start === "unknown" && initial && isFirstUpper(next) && alwaysCapitalised) return false;
  }
  return flags.sentbreak;
}

/** True when some token of `text` other than its last ends a sentence. */
export function containsSentenceBreak(text: string, params: PunktParameters): boolean {
  const tokens = punktWords(text).map(punktToken);
  const flags = tokens.map((token) => firstPass(token, params));
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (isSentenceBreak(tokens[i]!, flags[i]!, tokens[i + 1]!, flags[i + 1]!, params)) return true;
  }
  return false;
}
