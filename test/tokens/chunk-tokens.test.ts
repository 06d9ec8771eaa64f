/** @module test/tokens/chunk-tokens.test — which streamed chunks carried tokens, and how many each (pure, table-driven). */
import { describe, expect, test } from "bun:test";
import { tokenChunks, type ReadChunks } from "../../src/tokens/chunk-tokens.ts";

const read = (chars: number[], gapsNs: number[], extra: Partial<ReadChunks> = {}): ReadChunks => ({
  chars,
  gapsNs,
  cumulative: null,
  tokensBeforeFirst: 0,
  ...extra,
});
const result = (r: ReturnType<typeof tokenChunks>): unknown => ({
  gaps: r.gapsNs,
  chars: r.chars,
  tokens: r.laterTokens === null ? null : Array.from(r.laterTokens),
});

describe("tokens/chunk-tokens tokenChunks", () => {
  test.each([
    // name, chars, gaps, streamed total, expected
    [
      'vLLM\'s EOS finish chunk with content "", counted in usage: one token each',
      [2, 2, 2, 0],
      [10, 10, 10],
      4,
      { gaps: [10, 10, 10], chars: [2, 2, 2, 0], tokens: null },
    ],
    [
      'vLLM\'s half of an emoji (content "") then the emoji, then EOS: one token each',
      [6, 11, 0, 2, 0],
      [10, 10, 10, 10],
      5,
      { gaps: [10, 10, 10, 10], chars: [6, 11, 0, 2, 0], tokens: null },
    ],
    [
      "SGLang's separate `delta: {}` finish chunk is its EOS token",
      [3, 3, 0],
      [10, 10, 10],
      3,
      { gaps: [10, 10, 10], chars: [3, 3, 0], tokens: null },
    ],
    [
      "OpenAI: a finish chunk usage does not count: left out, its time dropped",
      [3, 3, 3, 0],
      [10, 10, 0],
      3,
      { gaps: [10, 10], chars: [3, 3, 3], tokens: null },
    ],
    [
      "TensorRT-LLM MTP: three tokens per chunk and an empty finish chunk: shared by length among the chunks with text",
      [9, 9, 9, 0],
      [30, 30, 0],
      9,
      { gaps: [30, 30], chars: [9, 9, 9], tokens: [3, 3] },
    ],
    [
      "no usage: chunks with no text are left out, their time goes to the next chunk with text",
      [2, 0, 2, 0],
      [10, 10, 10],
      null,
      { gaps: [20], chars: [2, 2], tokens: null },
    ],
    [
      "no empty chunk, one token each (the common case)",
      [2, 2, 2],
      [10, 10],
      3,
      { gaps: [10, 10], chars: [2, 2, 2], tokens: null },
    ],
  ] as const)("%s", (_name, chars, gaps, streamed, expected) => {
    expect(result(tokenChunks(read([...chars], [...gaps]), streamed))).toEqual(expected);
  });

  test("a token with no text before the first chunk with text (not the role chunk) counts in the first chunk's share", () => {
    const r = tokenChunks(read([2, 2, 0], [10, 10], { tokensBeforeFirst: 1 }), 4);
    expect(result(r)).toEqual({ gaps: [10, 10], chars: [2, 2, 0], tokens: null });
  });

  test.each([
    [
      "continuous usage: an empty chunk that usage counts is a token of its own",
      [2, 0, 2],
      [1, 2, 3],
      { gaps: [10, 10], chars: [2, 0, 2], tokens: null },
    ],
    [
      "continuous usage: an empty chunk usage did not grow for is left out, its time to the next",
      [2, 0, 2],
      [1, 1, 3],
      { gaps: [20], chars: [2, 2], tokens: [2] },
    ],
    [
      "continuous usage: several tokens per chunk",
      [3, 5, 1],
      [2, 5, 6],
      { gaps: [10, 10], chars: [3, 5, 1], tokens: [3, 1] },
    ],
  ] as const)("%s", (_name, chars, cumulative, expected) => {
    expect(result(tokenChunks(read([...chars], [10, 10], { cumulative: [...cumulative] }), null))).toEqual(expected);
  });
});
