/**
 * @module accuracy/response-counts — which issued samples got a usable response (`response_counts`).
 *
 * `issued = scored + empty + missing`:
 * - missing: issued samples with no response at all (drain timeout, crash) — the difference
 *   between the issued count and the distinct responses given;
 * - empty: a response whose text is null (the request failed) or only whitespace;
 * - scored: the rest, the responses an extractor sees.
 * A sample is identified by (dataset index, repeat); a repeated identity keeps its first response,
 * so a retried request cannot be scored twice. Missing and empty samples count as wrong.
 */
import type { ResponseCounts, ResponseForScoring } from "./accuracy-entry.ts";

interface CountedResponses {
  counts: ResponseCounts;
  /** Distinct responses with usable text, in input order. */
  usable: Array<ResponseForScoring & { text: string }>;
  /** Distinct responses (usable or empty), in input order. */
  distinct: ResponseForScoring[];
  /**
   * The score's denominator: the issued count, or the distinct responses if a caller passed more
   * responses than it says it issued (so a score can never exceed 1).
   */
  denominator: number;
}

/** Sorts `responses` for `issued` samples into scored, empty and missing. */
export function countResponses(issued: number, responses: readonly ResponseForScoring[]): CountedResponses {
  const seen = new Set<string>();
  const distinct: ResponseForScoring[] = [];
  for (const r of responses) {
    const key = `${r.datasetIndex}:${r.repeat}`;
    if (seen.has(key)) continue;
    seen.add(key);
    distinct.push(r);
  }
  const usable = distinct.filter(
    (r): r is ResponseForScoring & { text: string } => r.text !== null && r.text.trim() !== "",
  );
  const denominator = Math.max(issued, distinct.length);
  const counts = {
    issued: denominator,
    scored: usable.length,
    empty: distinct.length - usable.length,
    missing: denominator - distinct.length,
  };
  return { counts, usable, distinct, denominator };
}
