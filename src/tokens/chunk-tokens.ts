/**
 * @module tokens/chunk-tokens — how many tokens each streamed chunk carried, when the server packs several into one (pure).
 *
 * ITL is per token: a chunk carrying k tokens after a gap g gives k gaps of g/k (metrics/token-gaps).
 * The tokens per chunk come from vLLM-style continuous usage (a cumulative
 * `usage.completion_tokens` on every chunk) when present; otherwise a known total (the final
 * usage, less any hidden reasoning tokens, or the client tokenizer's count) is shared among the
 * chunks in proportion to their text length.
 */

/**
 * Shares `total` tokens among chunks in proportion to their weights (text length), each chunk
 * at least one token, using largest remainders so the shares sum to `total` exactly.
 */
export function apportionTokens(total: number, weights: ArrayLike<number>): number[] {
  const n = weights.length;
  if (total <= n) return Array.from({ length: n }, () => 1);
  const spare = total - n;
  let weightSum = 0;
  for (let i = 0; i < n; i++) weightSum += weights[i] as number;
  const exact = Array.from({ length: n }, (_, i) => (spare * (weights[i] as number)) / weightSum);
  const shares = exact.map((x) => 1 + Math.floor(x));
  let left = total - shares.reduce((a, b) => a + b, 0);
  const byRemainder = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0]);
  for (let j = 0; left > 0; j = (j + 1) % n, left--) shares[(byRemainder[j] as readonly [number, number])[1]]! += 1;
  return shares;
}

/** Tokens of chunks 2..n from per-chunk counts, or null when every later chunk carries exactly one (the column's convention). */
export function laterChunkTokens(perChunk: readonly number[]): Uint16Array | null {
  const later = perChunk.slice(1);
  return later.every((k) => k === 1) ? null : Uint16Array.from(later, (k) => Math.min(k, 65535));
}

/** Tokens of chunks 2..n when `total` tokens are shared by chunks of these lengths; null when there is nothing to share. */
export function sharedChunkTokens(total: number | null, chunkChars: ArrayLike<number>): Uint16Array | null {
  if (chunkChars.length < 2 || total === null || total <= chunkChars.length) return null;
  return laterChunkTokens(apportionTokens(total, chunkChars));
}
