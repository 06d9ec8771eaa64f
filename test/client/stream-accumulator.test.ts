import { describe, expect, test } from "bun:test";
import { StreamAccumulator, StreamProtocolError, StreamServerError } from "../../src/client/stream-accumulator.ts";
import { apportionTokens } from "../../src/tokens/chunk-tokens.ts";

const chunk = (content: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ choices: [{ index: 0, delta: { content } }], ...extra });

describe("client/stream-accumulator", () => {
  test("takes TTFT from the first non-empty delta, not the role chunk", () => {
    const acc = new StreamAccumulator(false);
    acc.accept(JSON.stringify({ choices: [{ delta: { role: "assistant", content: "" } }] }), 100);
    acc.accept(chunk("Hi"), 250);
    acc.accept(chunk(" there"), 400);
    acc.accept("[DONE]", 410);
    const r = acc.result();
    expect(r.firstTokenNs).toBe(250);
    expect(r.chunkCount).toBe(2);
    expect(Array.from(r.chunkGapsNs ?? [])).toEqual([150]);
    expect(r.chunkTokens).toBeNull();
    expect(acc.done).toBe(true);
  });

  test("counts reasoning deltas as tokens", () => {
    const acc = new StreamAccumulator(true);
    acc.accept(JSON.stringify({ choices: [{ delta: { reasoning_content: "think" } }] }), 10);
    acc.accept(chunk("answer"), 30);
    expect(acc.result().firstTokenNs).toBe(10);
    expect(acc.result().text).toBe("thinkanswer");
  });

  test("uses continuous usage for tokens per chunk", () => {
    const acc = new StreamAccumulator(false);
    acc.accept(chunk("a b", { usage: { completion_tokens: 2 } }), 10);
    acc.accept(chunk("c d e", { usage: { completion_tokens: 5 } }), 20);
    acc.accept(chunk("f", { usage: { completion_tokens: 6 } }), 30);
    expect(Array.from(acc.result().chunkTokens ?? [])).toEqual([3, 1]);
  });

  test("shares final usage among chunks by text length when chunks carry several tokens", () => {
    const acc = new StreamAccumulator(false);
    acc.accept(chunk("aaaa"), 10);
    acc.accept(chunk("bbbb"), 20);
    acc.accept(chunk("cccc"), 30);
    acc.accept(JSON.stringify({ choices: [], usage: { prompt_tokens: 3, completion_tokens: 12 } }), 31);
    const r = acc.result();
    expect(Array.from(r.chunkTokens ?? [])).toEqual([4, 4]);
    expect(r.usage?.completionTokens).toBe(12);
    expect(r.usage?.promptTokens).toBe(3);
  });

  test("rejects an event that is not JSON", () => {
    expect(() => new StreamAccumulator(false).accept("{oops", 1)).toThrow(StreamProtocolError);
  });

  test("stops at an error object as the server's error", () => {
    expect(() => new StreamAccumulator(false).accept(JSON.stringify({ error: { message: "overloaded" } }), 1)).toThrow(
      StreamServerError,
    );
  });

  test.each([
    [12, [1, 1, 1], [4, 4, 4]],
    [3, [5, 1, 9], [1, 1, 1]],
    [10, [1, 3], [3, 7]],
    [7, [1, 1, 1], [3, 2, 2]],
  ])("apportions %d tokens over weights %j as %j", (total, weights, expected) => {
    const shares = apportionTokens(total, weights);
    expect(shares).toEqual(expected);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(Math.max(total, weights.length));
  });
});
