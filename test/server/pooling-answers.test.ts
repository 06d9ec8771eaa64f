/** @module test/server/pooling-answers.test — the mock's embedding vectors and rerank scores. */
import { describe, expect, test } from "bun:test";
import {
  base64Embedding,
  countText,
  embeddingOf,
  rankDocuments,
  relevanceScore,
} from "../../src/server/pooling-answers.ts";

describe("server/pooling-answers", () => {
  test("a vector depends on its text alone, has the asked dimensions and unit length", () => {
    const a = embeddingOf("hello world", 16);
    expect(a).toHaveLength(16);
    expect(embeddingOf("hello world", 16)).toEqual(a);
    expect(embeddingOf("hello there", 16)).not.toEqual(a);
    expect(Math.hypot(...a)).toBeCloseTo(1, 12);
  });

  test("base64 is the vector's little-endian float32s", () => {
    const v = [0.5, -1, 0.25];
    const bytes = Buffer.from(base64Embedding(v), "base64");
    expect(Array.from(new Float32Array(bytes.buffer, bytes.byteOffset, 3))).toEqual(v);
  });

  test.each([
    ["a b", "a b c", 1],
    ["a b", "b", 0.5],
    ["A b", "a", 0.5],
    ["a", "x", 0],
    ["", "x", 0],
  ])("score of %p in %p is %d", (query, doc, score) => {
    expect(relevanceScore(query, doc)).toBe(score);
  });

  test.each([
    [null, [1, 0, 2]],
    [2, [1, 0]],
    [0, []],
  ])("ranks best first, ties in input order, cut to top_n %p", (topN, order) => {
    expect(rankDocuments("a b", ["a", "a b", "z"], topN).map((r) => r.index)).toEqual(order);
  });

  test("counts words without a tokenizer, the tokenizer's count with one", () => {
    expect(countText(" a  b c ", null)).toBe(3);
    expect(countText("abc", (t) => t.length)).toBe(3);
  });
});
