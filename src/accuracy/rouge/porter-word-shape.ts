/**
 * @module accuracy/rouge/porter-word-shape — the consonant/vowel tests Porter's rules are conditioned on.
 *
 * Definitions from Porter, "An algorithm for suffix stripping" (1980), with the one change made by
 * NLTK's PorterStemmer in NLTK_EXTENSIONS mode (a two-letter `*o`). Every test reads a word one
 * UTF-16 unit per character; the stemmer makes that one unit per code point before calling them.
 */

const VOWELS: ReadonlySet<string> = new Set(["a", "e", "i", "o", "u"]);

/**
 * Whether a letter is a consonant, given whether the letter before it was one. Porter: a, e, i, o,
 * u are vowels, and so is y after a consonant; a y that starts the word counts as a consonant,
 * which falls out of treating "before the word" as a vowel.
 */
function consonantAfter(letter: string, previousIsConsonant: boolean): boolean {
  if (VOWELS.has(letter)) return false;
  return letter === "y" ? !previousIsConsonant : true;
}

/**
 * Whether `word[i]` is a consonant. Walks forward rather than recursing back over a run of y's,
 * so a long "yyyy…" cannot exhaust the stack (NLTK's recursive version raises RecursionError).
 */
export function isConsonant(word: string, i: number): boolean {
  let consonant = false;
  for (let j = 0; j <= i; j++) consonant = consonantAfter(word.charAt(j), consonant);
  return consonant;
}

/** Porter's measure m of [C](VC){m}[V]: how many times a vowel is followed by a consonant. */
export function measure(stem: string): number {
  let m = 0;
  let consonant = false;
  for (let j = 0; j < stem.length; j++) {
    const next = consonantAfter(stem.charAt(j), consonant);
    if (next && j > 0 && !consonant) m++;
    consonant = next;
  }
  return m;
}

/** Porter's `*v*`: the stem holds a vowel. */
export function containsVowel(stem: string): boolean {
  let consonant = false;
  for (let j = 0; j < stem.length; j++) {
    consonant = consonantAfter(stem.charAt(j), consonant);
    if (!consonant) return true;
  }
  return false;
}

/** Porter's `*d`: the word ends in two equal consonants ("-tt", "-ss"). */
export function endsDoubleConsonant(word: string): boolean {
  const n = word.length;
  return n >= 2 && word[n - 1] === word[n - 2] && isConsonant(word, n - 1);
}

/**
 * Porter's `*o`: the word ends consonant-vowel-consonant and the last consonant is not w, x or y
 * ("-wil", "-hop"). NLTK_EXTENSIONS also accepts a whole two-letter word that is vowel-consonant,
 * and there the w/x/y exclusion does not apply ("ow", "ax" qualify).
 */
export function endsCvc(word: string): boolean {
  const n = word.length;
  if (n === 2) return !isConsonant(word, 0) && isConsonant(word, 1);
  if (n < 3) return false;
  const last = word.charAt(n - 1);
  return (
    isConsonant(word, n - 3) &&
    !isConsonant(word, n - 2) &&
    isConsonant(word, n - 1) &&
    last !== "w" &&
    last !== "x" &&
    last !== "y"
  );
}
