/** @module test/metrics/request-values.test — TPOT's tokens after the first chunk, by where the count comes from, and TPOT from a stream's columns. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { seriesValues, tokensAfterFirstChunk } from "../../src/metrics/request-values.ts";
import { makeRecord } from "./make-record.ts";

const MS = 1e6;

describe("metrics/request-values tokensAfterFirstChunk", () => {
  test.each([
    // [case, tokenizer count of the text after the first chunk, tokens of each later chunk, chunks, expected]
    ["the tokenizer's count wins", 7, Uint16Array.of(1, 1), 3, 7],
    ["one token per later chunk (no per-chunk counts)", null, null, 10, 9],
    ["per-chunk usage or shares: their sum", null, Uint16Array.of(3, 1, 2), 4, 6],
    ["a single chunk: nothing after it", null, null, 1, 0],
    ["no chunk at all", null, null, 0, 0],
  ] as [string, number | null, Uint16Array | null, number, number][])(
    "%s",
    (_name, tokenizer, later, chunks, expected) => {
      expect(tokensAfterFirstChunk(tokenizer, later, chunks)).toBe(expected);
    },
  );
});

describe("metrics/request-values tpot", () => {
  test.each([
    // [case, record overrides, expected TPOT values (ns)]
    ["10 chunks of one token over 90 ms", { firstTokenNs: 10 * MS, doneNs: 100 * MS, outputTokens: 10 }, [10 * MS]],
    [
      "a first chunk of 3 tokens, then 2 chunks of 1 (shares from usage): ÷ 2, not ÷ 4",
      {
        outputTokens: 5,
        chunkCount: 3,
        chunkGapsNs: Float64Array.of(30 * MS, 60 * MS),
        chunkTokens: Uint16Array.of(1, 1),
      },
      [45 * MS],
    ],
    [
      "per-chunk usage of 2 and 3 after the first: ÷ 5",
      {
        outputTokens: 6,
        chunkCount: 3,
        chunkGapsNs: Float64Array.of(40 * MS, 50 * MS),
        chunkTokens: Uint16Array.of(2, 3),
      },
      [18 * MS],
    ],
    ["not streamed: no TPOT", { firstTokenNs: null, chunkGapsNs: null }, []],
    ["one chunk: no TPOT", { outputTokens: 4, chunkCount: 1, chunkGapsNs: new Float64Array(0) }, []],
  ] as [string, Parameters<typeof makeRecord>[0], number[]][])("%s", (_name, overrides, expected) => {
    const values = [...seriesValues(columnsFromRecords([makeRecord(overrides)]), "tpot")];
    expect(values.length).toBe(expected.length);
    values.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 6));
  });
});
