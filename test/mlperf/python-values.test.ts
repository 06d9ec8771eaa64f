/** @module test/mlperf/python-values — Python's float(), repr() and format specs on the edge values, as python3 prints them. */
import { describe, expect, test } from "bun:test";
import { parsePythonJson } from "../../src/mlperf/python-json.ts";
import { floatRepr, PyFloat, pyEquals, pyFixed, pyFloat, pyPercent, pyRepr } from "../../src/mlperf/python-values.ts";

describe("mlperf/python-values", () => {
  test.each([
    ["86.23", 86.23],
    [" 86.23 ", 86.23],
    ["1_000", 1000],
    ["1__0", null],
    ["inf", Infinity],
    ["-Infinity", -Infinity],
    ["abc", null],
    ["", null],
    ["0x10", null],
    [".5", 0.5],
    ["5.", 5],
    ["\u0663\u0660", 30],
    ["\uff11\uff12", 12],
    ["\ufeff1", null],
    ["\u00a086.23", 86.23],
    [true, 1],
    [null, null],
    [[1], null],
  ] as const)("float(%p) = %p", (input, expected) => {
    expect(pyFloat(input)).toBe(expected);
  });

  test("float('nan') is NaN", () => expect(pyFloat("nan")).toBeNaN());

  test.each([
    [1e-5, "1e-05"],
    [1e16, "1e+16"],
    [1234567890123456, "1234567890123456.0"],
    [0.0001, "0.0001"],
    [100, "100.0"],
    [-0, "-0.0"],
    [1.5e300, "1.5e+300"],
    [2.5e-7, "2.5e-07"],
  ])("repr(%p) = %s", (x, text) => expect(floatRepr(x)).toBe(text));

  test.each([
    [0.03125, 4, "0.0312"],
    [0.09375, 4, "0.0938"],
    [1.03125, 4, "1.0312"],
    [2.5, 0, "2"],
    [3.5, 0, "4"],
    [0.125, 2, "0.12"],
    [-0, 2, "-0.00"],
    [83.6431, 2, "83.64"],
    [Number.NaN, 2, "nan"],
    [1e22, 2, "10000000000000000000000.00"],
  ])("format(%p, '.%df') = %s (ties to even)", (x, digits, text) => expect(pyFixed(x, digits)).toBe(text));

  test.each([
    [0.125, "12%"],
    [0.005, "0%"],
    [0.375, "38%"],
    [0.1, "10%"],
    [0.015, "2%"],
  ])("f'{%p:.0%}' = %s", (x, text) => expect(pyPercent(x)).toBe(text));

  test("== and repr over JSON values: True == 1, 42.0 == 42, dicts by their items", () => {
    expect(pyEquals(true, 1)).toBe(true);
    expect(pyEquals(new PyFloat(42), 42)).toBe(true);
    expect(pyEquals("42", 42)).toBe(false);
    expect(pyEquals({ a: [1, null] }, { a: [true, null] })).toBe(true);
    expect(pyRepr({ "model_params.seed": 7, ok: "it's", f: new PyFloat(995), n: null })).toBe(
      `{'model_params.seed': 7, 'ok': "it's", 'f': 995.0, 'n': None}`,
    );
  });

  test("JSON as json.loads reads it: NaN and Infinity, an integral float stays a float, big integers exact", () => {
    const doc = parsePythonJson(
      '{"a": NaN, "b": -Infinity, "c": 995.0, "d": 995, "e": 18209322760996052031, "s": "NaN"}',
    ) as Record<string, unknown>;
    expect(doc.a).toBeNaN();
    expect(doc.b).toBe(-Infinity);
    expect(pyRepr(doc.c)).toBe("995.0");
    expect(pyRepr(doc.d)).toBe("995");
    expect(doc.e).toBe(18209322760996052031n);
    expect(doc.s).toBe("NaN");
  });
});
