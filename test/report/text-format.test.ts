/** @module test/report/text-format — tests for report/text-format. */
import { describe, expect, test } from "bun:test";
import { configValue, fixed2, nsAsMs, runConfigLines, tokens, withUnit } from "../../src/report/text-format.ts";

describe("report/text-format", () => {
  test.each([
    [1.234, "1.23"],
    [0, "0.00"],
    // Upstream's `:.2f`: an exact tie rounds to even, where toFixed rounds up.
    [0.125, "0.12"],
    [0.375, "0.38"],
    [null, "N/A"],
    [Number.NaN, "N/A"],
    [Number.POSITIVE_INFINITY, "N/A"],
  ])("fixed2(%p) = %p", (v, text) => {
    expect(fixed2(v)).toBe(text);
  });

  test.each([
    [12_345_678, "12.35"],
    [1e6, "1.00"],
    [null, "N/A"],
  ])("nsAsMs(%p) = %p", (ns, text) => {
    expect(nsAsMs(ns)).toBe(text);
  });

  test.each([
    [128, "128"],
    [12.5, "12.50"],
    [null, "N/A"],
  ])("tokens(%p) = %p", (v, text) => {
    expect(tokens(v)).toBe(text);
  });

  test.each([
    [2e6, "ms", "2.00 ms"],
    [7, "tokens", "7 tokens"],
    [null, "ms", "N/A"],
  ] as const)("withUnit(%p, %p) = %p", (v, unit, text) => {
    expect(withUnit(v, unit)).toBe(text);
  });

  test.each([
    ["x", "x"],
    [true, "True"],
    [null, "None"],
    [[1, "a"], "[1, 'a']"],
    [16159082839903944936n, "16159082839903944936"],
  ])("configValue(%p) = %p, as Python's str", (v, text) => {
    expect(configValue(v)).toBe(text);
  });

  test("renders nested config blocks as key=value lists, upstream's float fields with a point", () => {
    const runConfig = {
      load_pattern: { type: "poisson", target_qps: 5, target_concurrency: null, use_legacy_loadgen_qps_metrics: true },
      seed: 42,
      tags: ["a"],
    };
    expect(runConfigLines(runConfig)).toEqual([
      "  load_pattern: type=poisson, target_qps=5.0, target_concurrency=None, use_legacy_loadgen_qps_metrics=True",
      "  seed: 42",
      "  tags: ['a']",
    ]);
  });
});
