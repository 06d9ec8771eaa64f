/**
 * @module accuracy/response-counts — which issued samples got a usable response (`response_counts`).
 *
 * `issued = scored + empty + missing`, as upstream's accounting of a phase:
 * - missing: issued samples that never completed — a response marked `lost` (cancelled by a drain
 *   timeout or Ctrl-C, its worker died: upstream logs no COMPLETE event for those), and the
 *   difference between the issued count and the responses given;
 * - empty: a completed response with no text — a failed request (text null) or "" (upstream's
 *   truthiness test: whitespace is text, and is scored);
 * - scored: the rest, the responses an extractor sees.
 * A sample is identified by (dataset index, repeat); a repeated identity keeps its first completed
 * response, so a retried request cannot be scored twice. Missing and empty samples count as wrong.
 */
import type { ResponseCounts, ResponseForScoring } from "./accuracy-entry.ts";

interface CountedResponses {
  counts: ResponseCounts;
  /** Completed responses with text, in input order. */
  usable: Array<ResponseForScoring & { text: string }>;
  /** Completed responses (usable or empty), one per identity, in input order. */
  distinct: ResponseForScoring[];
  /** Responses marked lost whose identity has no completed response, in input order. */
  lost: ResponseForScoring[];
  /**
   * The score's denominator: the issued count, or the identities given if a caller passed more
   * responses than it says it issued (so a score can never exceed 1).
   */
  denominator: number;
}

const keyOf = (r: ResponseForScoring): string => `${r.datasetIndex}:${r.repeat}`;

/** Sorts `responses` for `issued` samples into scored, empty and missing. */
export function countResponses(issued: number, responses: readonly ResponseForScoring[]): CountedResponses {
  const completed = new Map<string, ResponseForScoring>();
  for (const r of responses) if (r.lost !== true && !completed.has(keyOf(r))) completed.set(keyOf(r), r);
  const lostByKey = new Map<string, ResponseForScoring>();
  for (const r of responses)
    if (r.lost === true && !completed.has(keyOf(r)) && !lostByKey.has(keyOf(r))) lostByKey.set(keyOf(r), r);
  const distinct = [...completed.values()];
  const usable = distinct.filter((r): r is ResponseForScoring & { text: string } => r.text !== null && r.text !== "");
  const denominator = Math.max(issued, distinct.length + lostByKey.size);
  const counts = {
    issued: denominator,
    scored: usable.length,
    empty: distinct.length - usable.length,
    missing: denominator - distinct.length,
  };
  return { counts, usable, distinct, lost: [...lostByKey.values()], denominator };
}
