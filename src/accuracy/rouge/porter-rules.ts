/**
 * @module accuracy/rouge/porter-rules — Porter's suffix rule tables (steps 1a, 2, 3, 4, 5b) and how a table applies.
 *
 * The tables are NLTK's PorterStemmer in NLTK_EXTENSIONS mode: Porter's 1980 rules, with step 2's
 * "abli" rule read as "bli" (Martin Porter's later change) and NLTK's "fulli" and "logi" rules
 * added. Order matters: the first rule whose suffix matches decides, even when its condition fails.
 */
import { measure } from "./porter-word-shape.ts";

/** A suffix, what replaces it, and the condition on the stem left after removing the suffix. */
type SuffixRule = readonly [suffix: string, replacement: string, condition: (stem: string) => boolean];

const always = (): boolean => true;
const mAbove0 = (stem: string): boolean => measure(stem) > 0;
const mAbove1 = (stem: string): boolean => measure(stem) > 1;

/**
 * The first rule whose suffix ends the word replaces it when its condition holds; either way no
 * later rule is tried (Porter: "feed" stays "feed" though a later rule would fit).
 */
export function applyRules(word: string, rules: readonly SuffixRule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, word.length - suffix.length);
    return condition(stem) ? stem + replacement : word;
  }
  return word;
}

/** Step 1a, plurals: "caresses" → "caress", "ponies" → "poni", "cats" → "cat". */
export const STEP_1A: readonly SuffixRule[] = [
  ["sses", "ss", always],
  ["ies", "i", always],
  ["ss", "ss", always],
  ["s", "", always],
];

/** Step 2, double suffixes to single ones: "relational" → "relate". */
export const STEP_2: readonly SuffixRule[] = [
  ["ational", "ate", mAbove0],
  ["tional", "tion", mAbove0],
  ["enci", "ence", mAbove0],
  ["anci", "ance", mAbove0],
  ["izer", "ize", mAbove0],
  ["bli", "ble", mAbove0],
  // Only reached when the stemmer's early "alli" rewrite failed, so it fails too; kept because a
  // failing match still stops the later rules.
  ["alli", "al", mAbove0],
  ["entli", "ent", mAbove0],
  ["eli", "e", mAbove0],
  ["ousli", "ous", mAbove0],
  ["ization", "ize", mAbove0],
  ["ation", "ate", mAbove0],
  ["ator", "ate", mAbove0],
  ["alism", "al", mAbove0],
  ["iveness", "ive", mAbove0],
  ["fulness", "ful", mAbove0],
  ["ousness", "ous", mAbove0],
  ["aliti", "al", mAbove0],
  ["iviti", "ive", mAbove0],
  ["biliti", "ble", mAbove0],
  ["fulli", "ful", mAbove0],
  // NLTK measures the stem with the "l" kept, so short stems ("geologi", "theologi") qualify.
  ["logi", "log", (stem) => mAbove0(`${stem}l`)],
];

/** Step 3: "-icate", "-ative", "-ful", "-ness" and friends. */
export const STEP_3: readonly SuffixRule[] = [
  ["icate", "ic", mAbove0],
  ["ative", "", mAbove0],
  ["alize", "al", mAbove0],
  ["iciti", "ic", mAbove0],
  ["ical", "ic", mAbove0],
  ["ful", "", mAbove0],
  ["ness", "", mAbove0],
];

/** Step 4, bare suffixes off long stems: "allowance" → "allow", "adoption" → "adopt". */
export const STEP_4: readonly SuffixRule[] = [
  ["al", "", mAbove1],
  ["ance", "", mAbove1],
  ["ence", "", mAbove1],
  ["er", "", mAbove1],
  ["ic", "", mAbove1],
  ["able", "", mAbove1],
  ["ible", "", mAbove1],
  ["ant", "", mAbove1],
  ["ement", "", mAbove1],
  ["ment", "", mAbove1],
  ["ent", "", mAbove1],
  ["ion", "", (stem) => mAbove1(stem) && (stem.endsWith("s") || stem.endsWith("t"))],
  ["ou", "", mAbove1],
  ["ism", "", mAbove1],
  ["ate", "", mAbove1],
  ["iti", "", mAbove1],
  ["ous", "", mAbove1],
  ["ive", "", mAbove1],
  ["ize", "", mAbove1],
];

/** Step 5b, "-ll" → "-l" on long words: "controll" → "control". m is taken with one "l" kept. */
export const STEP_5B: readonly SuffixRule[] = [["ll", "l", (stem) => mAbove1(`${stem}l`)]];
