/** @module test/metrics/reasoning-split.test — reasoning and answer tokens of one request: usage, else the tokenizer, else the chunks. */
import { describe, expect, test } from "bun:test";
import { reasoned, splitReasoning, type ReasoningRow } from "../../src/metrics/reasoning-split.ts";

const row = (r: Partial<ReasoningRow>): ReasoningRow => ({
  outputTokens: null,
  reasoningTokens: null,
  tokenizerReasoningTokens: null,
  reasoningChunks: null,
  chunkCount: 0,
  chunkTokens: null,
  hiddenTokens: null,
  ...r,
});

describe("metrics/reasoning-split", () => {
  test.each([
    ["no reasoning: all of the output answers", row({ outputTokens: 10, chunkCount: 10 }), [0, 10, 9]],
    [
      "usage's reasoning_tokens win over the chunks",
      row({ outputTokens: 30, reasoningTokens: 20, reasoningChunks: 19, chunkCount: 30 }),
      [20, 10, 10],
    ],
    [
      "the tokenizer's count without usage's",
      row({ outputTokens: 30, tokenizerReasoningTokens: 18, reasoningChunks: 20, chunkCount: 30 }),
      [18, 12, 9],
    ],
    [
      "one token per chunk: the chunks before the answer",
      row({ outputTokens: 30, reasoningChunks: 20, chunkCount: 30 }),
      [20, 10, 9],
    ],
    [
      "tokens per chunk from usage: the first chunk holds the rest of the total",
      row({ outputTokens: 12, reasoningChunks: 2, chunkCount: 4, chunkTokens: [3, 3, 3] }),
      [6, 6, 3],
    ],
    [
      "reasoning only (cut at the cap): no answer",
      row({ outputTokens: 8, reasoningChunks: 8, chunkCount: 8 }),
      [8, 0, 0],
    ],
    [
      "hidden reasoning: usage counts it, the streamed chunks all answer",
      row({ outputTokens: 15, reasoningTokens: 10, hiddenTokens: 10, chunkCount: 5 }),
      [10, 5, 4],
    ],
    ["unknown output length: answer unknown", row({ reasoningChunks: 3, chunkCount: 5 }), [3, Number.NaN, 1]],
  ] as const)("%s", (_, input, [reasoning, answer, afterFirst]) => {
    expect(splitReasoning(input)).toEqual({ reasoning, answer, answerAfterFirst: afterFirst });
  });

  test.each([
    [{ reasoningTokens: null, reasoningChunks: null }, false],
    [{ reasoningTokens: 0, reasoningChunks: null }, false],
    [{ reasoningTokens: 4, reasoningChunks: null }, true],
    [{ reasoningTokens: null, reasoningChunks: 2 }, true],
  ])("reasoned(%j) is %p", (input, expected) => {
    expect(reasoned(input)).toBe(expected);
  });
});
