/** @module test/import/token-shares.test — a count shared among chunks whose texts the source did not keep. */
import { describe, expect, test } from "bun:test";
import { evenShares } from "../../src/import/token-shares.ts";

describe("import/token-shares", () => {
  test.each<[number | null, number, number[] | null, number]>([
    // One token a chunk: no shares needed, TPOT's tokens are the chunks after the first.
    [32, 32, null, 31],
    // Two a chunk (AIPerf counting 64 tokens in 32 chunks).
    [64, 32, Array(31).fill(2), 62],
    // 17 tokens in 9 chunks: the earliest chunks carry the remainder.
    [17, 9, [2, 2, 2, 2, 2, 2, 2, 1], 15],
    // 34 in 32: the first two chunks carry one more.
    [34, 32, [2, ...Array(30).fill(1)], 32],
    // Fewer tokens than chunks: the first keeps at least one.
    [2, 4, [1, 0, 0], 1],
    // No count: one a chunk.
    [null, 5, null, 4],
    // One chunk: nothing after it.
    [7, 1, null, 6],
  ])("%p tokens in %d chunks: later %p, %d after the first", (total, chunks, later, afterFirst) => {
    const shares = evenShares(total, chunks);
    expect(shares.later === null ? null : [...shares.later]).toEqual(later);
    expect(shares.afterFirst).toBe(afterFirst);
  });
});
