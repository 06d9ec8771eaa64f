/** @module test/server/options.test — defaults and validation of the mock server's options, and the latency model. */
import { describe, expect, test } from "bun:test";
import { InputError } from "../../src/errors.ts";
import { createLatencyModel, seededRandom, uniformAround } from "../../src/server/latency-model.ts";
import { MockServerOptionsSchema, resolveMockServerOptions } from "../../src/server/options.ts";

describe("server/options", () => {
  test("fills every default", () => {
    expect(MockServerOptionsSchema.parse({})).toEqual({
      host: "127.0.0.1",
      port: 0,
      mode: "echo",
      modelName: "mock-model",
      servedModelNames: [],
      ttftMs: 0,
      tpotMs: 0,
      outputTokens: 32,
      modelLatency: {},
      ttftSpreadMs: 0,
      tpotSpreadMs: 0,
      outputTokensSpread: 0,
      maxConcurrent: null,
      tokensPerChunk: 1,
      seed: 1,
      embeddingDim: 16,
      fixedTokens: 32,
      answers: null,
      tokenizer: null,
      recordObservations: false,
      responseCache: false,
      toolCalls: false,
      reasoningTokens: 0,
      faults: [],
      faultRate: 1,
      faultSeed: 1,
    });
  });

  test.each([
    [{ mode: "replay" }],
    [{ port: 70_000 }],
    [{ ttftMs: -1 }],
    [{ outputTokens: 0 }],
    [{ tokensPerChunk: 1.5 }],
    [{ fixedTokens: 0 }],
    [{ unknownKey: true }],
    [{ faults: [{ kind: "explode" }] }],
    [{ faults: [{ kind: "status" }] }],
    [{ faults: [{ kind: "status", arg: 200 }] }],
    [{ faults: [{ kind: "refuse", arg: 1 }] }],
    [{ faultRate: 1.5 }],
    [{ reasoningTokens: -1 }],
    [{ reasoningTokens: 4, mode: "fixed" }],
    [{ reasoningTokens: 4, toolCalls: true }],
  ])("rejects %j", (input) => {
    expect(() => resolveMockServerOptions(input)).toThrow(InputError);
  });
});

describe("server/latency-model", () => {
  test("repeats the same samples for the same seed", () => {
    const options = {
      ttftMs: 20,
      tpotMs: 5,
      outputTokens: 50,
      ttftSpreadMs: 10,
      tpotSpreadMs: 2,
      outputTokensSpread: 20,
      seed: 7,
    };
    const first = createLatencyModel(options);
    const second = createLatencyModel(options);
    const other = createLatencyModel({ ...options, seed: 8 });
    const draws = Array.from({ length: 20 }, () => first());
    expect(Array.from({ length: 20 }, () => second())).toEqual(draws);
    expect(Array.from({ length: 20 }, () => other())).not.toEqual(draws);
  });

  test.each([
    [20, 10, 10, 30],
    [5, 0, 5, 5],
    [2, 5, 0, 7],
  ])("uniformAround(%d ± %d) stays within [%d, %d]", (mean, spread, low, high) => {
    const random = seededRandom(3);
    const values = Array.from({ length: 2_000 }, () => uniformAround(mean, spread, random));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(low);
    expect(Math.max(...values)).toBeLessThanOrEqual(high);
    if (spread > 0) expect(Math.max(...values) - Math.min(...values)).toBeGreaterThan(spread);
  });

  test("never draws fewer than one output token", () => {
    const sample = createLatencyModel({
      ttftMs: 0,
      tpotMs: 0,
      outputTokens: 1,
      ttftSpreadMs: 0,
      tpotSpreadMs: 0,
      outputTokensSpread: 5,
      seed: 1,
    });
    const lengths = Array.from({ length: 500 }, () => sample().outputTokens);
    expect(Math.min(...lengths)).toBe(1);
    expect(lengths.every(Number.isInteger)).toBe(true);
  });
});
