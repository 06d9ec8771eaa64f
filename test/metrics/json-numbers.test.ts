/** @module test/metrics/json-numbers — tests for metrics/json-numbers. */
import { describe, expect, test } from "bun:test";
import { finiteOrNull, scrubNonFinite } from "../../src/metrics/json-numbers.ts";

describe("metrics/json-numbers", () => {
  test.each([
    [1.5, 1.5],
    [0, 0],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [Number.NEGATIVE_INFINITY, null],
    [null, null],
    [undefined, null],
  ])("finiteOrNull(%p) = %p", (v, expected) => {
    expect(finiteOrNull(v)).toBe(expected);
  });

  test("scrubs nested objects, arrays and typed arrays", () => {
    const input = {
      a: Number.NaN,
      b: [1, Number.POSITIVE_INFINITY],
      c: { d: "x", e: true, f: null },
      g: Float64Array.of(1, Number.NaN),
    };
    expect(scrubNonFinite(input)).toEqual({ a: null, b: [1, null], c: { d: "x", e: true, f: null }, g: [1, null] });
  });
});
