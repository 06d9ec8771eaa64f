/**
 * @module dataset/random-dataset — synthetic prompts of chosen token lengths (`--dataset random,…`).
 *
 * Prompts are sequences of words that the tokenizer encodes as one token each (with and
 * without a leading space), so a prompt of N words is exactly N tokens for that tokenizer —
 * checked, not assumed. Without a tokenizer, words stand in for tokens. Every prompt may start
 * with the same `prefix` tokens (prefix-cache tests). Each row asks for its output length with
 * max_new_tokens, min_tokens and ignore_eos, so servers that honour them produce exactly it.
 */
import { InputError } from "../errors.ts";
import { PythonRandom, type PythonSeed } from "../rng/python-random.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { drawLength, type LengthSpec } from "./length-spec.ts";
import { SYNTHETIC_WORDS } from "./synthetic-words.ts";

interface RandomDatasetOptions {
  rows: number;
  isl: LengthSpec;
  /** Output lengths asked for; null: none (max_new_tokens from model_params, as upstream's random). */
  osl: LengthSpec | null;
  /** Tokens shared by every prompt, counted inside the ISL. */
  prefixTokens: number;
  seed: PythonSeed;
  tokenizer: TextTokenizer | null;
}

/** Words that are exactly one token alone and after a space, for this tokenizer. */
export function singleTokenWords(tokenizer: TextTokenizer | null): string[] {
  if (!tokenizer) return [...SYNTHETIC_WORDS];
  const words = SYNTHETIC_WORDS.filter(
    (w) => tokenizer.count(w) === 1 && tokenizer.count(` ${w}`) === 1 && tokenizer.count(`${w} ${w}`) === 2,
  );
  if (words.length < 16) {
    throw new InputError(
      `the tokenizer encodes too few plain English words as one token (${words.length}) to build exact-length prompts`,
      {
        hint: "use a dataset file instead, or run the random dataset without --tokenizer (lengths then count words)",
      },
    );
  }
  return words;
}

/** `n` words drawn from `pool`. */
export function words(rng: PythonRandom, pool: readonly string[], n: number): string[] {
  return Array.from({ length: n }, () => pool[rng.randbelow(pool.length)] as string);
}

export function generateRandomRows(options: RandomDatasetOptions): Record<string, unknown>[] {
  const pool = singleTokenWords(options.tokenizer);
  const rng = new PythonRandom(options.seed);
  const prefix = words(rng, pool, options.prefixTokens);
  const rows: Record<string, unknown>[] = [];
  for (let i = 0; i < options.rows; i++) {
    const isl = Math.max(drawLength(options.isl, rng), options.prefixTokens + 1);
    const osl = options.osl === null ? null : drawLength(options.osl, rng);
    const prompt = [...prefix, ...words(rng, pool, isl - options.prefixTokens)].join(" ");
    if (options.tokenizer && options.tokenizer.count(prompt) !== isl) {
      throw new InputError(`random dataset: could not build an exact ${isl}-token prompt with this tokenizer`, {
        hint: "this tokenizer merges words across spaces; use a dataset file for exact lengths",
      });
    }
    rows.push(osl === null ? { prompt, isl } : { prompt, max_new_tokens: osl, min_tokens: osl, ignore_eos: true, isl });
  }
  return rows;
}
