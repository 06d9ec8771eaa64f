/**
 * @module accuracy/sample-scorers — per-sample comparisons of an extracted answer with the ground truth.
 *
 * Each returns 1 (correct) or 0. A null answer (nothing extracted, or a failed request) or a null
 * ground truth is never correct.
 * - `pass_at_1`: exact string equality, as upstream.
 * - `string_match`: equality after trimming both sides (Python's `.strip()`), as upstream.
 * - `exact_match` (ours; upstream's legacy `eval_method` enum names it but scores nothing): equality
 *   after trimming, Unicode case folding (`toLowerCase` of the NFKC form) and collapsing every run
 *   of whitespace to one space — "  The  Answer\n" equals "the answer".
 */
import { pyStrip } from "./python-space.ts";

export type SampleComparison = (extracted: string | null, truth: string | null) => 0 | 1;

/**
 * The ground-truth cell as text: strings as they are, numbers/booleans/bigints via `String`,
 * null/undefined (no ground truth) as null, anything else as its JSON. Unlike Python's `str`,
 * `true` stays "true" and `5.0` reads "5" — ground-truth columns of the supported datasets are strings.
 */
export function groundTruthText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}

/** Python's `str.strip()`: its whitespace is not JavaScript's `trim`'s (U+001C–U+001F, U+0085 in; U+FEFF out). */
const strip = (s: string): string => pyStrip(s);

/** The `exact_match` normal form: trimmed, case-folded, whitespace runs collapsed. */
function exactMatchForm(s: string): string {
  return strip(s).normalize("NFKC").toLowerCase().replace(/\s+/g, " ");
}

function compareWith(normalize: (s: string) => string): SampleComparison {
  return (extracted, truth) =>
    extracted !== null && truth !== null && normalize(extracted) === normalize(truth) ? 1 : 0;
}

export const passAt1: SampleComparison = compareWith((s) => s);
export const stringMatch: SampleComparison = compareWith(strip);
export const exactMatch: SampleComparison = compareWith(exactMatchForm);
