/** @module test/client/think-tags.test — which content chunks are reasoning under `--think-tags`, tags split anywhere. */
import { describe, expect, test } from "bun:test";
import { ThinkTags } from "../../src/client/think-tags.ts";

describe("client/think-tags", () => {
  test.each([
    ["no tags: the first chunk answers", ["Hello", " world"], [true, true], 0],
    [
      "whole tags, answer in its own chunk",
      ["<think>", "a b", "</think>", "\n\n", "Answer"],
      [false, false, false, false, true],
      20,
    ],
    [
      "the open tag split, the close tag split",
      ["<thi", "nk>a", " b</th", "ink>", "Answer"],
      [false, false, false, false, true],
      18,
    ],
    [
      "the answer begins inside the chunk that closes the tags",
      ["<think>a", "b</think> Yes", " no"],
      [false, true, true],
      18,
    ],
    ["leading whitespace before the open tag", ["\n<think>", "x", "</think>ok"], [false, false, true], 17],
    ["a prefix of the tag that is not it: answer from there", ["<th", "ese are"], [false, true], 3],
    ["reasoning only (cut at the cap)", ["<think>a", " b"], [false, false], 10],
  ] as const)("%s", (_, chunks, answers, reasoningChars) => {
    const tags = new ThinkTags();
    expect(chunks.map((c) => tags.isAnswer(c))).toEqual([...answers]);
    expect(tags.reasoningChars).toBe(reasoningChars);
  });
});
