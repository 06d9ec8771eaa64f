/**
 * @module tokens/chunk-tokens — how many tokens each streamed chunk carried, when the server packs several into one or sends one with no text (pure).
 *
 * ITL is per token: a chunk carrying k tokens after a gap g gives k gaps of g/k (metrics/token-gaps).
 * The tokens per chunk come from vLLM-style continuous usage (a cumulative
 * `usage.completion_tokens` on every chunk) when present. Otherwise a known total (the final
 * usage, less any hidden reasoning tokens, or the client tokenizer's count) decides:
 *
 * - Chunks with no text still carry a token when servers send one per token: vLLM sends
 *   `content: ""` for a token that ends inside a UTF-8 character (the next chunk carries the
 *   character) and for the EOS token of its finish chunk, and counts both in usage; TGI does the
 *   same for special tokens; SGLang's separate finish chunk is its EOS token. When the total
 *   equals the chunks after the first token — text or not — plus the first's, each carries one.
 * - Else (several tokens per chunk: TensorRT-LLM with MTP, `serve --tokens-per-chunk`; or a
 *   finish chunk the usage does not count) the chunks with no text are left out — their time
 *   goes to the next chunk with text — and the total is shared among the chunks with text in
 *   proportion to their length.
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
function laterChunkTokens(perChunk: readonly number[]): Uint16Array | null {
  const later = perChunk.slice(1);
  return later.every((k) => k === 1) ? null : Uint16Array.from(later, (k) => Math.min(k, 65535));
}

/** Tokens of chunks 2..n when `total` tokens are shared by chunks of these lengths; null when there is nothing to share. */
export function sharedChunkTokens(total: number | null, chunkChars: ArrayLike<number>): Uint16Array | null {
  if (chunkChars.length < 2 || total === null || total <= chunkChars.length) return null;
  return laterChunkTokens(apportionTokens(total, chunkChars));
}

/** A stream's chunks after its first token, as read: a chunk with no text (0 characters) is an empty delta or a finish chunk. */
export interface ReadChunks {
  /** Gap before each chunk after the first (length: chunks − 1). */
  gapsNs: readonly number[];
  /** Characters per chunk, 0 for a chunk with no text (a tool-call delta without text counts as 1). */
  chars: readonly number[];
  /** The cumulative completion_tokens of each chunk, when every chunk with text had one; else null. */
  cumulative: readonly number[] | null;
  /** Tokens before the first chunk with text that came as chunks of their own with no text (not the role chunk). */
  tokensBeforeFirst: number;
}

/** The chunks that carried tokens: their gaps, characters and tokens of chunks 2..n (null: one each). */
interface TokenChunks {
  gapsNs: number[];
  chars: number[];
  laterTokens: Uint16Array | null;
  /** Each kept chunk's position among the chunks read; null when every chunk was kept. */
  index: number[] | null;
}

/** Which of `read`'s chunks carried tokens, and how many each; `streamed`: the tokens the stream carried in all, when known. */
export function tokenChunks(read: ReadChunks, streamed: number | null): TokenChunks {
  const { gapsNs, chars, cumulative } = read;
  if (cumulative !== null && cumulative.length === chars.length) {
    const perChunk = cumulative.map((total, i) => total - (i === 0 ? 0 : (cumulative[i - 1] as number)));
    // A chunk with text carried at least one token whatever usage says; one with no text only what usage grew by.
    const kept = keepChunks(read, (i) => (chars[i] as number) > 0 || (perChunk[i] as number) > 0);
    return { ...kept, laterTokens: laterChunkTokens(kept.index.map((i) => Math.max(1, perChunk[i] as number))) };
  }
  if (streamed !== null && streamed === chars.length + read.tokensBeforeFirst) {
    return { gapsNs: [...gapsNs], chars: [...chars], laterTokens: null, index: null };
  }
  const kept = keepChunks(read, (i) => (chars[i] as number) > 0);
  return { ...kept, laterTokens: sharedChunkTokens(streamed, kept.chars) };
}

/** The chunks `keep` keeps: a left-out chunk's gap is added to the next kept chunk's (the time passed until it arrived). */
function keepChunks(
  read: ReadChunks,
  keep: (i: number) => boolean,
): { gapsNs: number[]; chars: number[]; index: number[] } {
  const gapsNs: number[] = [];
  const index: number[] = [0];
  let pendingNs = 0;
  for (let i = 1; i < read.chars.length; i++) {
    pendingNs += read.gapsNs[i - 1] as number;
    if (!keep(i)) continue;
    gapsNs.push(pendingNs);
    index.push(i);
    pendingNs = 0;
  }
  if (read.chars.length === 0) index.length = 0;
  return { gapsNs, chars: index.map((i) => read.chars[i] as number), index };
}
