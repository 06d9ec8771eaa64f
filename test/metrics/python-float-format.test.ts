/**
 * @module test/metrics/python-float-format — Python's '.4g', '.2f' and str(dict), case by case as CPython 3 prints them.
 *
 * Every expected string was printed by CPython (`format(x, '.4g')`, `format(x, '.2f')`, `str(d)`).
 */
import { describe, expect, test } from "bun:test";
import { floatRepr, formatF, formatG, pythonStr } from "../../src/metrics/python-float-format.ts";

describe("metrics/python-float-format", () => {
  test.each([
    [82.3, "82.3"],
    [0.6, "0.6"],
    [0.8, "0.8"],
    [123456, "1.235e+05"],
    [-123456, "-1.235e+05"],
    [0, "0"],
    [-0, "-0"],
    [-82.3, "-82.3"],
    [1e-5, "1e-05"],
    [0.0001, "0.0001"],
    [9.9999e-5, "0.0001"],
    [0.00012345, "0.0001234"],
    [100, "100"],
    [99.99999, "100"],
    [99.99, "99.99"],
    [2 / 3, "0.6667"],
    [83.33333333333334, "83.33"],
    [0.1 + 0.2, "0.3"],
    // Exact ties round to even, where toPrecision rounds up.
    [12345, "1.234e+04"],
    [12355, "1.236e+04"],
    [1234.5, "1234"],
    [1235.5, "1236"],
    [9999.5, "1e+04"],
    [1e16, "1e+16"],
    [1e21, "1e+21"],
    [1.5e300, "1.5e+300"],
    [5e-324, "4.941e-324"],
    [Number.NaN, "nan"],
    [Number.POSITIVE_INFINITY, "inf"],
    [Number.NEGATIVE_INFINITY, "-inf"],
  ])("formatG(%p, 4) is %p", (x, expected) => {
    expect(formatG(x, 4)).toBe(expected);
  });

  test.each([
    [12.5, "12.50"],
    [3, "3.00"],
    [812.345, "812.35"],
    [0.125, "0.12"],
    [0.375, "0.38"],
    [2.675, "2.67"],
    [1.005, "1.00"],
    [0.005, "0.01"],
    [0.015, "0.01"],
    [0.025, "0.03"],
    [0, "0.00"],
    [-0, "-0.00"],
    [-0.001, "-0.00"],
    [1e20, "100000000000000000000.00"],
    [Number.NaN, "nan"],
    [Number.POSITIVE_INFINITY, "inf"],
    [Number.NEGATIVE_INFINITY, "-inf"],
  ])("formatF(%p, 2) is %p", (x, expected) => {
    expect(formatF(x, 2)).toBe(expected);
  });

  test.each([
    [2048.5, 1, "2048.5"],
    [2048.25, 1, "2048.2"],
    [0.05, 1, "0.1"],
    [0.25, 1, "0.2"],
    [0.5, 0, "0"],
    [1.5, 0, "2"],
    [2.5, 0, "2"],
  ])("formatF(%p, %p) is %p", (x, decimals, expected) => {
    expect(formatF(x, decimals)).toBe(expected);
  });

  test.each([
    [2048.5, 3, "2.05e+03"],
    [0.05, 3, "0.05"],
    [1, 0, "1"],
  ])("formatG(%p, %p) is %p", (x, precision, expected) => {
    expect(formatG(x, precision)).toBe(expected);
  });

  test.each([
    [10, "10.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [14.75, "14.75"],
    [1e16, "1e+16"],
    [1.5e-5, "1.5e-05"],
  ])("floatRepr(%p) is %p", (x, expected) => {
    expect(floatRepr(x)).toBe(expected);
  });

  test("pythonStr prints a dict as str(dict): repr'd keys and strings, ints bare, floats as repr", () => {
    const score = {
      rouge1: "41.2345",
      gen_len: "1234",
      gen_num: 100,
      x: 0.1,
      y: 1e-5,
      "q'": "it's",
      z: 2.5e-7,
      w: 123.456,
    };
    expect(pythonStr(score)).toBe(
      `{'rouge1': '41.2345', 'gen_len': '1234', 'gen_num': 100, 'x': 0.1, 'y': 1e-05, "q'": "it's", 'z': 2.5e-07, 'w': 123.456}`,
    );
  });

  test.each([
    [null, "None"],
    [true, "True"],
    ["text", "text"],
    [[1, "a"], "[1, 'a']"],
  ])("pythonStr(%p) is %p", (value, expected) => {
    expect(pythonStr(value)).toBe(expected);
  });
});
