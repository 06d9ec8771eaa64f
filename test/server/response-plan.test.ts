/** @module test/server/response-plan.test — output length, finish reason and chunk timing rules (pure). */
import { describe, expect, test } from "bun:test";
import type { MockRequest } from "../../src/server/openai-request.ts";
import {
  chunkSchedule,
  completionOffsetMs,
  modelOutputLength,
  planChoices,
  planInMode,
  planResponse,
  syntheticTokens,
} from "../../src/server/response-plan.ts";

function request(overrides: Partial<MockRequest> = {}): MockRequest {
  return {
    kind: "chat",
    model: null,
    stream: false,
    includeUsage: false,
    maxTokens: null,
    ignoreEos: false,
    minTokens: 0,
    n: 1,
    inputs: [{ promptTokens: 3, echoWords: ["a", "b", "c"], promptText: "a b c" }],
    promptTokens: 3,
    ...overrides,
  };
}

describe("server/response-plan", () => {
  test.each([
    // tokens, per chunk, ttft, tpot, expected [tokens, offsetMs] per event
    [0, 1, 20, 5, []],
    [1, 4, 20, 5, [[1, 20]]],
    [
      3,
      1,
      20,
      5,
      [
        [1, 20],
        [1, 25],
        [1, 30],
      ],
    ],
    [
      10,
      4,
      20,
      5,
      [
        [1, 20],
        [4, 40],
        [4, 60],
        [1, 65],
      ],
    ],
    [
      5,
      4,
      0,
      0,
      [
        [1, 0],
        [4, 0],
      ],
    ],
  ])("schedules %i tokens at %i per chunk", (tokens, perChunk, ttftMs, tpotMs, expected) => {
    const slots = chunkSchedule(tokens, perChunk, ttftMs, tpotMs);
    expect(slots.map((slot) => [slot.tokenCount, slot.offsetMs])).toEqual(expected);
  });

  test.each([
    // sampled, maxTokens, ignoreEos, minTokens → count, finish
    [8, null, false, 0, 8, "stop"],
    [8, 5, false, 0, 5, "length"],
    [5, 5, false, 0, 5, "length"],
    [3, 5, false, 0, 3, "stop"],
    [3, 5, true, 0, 5, "length"],
    [3, null, true, 0, 3, "stop"],
    [3, null, false, 6, 6, "stop"],
    [3, 4, false, 6, 4, "length"],
  ] as const)(
    "model length: sampled %i, cap %p, ignore_eos %p, min %i",
    (sampled, maxTokens, ignoreEos, minTokens, count, finish) => {
      expect(modelOutputLength(request({ maxTokens, ignoreEos, minTokens }), sampled)).toEqual({
        count,
        finishReason: finish,
      });
    },
  );

  test.each([
    [null, ["a", " b", " c"], "stop"],
    [3, ["a", " b", " c"], "stop"],
    [2, ["a", " b"], "length"],
  ] as const)("echo with cap %p", (maxTokens, tokens, finish) => {
    const plan = planResponse("echo", request({ maxTokens }), { ttftMs: 1, tpotMs: 2, outputTokens: 99 });
    expect(plan).toEqual({
      kind: "chat",
      tokens: [...tokens],
      finishReason: finish,
      promptTokens: 3,
      ttftMs: 1,
      tpotMs: 2,
    });
  });

  test("model mode emits synthetic tokens of the sampled length", () => {
    const plan = planResponse("model", request(), { ttftMs: 0, tpotMs: 0, outputTokens: 3 });
    expect(plan.tokens).toEqual(["tok", " tok", " tok"]);
    expect(syntheticTokens(0)).toEqual([]);
  });

  test("n choices per prompt, prompt after prompt, each echoing its own prompt", () => {
    const inputs = [
      { promptTokens: 1, echoWords: ["x"], promptText: "x" },
      { promptTokens: 2, echoWords: ["y", "z"], promptText: "y z" },
    ];
    const plans = planChoices("echo", request({ n: 2, inputs, promptTokens: 3 }), {
      ttftMs: 0,
      tpotMs: 0,
      outputTokens: 9,
    });
    expect(plans.map((p) => p.tokens.join(""))).toEqual(["x", "x", "y z", "y z"]);
    expect(plans.every((p) => p.promptTokens === 3)).toBe(true);
  });

  test.each([
    [0, 20, 5, 20],
    [1, 20, 5, 20],
    [10, 20, 5, 65],
  ])("a response of %i tokens completes at TTFT + TPOT × (n − 1)", (count, ttftMs, tpotMs, expectedMs) => {
    expect(completionOffsetMs({ tokens: syntheticTokens(count), ttftMs, tpotMs })).toBe(expectedMs);
  });

  test.each([
    ["echo", "a b c", 7, 2],
    ["model", "tok tok tok tok", 7, 2],
    ["fixed", "tok tok", 7, 2],
  ] as const)(
    "%s mode answers a parsing route with %p (fixed: fixedTokens as the length), paced by the sample",
    (mode, text, ttftMs, tpotMs) => {
      const plan = planInMode({ mode, fixedTokens: 2 }, request(), { ttftMs, tpotMs, outputTokens: 4 });
      expect([plan.tokens.join(""), plan.ttftMs, plan.tpotMs]).toEqual([text, ttftMs, tpotMs]);
    },
  );
});
