import { describe, expect, test } from "bun:test";
import { parseDurationMs } from "../../src/config/duration.ts";
import { InputError } from "../../src/errors.ts";

describe("config/duration", () => {
  test.each([
    ["600s", 600_000],
    ["10m", 600_000],
    ["1.5m", 90_000],
    ["500ms", 500],
    ["600000", 600_000],
    ["0", 0],
    [" 2h ", 7_200_000],
    ["0.5s", 500],
    ["10 m", 600_000],
    [1234, 1234],
    [0, 0],
  ] as const)("reads %p as %p ms", (input, expected) => {
    expect(parseDurationMs(input)).toBe(expected);
  });

  test.each([
    ["5.2ms", 5.2, 5],
    ["0.0052s", 5.2, 5],
    ["4.6", 4.6, 5],
    ["0.25ms", 0.25, 0],
    ["1.5m", 90_000, 90_000],
  ] as const)("reads %p as %p ms when fractions are kept (%p rounded)", (input, fractional, rounded) => {
    expect(parseDurationMs(input, true)).toBe(fractional);
    expect(parseDurationMs(input)).toBe(rounded);
  });

  test.each(["", "abc", "10x", "-5s", "1.5.2m", "m", "s10"])("rejects %p naming the value", (input) => {
    expect(() => parseDurationMs(input)).toThrow(InputError);
    expect(() => parseDurationMs(input)).toThrow(`'${input}'`);
  });

  test.each([-1, Number.NaN, Number.POSITIVE_INFINITY])("rejects the number %p", (input) => {
    expect(() => parseDurationMs(input)).toThrow(InputError);
  });
});
