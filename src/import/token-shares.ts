/**
 * @module import/token-shares — a response's token count shared among its chunks when the source
 * kept the chunks' times but not their texts: evenly, the first chunk keeping its share and at
 * least one token, as our client shares a total by text length (tokens/chunk-tokens) when it has
 * the texts. Pure.
 */

/** Tokens of each chunk after the first (one per chunk → null), and TPOT's tokens after the first chunk. */
export function evenShares(total: number | null, chunks: number): { later: Uint16Array | null; afterFirst: number } {
  if (total === null || chunks <= 1) return { later: null, afterFirst: total === null ? chunks - 1 : total - 1 };
  if (total === chunks) return { later: null, afterFirst: chunks - 1 };
  const base = Math.floor(total / chunks);
  const extra = total - base * chunks;
  // Largest remainder: the first `extra` chunks carry one more; the first always at least one.
  const shares = Array.from({ length: chunks }, (_, i) => base + (i < extra ? 1 : 0));
  shares[0] = Math.max(shares[0] as number, 1);
  const later = Uint16Array.from(shares.slice(1), (s) => Math.min(s, 0xffff));
  let afterFirst = 0;
  for (const s of later) afterFirst += s;
  return { later, afterFirst };
}
