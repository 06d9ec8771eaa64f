/**
 * @module accuracy/rouge/porter-stemmer — NLTK's PorterStemmer, NLTK_EXTENSIONS mode: `porterStem(word)`.
 *
 * rouge_score (the MLPerf ROUGE reference) stems each token longer than 3 characters with
 * `nltk.stem.porter.PorterStemmer().stem(token)`; this reproduces that call — the default mode,
 * NLTK_EXTENSIONS, with `to_lowercase=True` — so our ROUGE matches it exactly. That mode is
 * Porter's 1980 algorithm plus Martin Porter's later changes plus NLTK's own: an irregular-forms
 * table, short words left alone, "dies"/"died" → "die", a stricter y → i, and "alli"/"fulli"/"logi".
 *
 * Quirks kept on purpose because NLTK has them: the irregular-forms lookup uses the word as
 * given, so "skies" → "sky" but "Skies" → "ski"; and the "leave words of ≤ 2 characters alone"
 * test counts the word before lower-casing. Lower-casing uses the JS engine's Unicode tables,
 * which may be newer than the Python that rouge_score runs on (letters added since differ).
 */
import { applyRules, STEP_1A, STEP_2, STEP_3, STEP_4, STEP_5B } from "./porter-rules.ts";
import { containsVowel, endsCvc, endsDoubleConsonant, isConsonant, measure } from "./porter-word-shape.ts";

/** NLTK's irregular forms: word → stem, looked up before any rule runs. */
const IRREGULAR: ReadonlyMap<string, string> = new Map([
  ["sky", "sky"],
  ["skies", "sky"],
  ["dying", "die"],
  ["lying", "lie"],
  ["tying", "tie"],
  ["news", "news"],
  ["innings", "inning"],
  ["inning", "inning"],
  ["outings", "outing"],
  ["outing", "outing"],
  ["cannings", "canning"],
  ["canning", "canning"],
  ["howe", "howe"],
  ["proceed", "proceed"],
  ["exceed", "exceed"],
  ["succeed", "succeed"],
]);

/** Step 1a, plus NLTK's rule that a four-letter "-ies" word keeps its "ie": "dies" → "die", "flies" → "fli". */
function step1a(word: string): string {
  if (word.length === 4 && word.endsWith("ies")) return `${word.slice(0, -3)}ie`;
  return applyRules(word, STEP_1A);
}

/**
 * After "-ed"/"-ing" came off: put back the "e" of "-ate", "-ble", "-ize" (step 4 looks for it),
 * undouble a final consonant other than l, s, z ("hopp" → "hop", "fall" stays), and add "e" to a
 * short cvc stem ("fil" → "file").
 */
function tidyAfterEdIng(stem: string): string {
  if (stem.endsWith("at") || stem.endsWith("bl") || stem.endsWith("iz")) return `${stem}e`;
  if (endsDoubleConsonant(stem)) return /[lsz]$/.test(stem) ? stem : stem.slice(0, -1);
  return measure(stem) === 1 && endsCvc(stem) ? `${stem}e` : stem;
}

/** Step 1b: "-eed", "-ed", "-ing"; NLTK first maps "-ied" to "ie" (four letters) or "i" ("spied" → "spi"). */
function step1b(word: string): string {
  if (word.endsWith("ied")) return word.slice(0, -3) + (word.length === 4 ? "ie" : "i");
  if (word.endsWith("eed")) {
    const stem = word.slice(0, -3);
    return measure(stem) > 0 ? `${stem}ee` : word;
  }
  const suffix = word.endsWith("ed") ? 2 : word.endsWith("ing") ? 3 : 0;
  if (suffix === 0) return word;
  const stem = word.slice(0, -suffix);
  return containsVowel(stem) ? tidyAfterEdIng(stem) : word;
}

/**
 * Step 1c, y → i. NLTK's condition replaces Porter's `*v*`: the y must follow a consonant that
 * is not the whole stem, so "happy" → "happi", "enjoy" and "sky" stay, "spy" → "spi".
 */
function step1c(word: string): string {
  if (!word.endsWith("y")) return word;
  const stem = word.slice(0, -1);
  return stem.length > 1 && isConsonant(stem, stem.length - 1) ? `${stem}i` : word;
}

/** Step 2. NLTK tries "alli" → "al" first and, when it applies, runs step 2 again on the result. */
function step2(word: string): string {
  if (word.endsWith("alli") && measure(word.slice(0, -4)) > 0) return step2(`${word.slice(0, -4)}al`);
  return applyRules(word, STEP_2);
}

/** Step 5a: a final "e" goes when m > 1, or when m = 1 and the stem does not end cvc ("cease" → "ceas", "rate" stays). */
function step5a(word: string): string {
  if (!word.endsWith("e")) return word;
  const stem = word.slice(0, -1);
  const m = measure(stem);
  return m > 1 || (m === 1 && !endsCvc(stem)) ? stem : word;
}

function runSteps(word: string): string {
  const afterStep1 = step1c(step1b(step1a(word)));
  const afterStep4 = applyRules(applyRules(step2(afterStep1), STEP_3), STEP_4);
  return applyRules(step5a(afterStep4), STEP_5B);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * Runs the steps with Python's view of the word. Python indexes a str by code point, JS by UTF-16
 * unit, so an astral character (two units) would shift the lengths and positions the rules test.
 * Each distinct astral character is replaced by a BMP character the word does not use, and put
 * back afterwards: Porter treats every non-ASCII character as a consonant, so only identity (for
 * `*d`) has to survive, and a one-to-one substitution keeps it.
 */
function runStepsByCodePoint(lower: string): string {
  if (!SURROGATE.test(lower)) return runSteps(lower);
  const used = new Set(lower);
  const standIns = new Map<string, string>();
  const originals = new Map<string, string>();
  let candidate = 0x100;
  let encoded = "";
  for (const char of lower) {
    let standIn = char.length === 1 ? char : standIns.get(char);
    if (standIn === undefined) {
      while (used.has(String.fromCharCode(candidate)) || SURROGATE.test(String.fromCharCode(candidate))) candidate++;
      // Unreachable short of a "word" with ~63 000 distinct characters; fail loudly, not wrongly.
      if (candidate > 0xffff) throw new RangeError("porterStem: too many distinct characters to stem by code point");
      standIn = String.fromCharCode(candidate++);
      standIns.set(char, standIn);
      originals.set(standIn, char);
    }
    encoded += standIn;
  }
  let stem = "";
  for (const char of runSteps(encoded)) stem += originals.get(char) ?? char;
  return stem;
}

function codePointCount(word: string): number {
  if (!SURROGATE.test(word)) return word.length;
  let n = 0;
  for (const _ of word) n++;
  return n;
}

/** The Porter stem of `word`, lower-cased, exactly as NLTK's `PorterStemmer().stem(word)` returns it. */
export function porterStem(word: string): string {
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  const lower = word.toLowerCase();
  if (codePointCount(word) <= 2) return lower;
  return runStepsByCodePoint(lower);
}
