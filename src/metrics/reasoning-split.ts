/**
 * @module metrics/reasoning-split — one request's output tokens split into reasoning and answer, and the answer's tokens after its first chunk (pure).
 *
 * Reasoning tokens are the server's count where usage gives one (`reasoning_tokens`: OpenAI,
 * vLLM, SGLang), else the client tokenizer's count of the reasoning text (the kept text before
 * the first answer chunk), else the tokens of the chunks before the first answer chunk — as the
 * stream carried them: per-chunk usage, a final total shared by text length, or one per chunk
 * (tokens/chunk-tokens). Answer tokens are the output tokens less the reasoning ones, so the two
 * always add up to the output length the report shows. A request that did not reason has 0
 * reasoning tokens and answers with all of its output. TPOT over the answer
 * (`tpot_answer`, metrics/request-values) divides by the answer's tokens after its first chunk,
 * as TPOT divides by the output's tokens after the first chunk.
 */

/** What one request's row says about its tokens (null or NaN where it says nothing). */
export interface ReasoningRow {
  /** Output tokens as the record counts them (usage, tokenizer, or chunks). */
  outputTokens: number | null;
  /** Usage's reasoning_tokens. */
  reasoningTokens: number | null;
  /** The tokenizer's count of the reasoning text, after the run. */
  tokenizerReasoningTokens: number | null;
  /** Chunks with tokens before the first answer chunk; null: none (the stream did not reason). */
  reasoningChunks: number | null;
  chunkCount: number;
  /** Tokens of chunks 2..n; null: one each. */
  chunkTokens: ArrayLike<number> | null;
  /** Reasoning usage counted but no chunk carried (in outputTokens, in no chunk). */
  hiddenTokens: number | null;
}

interface ReasoningSplit {
  /** Reasoning tokens (0 for a request that did not reason). */
  reasoning: number;
  /** Output tokens less reasoning tokens; NaN when the output length is unknown. */
  answer: number;
  /** Tokens of the chunks after the first answer chunk: TPOT-answer's divisor. */
  answerAfterFirst: number;
}

const known = (n: number | null | undefined): n is number => n !== null && n !== undefined && Number.isFinite(n);

/** Tokens of chunk j (0-based) of a stream whose chunks 2..n carried `later`, the first the rest of `streamed`. */
function chunkTokensAt(row: ReasoningRow, j: number, laterSum: number): number {
  if (j > 0) return row.chunkTokens ? (row.chunkTokens[j - 1] as number) : 1;
  const streamed = known(row.outputTokens) ? row.outputTokens - (row.hiddenTokens ?? 0) : Number.NaN;
  return row.chunkTokens && Number.isFinite(streamed) ? Math.max(1, streamed - laterSum) : 1;
}

/** True when the row reasoned: usage counted reasoning, or reasoning chunks came before the answer. */
export function reasoned(row: Pick<ReasoningRow, "reasoningTokens" | "reasoningChunks">): boolean {
  return (row.reasoningTokens ?? 0) > 0 || (row.reasoningChunks ?? 0) > 0;
}

export function splitReasoning(row: ReasoningRow): ReasoningSplit {
  let laterSum = Math.max(row.chunkCount - 1, 0);
  if (row.chunkTokens) {
    laterSum = 0;
    for (let k = 0; k < row.chunkTokens.length; k++) laterSum += row.chunkTokens[k] as number;
  }
  const first = Math.min(row.reasoningChunks ?? 0, row.chunkCount);
  let streamedReasoning = 0;
  for (let j = 0; j < first; j++) streamedReasoning += chunkTokensAt(row, j, laterSum);
  let afterFirst = 0;
  for (let j = first + 1; j < row.chunkCount; j++) afterFirst += chunkTokensAt(row, j, laterSum);
  const usage = row.reasoningTokens ?? 0;
  const reasoning =
    usage > 0
      ? usage
      : known(row.tokenizerReasoningTokens) && first > 0
        ? row.tokenizerReasoningTokens
        : streamedReasoning;
  const answer = known(row.outputTokens) ? Math.max(row.outputTokens - reasoning, 0) : Number.NaN;
  return { reasoning, answer, answerAfterFirst: afterFirst };
}
