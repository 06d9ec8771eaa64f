/**
 * @module test/accuracy/bfcl/ast-checker — bfclAstCheck, javaValue and jsValue against bfcl-eval's
 * own `ast_checker`, `java_type_converter` and `js_type_converter`.
 *
 * Every expected verdict here was computed by running bfcl-eval itself (Python 3.11, its
 * third-party imports stubbed out): test/fixtures/bfcl/ast-parity.json holds its verdicts
 * (`valid`, `error_type`, or `python_exception:<kind>` where it raised) for model outputs derived
 * from the BFCL v4 samples of the ten AST subsets — each ground truth's first and second options,
 * optional parameters left out, wrong values and types, 1 for 1.0 and back, a missing or extra
 * parameter, wrong or dotted names, too many or too few calls, arguments that are not a dict, and
 * fuzzed Java/JavaScript source text — two cases per (subset, kind, verdict), with each function
 * description cut down to the fields the checker reads. The tables below were run the same way.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type BfclLanguage, bfclAstCheck } from "../../../src/accuracy/bfcl/ast-checker.ts";
import { javaValue } from "../../../src/accuracy/bfcl/java-types.ts";
import { jsValue } from "../../../src/accuracy/bfcl/js-types.ts";
import { PyFloat, parseBfclJson } from "../../../src/accuracy/bfcl/py-values.ts";

const f = (value: number): PyFloat => new PyFloat(value);
const verdict = (result: { valid: boolean; errorType?: string }) => ({
  valid: result.valid,
  errorType: result.errorType ?? null,
});

type Sample = { subset: string; language: BfclLanguage; functions: unknown[]; ground_truth: unknown[] };
type Row = [
  sample: string,
  kind: string,
  model: number,
  output: Record<string, unknown>[],
  valid: boolean,
  errorType: string | null,
];
const FIXTURE = parseBfclJson(readFileSync(join(import.meta.dir, "../../fixtures/bfcl/ast-parity.json"), "utf8")) as {
  models: string[];
  samples: Record<string, Sample>;
  cases: Row[];
};

describe("accuracy/bfcl/ast-checker", () => {
  test("the parity fixture covers every AST subset with both verdicts", () => {
    const subsets = new Set(FIXTURE.cases.map(([id]) => FIXTURE.samples[id]?.subset));
    expect(subsets.size).toBe(10);
    expect(new Set(FIXTURE.cases.map((row) => row[4]))).toEqual(new Set([true, false]));
  });

  test.each(FIXTURE.cases.map((row) => [`${row[0]} ${row[1]}`, row] as const))(
    "%s: bfcl-eval's verdict",
    (_name, [id, , model, output, valid, errorType]) => {
      const sample = FIXTURE.samples[id] as Sample;
      const result = bfclAstCheck(
        sample.functions,
        output,
        sample.ground_truth,
        sample.language,
        sample.subset,
        FIXTURE.models[model] as string,
      );
      expect(verdict(result)).toEqual({ valid, errorType });
    },
  );

  const DISTANCE = {
    name: "geo.distance",
    parameters: {
      properties: {
        city: { type: "string" },
        days: { type: "integer" },
        scale: { type: "float" },
        metric: { type: "boolean" },
        tags: { type: "array", items: { type: "string" } },
        points: { type: "array", items: { type: "float" } },
        opts: { type: "dict" },
        stops: { type: "array", items: { type: "dict" } },
        ref: { type: "integer" },
      },
      required: ["city", "days"],
    },
  };
  const AREA = { name: "geo.area", parameters: { properties: { name: { type: "string" } }, required: ["name"] } };
  const TRUTH = [
    {
      "geo.distance": {
        city: ["New York, NY", "NYC"],
        days: [3],
        scale: [f(1), ""],
        metric: [true, ""],
        tags: [["a b", "c"], ""],
        points: [[1.5, f(2)]],
        opts: [{ mode: ["fast"], limit: [5, ""] }, ""],
        stops: [[{ at: ["x"] }], ""],
        ref: ["someVar", ""],
      },
    },
  ];
  const BASE = { city: "New York, NY", days: 3, points: [1.5, f(2)] };
  const FC = "gpt-4o-2024-11-20-FC";

  test.each([
    ["the first option of every value", BASE, true, null],
    ["a string differing in case, spaces and punctuation", { ...BASE, city: "new york ny" }, true, null],
    ["another listed option", { ...BASE, city: "nyc" }, true, null],
    ["an int for a float", { ...BASE, scale: 1 }, true, null],
    ["a float for an int", { ...BASE, days: f(3) }, false, "type_error:simple"],
    ["a bool for an int", { ...BASE, days: true }, false, "type_error:simple"],
    ["a numeric string for an int", { ...BASE, days: "3" }, false, "type_error:simple"],
    ["a value not listed", { ...BASE, days: 4 }, false, "value_error:others"],
    ["a list in another order", { ...BASE, tags: ["c", "a b"] }, false, "value_error:list/tuple"],
    ["a list with normalised strings", { ...BASE, tags: ["A-B", "C"] }, true, null],
    ["ints in a float list", { ...BASE, points: [1.5, 2] }, false, "type_error:nested"],
    ["a dict with a normalised value and an optional key left out", { ...BASE, opts: { mode: "FAST" } }, true, null],
    [
      "a dict with a key the ground truth lacks",
      { ...BASE, opts: { mode: "fast", x: 1 } },
      false,
      "value_error:dict_key",
    ],
    ["a list of dicts", { ...BASE, stops: [{ at: "x" }] }, true, null],
    [
      "a list of dicts one too long",
      { ...BASE, stops: [{ at: "x" }, { at: "x" }] },
      false,
      "value_error:list_dict_count",
    ],
    ["the variable the ground truth names", { ...BASE, ref: "someVar" }, true, null],
    ["an int where the ground truth names a variable", { ...BASE, ref: 5 }, false, "value_error:others"],
    ["a parameter the ground truth lacks", { ...BASE, zz: 1 }, false, "simple_function_checker:unexpected_param"],
    ["no required parameter", { city: "NYC", points: [1.5, f(2)] }, false, "simple_function_checker:missing_required"],
    ["a non-optional parameter left out", { city: "NYC", days: 3 }, false, "simple_function_checker:missing_optional"],
    ["null for a string", { ...BASE, city: null }, false, "type_error:simple"],
    ["arguments that are not a dict (bfcl-eval raises)", "city days", false, "python_exception:AttributeError"],
  ] as const)("simple: %s", (_name, args, valid, errorType) => {
    expect(verdict(bfclAstCheck([DISTANCE], [{ geo_distance: args }], TRUTH, "python", "simple_python", FC))).toEqual({
      valid,
      errorType,
    });
  });

  test.each([
    [
      "a dotted name from a model that cannot use dots",
      "geo.distance",
      FC,
      false,
      "simple_function_checker:wrong_func_name",
    ],
    ["a dotted name from a prompt model", "geo.distance", "gpt-4o-2024-11-20", true, null],
    [
      "an underscored name from a prompt model",
      "geo_distance",
      "gpt-4o-2024-11-20",
      false,
      "simple_function_checker:wrong_func_name",
    ],
    ["a model name with `/` escaped as `_`", "geo_distance", "meetkai_functionary-small-v3.1-FC", true, null],
  ] as const)("function names: %s", (_name, name, model, valid, errorType) => {
    expect(verdict(bfclAstCheck([DISTANCE], [{ [name]: BASE }], TRUTH, "python", "simple_python", model))).toEqual({
      valid,
      errorType,
    });
  });

  const area = (name: string) => ({ geo_area: { name } });
  const TWO_AREAS = [{ "geo.area": { name: ["a"] } }, { "geo.area": { name: ["b"] } }];
  test.each([
    [
      "simple: two calls",
      "simple_python",
      [{ geo_distance: BASE }, { geo_distance: BASE }],
      TRUTH,
      false,
      "simple_function_checker:wrong_count",
    ],
    ["parallel: calls in any order", "parallel", [area("b"), area("a")], TWO_AREAS, true, null],
    [
      "parallel: one call short",
      "parallel",
      [area("a")],
      TWO_AREAS,
      false,
      "parallel_function_checker_no_order:wrong_count",
    ],
    [
      "parallel: one call twice",
      "live_parallel",
      [area("a"), area("a")],
      TWO_AREAS,
      false,
      "parallel_function_checker_no_order:cannot_find_match",
    ],
    ["parallel_multiple: calls in any order", "parallel_multiple", [area("b"), area("a")], TWO_AREAS, true, null],
    ["multiple: the expected function of several", "multiple", [area("A")], TWO_AREAS.slice(0, 1), true, null],
    [
      "multiple: another function",
      "multiple",
      [{ geo_distance: BASE }],
      TWO_AREAS.slice(0, 1),
      false,
      "simple_function_checker:wrong_func_name",
    ],
    [
      "multiple: a second call",
      "live_multiple",
      [area("A"), area("b")],
      TWO_AREAS.slice(0, 1),
      false,
      "multiple_function_checker:wrong_count",
    ],
  ] as const)("%s", (_name, category, output, truth, valid, errorType) => {
    expect(verdict(bfclAstCheck([DISTANCE, AREA], [...output], [...truth], "python", category, FC))).toEqual({
      valid,
      errorType,
    });
  });

  const JAVA = [
    {
      name: "Cache.put",
      parameters: {
        properties: {
          size: { type: "long" },
          keys: { type: "ArrayList", items: { type: "String" } },
          opts: { type: "HashMap" },
        },
        required: ["size"],
      },
    },
  ];
  const JS = [
    {
      name: "Cache.put",
      parameters: {
        properties: {
          size: { type: "integer" },
          keys: { type: "array", items: { type: "String" } },
          opts: { type: "dict" },
        },
        required: ["size"],
      },
    },
  ];
  const CACHE_TRUTH = [{ "Cache.put": { size: [50], keys: [["a", "b"], ""], opts: [{ limit: [50] }, ""] } }];
  test.each([
    ["java", JAVA, { size: "50L" }, true, null],
    ["java", JAVA, { size: "50" }, false, "type_error:simple"],
    ["java", JAVA, { size: 50 }, false, "type_error:java"],
    ["java", JAVA, { size: "50L", keys: 'new ArrayList<>(Arrays.asList("a", "b"))' }, true, null],
    ["java", JAVA, { size: "50L", opts: 'new HashMap<String, Object>() {{ put("limit", 50); }}' }, true, null],
    ["javascript", JS, { size: "50" }, true, null],
    ["javascript", JS, { size: "50", keys: "['a', 'b']" }, true, null],
    ["javascript", JS, { size: "50", opts: "{limit: 50}" }, true, null],
    ["javascript", JS, { size: 50 }, false, "type_error:js"],
  ] as const)("%s: %j", (language, functions, args, valid, errorType) => {
    expect(
      verdict(bfclAstCheck([...functions], [{ Cache_put: args }], CACHE_TRUTH, language, `simple_${language}`, FC)),
    ).toEqual({ valid, errorType });
  });

  test("parseBfclJson keeps a float literal a float, as json.loads does", () => {
    expect(parseBfclJson('{"a": 1.0, "b": 1, "c": [2e3, 0.5]}')).toEqual({ a: f(1), b: 1, c: [f(2000), f(0.5)] });
  });
});

describe("accuracy/bfcl/java-types", () => {
  test.each([
    ["true", "boolean", null, true],
    ["yes", "boolean", null, "yes"],
    ["123", "integer", null, 123],
    ["-123", "integer", null, -123],
    ["12\n", "integer", null, 12],
    ["1.5", "integer", null, "1.5"],
    ["3.14f", "float", null, f(3.14)],
    ["3f", "float", null, f(3)],
    ["3e3F", "float", null, f(3000)],
    ["3.14", "float", null, "3.14"],
    ["3.14e2", "double", null, f(314)],
    ["3", "double", null, f(3)],
    ["123L", "long", null, 123],
    ["123", "long", null, "123"],
    ["'a'", "char", null, "'a'"],
    ["abc", "String", null, "abc"],
    ["123", "any", null, "123"],
    ["new int[]{1, 2, 3}", "Array", "integer", [1, 2, 3]],
    ["new int[] { }", "Array", "integer", []],
    ["new long[]{1L, 2, 3L}", "Array", "long", [1, "2", 3]],
    ['new String[]{"a", "b"}', "Array", "String", ['"a"', '"b"']],
    ['new ArrayList<>(Arrays.asList("a", "b"))', "ArrayList", "String", ["a", "b"]],
    ["new ArrayList<Integer>(Arrays.asList(1, 2, 3))", "ArrayList", "integer", [1, 2, 3]],
    ["new ArrayList<Float>() {{ add(1.0f); add(2.0f); }}", "ArrayList", "float", [f(1), f(2)]],
    ["new ArrayList<Character>() {{ add('a'); add('b'); }}", "ArrayList", "char", ["a", "b"]],
    ["new ArrayList<>()", "ArrayList", "String", []],
    ["[1, 2]", "ArrayList", "integer", "[1, 2]"],
    [
      'new HashMap<String, Object>() {{ put("key1", 1); put("key2", "value"); put("key3", true); }}',
      "HashMap",
      null,
      { key1: 1, key2: "value", key3: true },
    ],
    ["new HashMap<>()", "HashMap", null, {}],
    ["new HashMap<>() {{ }}", "HashMap", null, {}],
    ["{a: 1}", "HashMap", null, "{a: 1}"],
  ] as const)("%j as %s (elements: %s) is bfcl-eval's value", (text, type, nested, expected) => {
    expect(javaValue(text, type, nested ?? undefined)).toEqual(expected);
  });
});

describe("accuracy/bfcl/js-types", () => {
  test.each([
    ["true", "Boolean", null, true],
    ["123", "integer", null, 123],
    ["1e3", "integer", null, "1e3"],
    ["3.14", "float", null, f(3.14)],
    ["3", "float", null, f(3)],
    ["123n", "Bigint", null, 123],
    ["123", "Bigint", null, "123"],
    ["'abc'", "String", null, "abc"],
    ['"abc"', "String", null, "abc"],
    ["abc", "String", null, "abc"],
    ["[1, 2, 3]", "array", null, [1, 2, 3]],
    ["new Array(1, 2, 3)", "array", null, [1, 2, 3]],
    ["[1, 'two', true]", "array", null, [1, "two", true]],
    ["[]", "array", null, []],
    ["[1n, 2n, 3n]", "array", "Bigint", [1, 2, 3]],
    ['["hello", "world"]', "array", "String", ["hello", "world"]],
    ["[1.1, 2.2]", "array", "float", [f(1.1), f(2.2)]],
    [
      " [ [ 1, 2 ], [ 3,   4], [5, 6]]",
      "array",
      "array",
      [
        [1, 2],
        [3, 4],
        [5, 6],
      ],
    ],
    [
      "new Array([1, 2], [3, 4])",
      "array",
      "array",
      [
        [1, 2],
        [3, 4],
      ],
    ],
    ["1, 2", "array", null, "1, 2"],
    ["{'key': 'value'}", "dict", null, { key: "value" }],
    ["{key1: 123, key2: 'value', key3: false}", "dict", null, { key1: 123, key2: "value", key3: false }],
    ["{}", "dict", null, {}],
    [
      '{"initialState": initialStateObject, "middlewares": ["loggerMiddleware"], "enhancers": ["applyMiddleware", "myMiddleWare"]}',
      "dict",
      undefined,
      {
        initialState: "initialStateObject",
        middlewares: ["loggerMiddleware"],
        enhancers: ["applyMiddleware", "myMiddleWare"],
      },
    ],
    ["not an object", "dict", null, "not an object"],
  ] as const)("%j as %s (elements: %s) is bfcl-eval's value", (text, type, nested, expected) => {
    expect(jsValue(text, type, nested ?? undefined)).toEqual(expected);
  });
});
