/** @module test/metrics/input-throughput.test — inputs/s and input tokens/s of embeddings and rerank. */
import { describe, expect, test } from "bun:test";
import { inputThroughput } from "../../src/metrics/input-throughput.ts";

describe("metrics/input-throughput", () => {
  test.each([
    ["no input counts (a generating API)", [], [10], 1e9, null],
    [
      "4 requests of 8 inputs over 2 s",
      [8, 8, 8, 8],
      [40, 40, 40, 40],
      2e9,
      { inputs: 32, inputs_per_second: 16, input_tokens_per_second: 80 },
    ],
    ["no token counts", [3, 2], [], 1e9, { inputs: 5, inputs_per_second: 5, input_tokens_per_second: null }],
    ["no window", [3], [4], null, { inputs: 3, inputs_per_second: null, input_tokens_per_second: null }],
    ["a zero window", [3], [4], 0, { inputs: 3, inputs_per_second: null, input_tokens_per_second: null }],
  ])("%s", (_, counts, tokens, durationNs, expected) => {
    expect(inputThroughput(Float64Array.from(counts), Float64Array.from(tokens), durationNs)).toEqual(expected);
  });
});
