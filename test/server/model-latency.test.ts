/**
 * @module test/server/model-latency.test — `serve --model-latency NAME=ttft:…,tpot:…`: names split at their last
 * `=`, each model's means drawn for its requests, other models and nameless requests on the defaults.
 */
import { describe, expect, test } from "bun:test";
import { createLatencyModel } from "../../src/server/latency-model.ts";
import { readModelLatencies, readModelLatency } from "../../src/server/model-latency.ts";
import { resolveMockServerOptions } from "../../src/server/options.ts";

describe("server/model-latency", () => {
  test.each([
    ["big=ttft:50ms,tpot:5ms", "big", { ttftMs: 50, tpotMs: 5 }],
    ["org/m,v2=ttft:0.2s", "org/m,v2", { ttftMs: 200 }],
    ["lora=a=tpot:1.5ms", "lora=a", { tpotMs: 1.5 }],
    ["x = ttft : 30ms , tpot : 2ms", "x", { ttftMs: 30, tpotMs: 2 }],
  ])("reads %p", (text, name, latency) => {
    expect(readModelLatency(text)).toEqual({ ok: true, name, latency });
  });

  test.each([
    ["big", /expected NAME=ttft:50ms,tpot:5ms/],
    ["big=", /expected NAME=/],
    ["=ttft:5ms", /expected NAME=/],
    ["big=itl:5ms", /'big': 'itl:5ms' is not ttft:TIME or tpot:TIME/],
    ["big=ttft:fast", /'big': ttft: /],
  ])("refuses %p", (text, message) => {
    const read = readModelLatency(text);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problem).toMatch(message);
  });

  test("every problem at once; a model given twice is one", () => {
    const { problems } = readModelLatencies(["a=ttft:1ms", "a=ttft:2ms", "b"]);
    expect(problems).toEqual([
      "--model-latency 'a' is given twice",
      "--model-latency expected NAME=ttft:50ms,tpot:5ms, got 'b'",
    ]);
  });

  test("a named model draws its own means; others and nameless requests the defaults", () => {
    const options = resolveMockServerOptions({
      mode: "model",
      ttftMs: 10,
      tpotMs: 1,
      modelLatency: { slow: { ttftMs: 80 }, fast: { ttftMs: 2, tpotMs: 0.5 } },
    });
    const sample = createLatencyModel(options);
    expect(sample("slow")).toMatchObject({ ttftMs: 80, tpotMs: 1 });
    expect(sample("fast")).toMatchObject({ ttftMs: 2, tpotMs: 0.5 });
    expect(sample("other")).toMatchObject({ ttftMs: 10, tpotMs: 1 });
    expect(sample(null)).toMatchObject({ ttftMs: 10, tpotMs: 1 });
    expect(sample()).toMatchObject({ ttftMs: 10, tpotMs: 1 });
  });

  test("fixed mode refuses per-model latency", () => {
    expect(() => resolveMockServerOptions({ mode: "fixed", modelLatency: { a: { ttftMs: 5 } } })).toThrow(
      /modelLatency \(--model-latency\) needs --mode echo or model/,
    );
  });
});
