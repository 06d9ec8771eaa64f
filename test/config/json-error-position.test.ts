/** @module test/config/json-error-position — the character where a JSON text breaks, checked against JSON.parse's verdict. */
import { describe, expect, test } from "bun:test";
import { jsonErrorOffset } from "../../src/config/json-error-position.ts";

describe("config/json-error-position", () => {
  test.each([
    ['{"a":1,}', 7],
    ["{bad", 1],
    ['{"a": tru}', 6],
    ['{"a":1} x', 8],
    ['{"a":"b\\q"}', 7],
    ['{"a":[1,2', 9],
    ["", 0],
    ['{"a" 1}', 5],
    ["01", 1],
    ['{"a":"\u0001"}', 6],
  ])("%p breaks at offset %p", (text, offset) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(jsonErrorOffset(text)).toBe(offset);
  });

  test.each(['{"a":1}', ' { "a" : [1, -2.5e3, true, false, null, "x\\u00e9\\n"], "b": {} } ', "[]", '"s"', "0"])(
    "%p is JSON",
    (text) => {
      expect(() => JSON.parse(text)).not.toThrow();
      expect(jsonErrorOffset(text)).toBeNull();
    },
  );
});
