/**
 * @module client/chunk-timeline — one stream's chunks as they arrived: the first token, each later chunk's gap,
 * characters and running usage, and where the answer began.
 *
 * The stream's reader (client/stream-accumulator) decides what an event is; this records its
 * place in time. The first chunk with text fixes TTFT; every later one, text or not, adds a gap.
 * The first chunk that is not reasoning (content, a tool call) fixes the answer's first
 * instant (TTFO, docs/metrics.md) with one comparison per chunk, and its position, so that
 * after the run the chunks before it count as reasoning (metrics/reasoning-split). Tokens per
 * chunk are decided at the end (tokens/chunk-tokens).
 */
import { tokenChunks } from "../tokens/chunk-tokens.ts";

/** The chunks' timing at the end of the stream, tokens decided. */
interface TimelineResult {
  firstTokenNs: number | null;
  firstAnswerNs: number | null;
  chunkCount: number;
  chunkGapsNs: Float64Array | null;
  chunkTokens: Uint16Array | null;
  /** Characters of each chunk that carried tokens. */
  chars: number[];
  /** Chunks that carried tokens before the first answer chunk (all of them when none came); null when the stream did not reason. */
  reasoningChunks: number | null;
}

/** How many of the kept chunks' ascending read positions come before `position`: 0 at once for a stream that did not reason. */
function keptBefore(index: readonly number[], position: number): number {
  let n = 0;
  while (n < index.length && (index[n] as number) < position) n++;
  return n;
}

export class ChunkTimeline {
  firstTokenNs: number | null = null;
  private firstAnswerNs: number | null = null;
  /** Position (among the chunks below) of the first answer chunk; -1 before it. */
  private answerChunk = -1;
  private lastChunkNs = 0;
  /** Per chunk after the first token, text or not: the gap before it. */
  private readonly gaps: number[] = [];
  /** Per chunk from the first token on: its characters, 0 for a chunk with no text. */
  private readonly chunkChars: number[] = [];
  private readonly cumulativeTokens: number[] = [];
  private continuousUsage = true;
  /** Events with no text and no role before the first token: tokens of their own (vLLM's half of a character). */
  private tokensBeforeFirst = 0;

  /**
   * A choice event with no text: before the first token it is counted (a token of its own) unless
   * it is the role chunk, and never fixes TTFT; after it, it is a chunk of 0 characters. Without
   * usage of its own it keeps the running count, so a bare finish chunk does not end continuous usage.
   */
  empty(cumulativeTokens: number | null, hasRole: boolean, arrivalNs: number): void {
    if (this.firstTokenNs === null) {
      if (!hasRole) this.tokensBeforeFirst++;
      return;
    }
    this.gaps.push(arrivalNs - this.lastChunkNs);
    this.lastChunkNs = arrivalNs;
    this.chunkChars.push(0);
    this.cumulativeTokens.push(cumulativeTokens ?? this.cumulativeTokens.at(-1) ?? 0);
  }

  /** One chunk of `chars` characters; `answer`: it is (or begins) the answer rather than reasoning. */
  chunk(chars: number, cumulativeTokens: number | null, arrivalNs: number, answer: boolean): void {
    if (answer && this.firstAnswerNs === null) {
      this.firstAnswerNs = arrivalNs;
      this.answerChunk = this.chunkChars.length;
    }
    if (this.firstTokenNs === null) this.firstTokenNs = arrivalNs;
    else this.gaps.push(arrivalNs - this.lastChunkNs);
    this.lastChunkNs = arrivalNs;
    this.chunkChars.push(Math.max(chars, 1));
    if (cumulativeTokens !== null) this.cumulativeTokens.push(cumulativeTokens);
    else this.continuousUsage = false;
  }

  /** The chunks' timing, `streamed` the tokens the stream carried in all when known. */
  result(streamed: number | null): TimelineResult {
    const chunks = tokenChunks(
      {
        gapsNs: this.gaps,
        chars: this.chunkChars,
        cumulative: this.continuousUsage ? this.cumulativeTokens : null,
        tokensBeforeFirst: this.tokensBeforeFirst,
      },
      streamed,
    );
    const chunkCount = chunks.chars.length;
    // Chunks are numbered as read; those that carried no token are gone from the kept ones.
    const before = this.answerChunk < 0 ? this.chunkChars.length : this.answerChunk;
    const reasoning = chunks.index === null ? Math.min(before, chunkCount) : keptBefore(chunks.index, before);
    return {
      firstTokenNs: this.firstTokenNs,
      firstAnswerNs: this.firstAnswerNs,
      chunkCount,
      chunkGapsNs: chunkCount > 0 ? Float64Array.from(chunks.gapsNs) : null,
      chunkTokens: chunks.laterTokens,
      chars: chunks.chars,
      reasoningChunks: reasoning > 0 ? reasoning : null,
    };
  }
}
