/**
 * @module test/dataset/predefined/bfcl-rows — the bfcl_v4 rows against mlcommons/endpoints'
 * BFCLv4.generate, and the pieces they are built from (bfcl-tools, python-json).
 *
 * Expected values come from upstream's own loading code (`_load_subset`, `_process_sample`,
 * `_resolve_subset_pct`, with bfcl-eval's real `convert_to_tool`) run under python3; pandas is not
 * installed here, so its filter / `groupby("subset")` (sorted groups) / `head(n)` / concat steps
 * were redone by hand in that script. Each row list is hashed as SHA-256 of `JSON.stringify(rows)`
 * (the script wrote JSON with JSON.stringify's number spelling). Fixtures: `data/` holds the first
 * lines of each single-turn BFCL_v4 file and their answers; `edge/` holds hand-made samples.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BfclParams, bfclRows, bfclSampleSize } from "../../../src/dataset/predefined/bfcl/bfcl-rows.ts";
import { bfclTools } from "../../../src/dataset/predefined/bfcl/bfcl-tools.ts";
import { dumpPythonJson, pythonFloatRepr } from "../../../src/dataset/predefined/bfcl/python-json.ts";
import { parsePythonJson } from "../../../src/dataset/predefined/bfcl/python-json-parse.ts";
import { InputError } from "../../../src/errors.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "bfcl");
const DATA = join(FIXTURES, "data");
const EDGE = join(FIXTURES, "edge");
const REAL_DATA = "/tmp/gorilla/berkeley-function-call-leaderboard/bfcl_eval/data";
const EXAMPLE_11: BfclParams = {
  categories: ["non_live", "live", "hallucination"],
  category_sample_pct: { non_live: 62, live: 10, hallucination: 10 },
  subset_floor: 25,
};

const sha256 = (rows: unknown): string => new Bun.CryptoHasher("sha256").update(JSON.stringify(rows)).digest("hex");
function perSubset(rows: Record<string, unknown>[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.subset as string] = (counts[row.subset as string] ?? 0) + 1;
  return counts;
}

describe("dataset/predefined/bfcl/bfcl-rows", () => {
  test.each<[string, BfclParams, number, string, Record<string, number> | null]>([
    ["everything, in table order", {}, 97, "322d2cfe503dfd66eb8cb88f79c5bd5b0697bc76b22f4954c7cfd474c12f6760", null],
    [
      "example 11's rates and floor",
      EXAMPLE_11,
      83,
      "87491093444fa4d2e35b58a7871c90c00d0e3986015d423c33fadf6e9b416520",
      {
        irrelevance: 10,
        live_irrelevance: 2,
        live_multiple: 4,
        live_parallel: 4,
        live_parallel_multiple: 2,
        live_simple: 10,
        multiple: 5,
        parallel: 8,
        parallel_multiple: 6,
        simple_java: 8,
        simple_javascript: 6,
        simple_python: 18,
      },
    ],
    [
      "two categories at 25%",
      { categories: ["live", "hallucination"], sample_pct: 25 },
      8,
      "c949e7d7a5a49a4cefcab055d8319cd174fd1abf951bf557b12a3c609fff0e63",
      {
        irrelevance: 2,
        live_irrelevance: 1,
        live_multiple: 1,
        live_parallel: 1,
        live_parallel_multiple: 1,
        live_simple: 2,
      },
    ],
    [
      "subsets win over categories, multi-turn dropped, capped",
      {
        subsets: ["live_relevance", "simple_python", "multi_turn_base"],
        categories: ["live"],
        sample_pct: 33.3,
        max_samples: 9,
      },
      9,
      "5151da669a40bd954ede818c0795f498a49601a14cd57c103101f849456c018b",
      { live_relevance: 1, simple_python: 8 },
    ],
    [
      "a floor alone only reorders by subset name",
      { subset_floor: 5 },
      97,
      "421e28ca032c0d3fd4f2f3cccc1fa0ddbdda26b8f9b47f4ef90518f37fbb827b",
      null,
    ],
    [
      "one category rate, the rest whole",
      { category_sample_pct: { non_live: 50 }, subset_floor: 6 },
      74,
      "28f2d12bd8178143a5219b8bbe2f8711ce84447934dc87cc274525a7e269f7d7",
      {
        irrelevance: 10,
        live_irrelevance: 2,
        live_multiple: 4,
        live_parallel: 4,
        live_parallel_multiple: 2,
        live_relevance: 2,
        live_simple: 10,
        multiple: 5,
        parallel: 4,
        parallel_multiple: 6,
        simple_java: 4,
        simple_javascript: 6,
        simple_python: 15,
      },
    ],
    [
      "only multi-turn: no rows",
      { subsets: ["multi_turn_base"] },
      0,
      "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
      {},
    ],
    [
      "max_samples 0: no rows",
      { categories: ["hallucination", "multi_turn"], max_samples: 0 },
      0,
      "4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
      {},
    ],
  ])("matches upstream on the fixture data: %s", (_title, params, count, hash, counts) => {
    const rows = bfclRows(DATA, params);
    expect(rows.length).toBe(count);
    if (counts) expect(perSubset(rows)).toEqual(counts);
    expect(sha256(rows)).toBe(hash);
  });

  test("lists subsets in name order after sampling, as pandas' groupby does", () => {
    const ids = bfclRows(DATA, { categories: ["live", "hallucination"], sample_pct: 25 }).map((row) => row.sample_id);
    expect(ids).toEqual([
      "irrelevance_0",
      "irrelevance_1",
      "live_irrelevance_0-0-0",
      "live_multiple_0-0-0",
      "live_parallel_0-0-0",
      "live_parallel_multiple_0-0-0",
      "live_simple_0-0-0",
      "live_simple_1-1-0",
    ]);
  });

  test("builds a row with upstream's columns and Python's json.dumps text", () => {
    const [first] = bfclRows(EDGE, { subsets: ["simple_python"] });
    expect(Object.keys(first ?? {})).toEqual([
      "messages",
      "tools",
      "tool_choice",
      "ground_truth",
      "func_description",
      "subset",
      "sample_id",
    ]);
    expect(first?.messages).toEqual([
      { role: "system", content: "" },
      { role: "user", content: "Résumé ☃ price?" },
    ]);
    expect(first?.tool_choice).toBe("auto");
    expect(first?.ground_truth).toBe(
      '[{"shop.price.get": {"amount": [1e-05, 1.0, 2.5, 1e+16, 123456789.125], "meta": [{"2": 1, "1": 12345678901234567890}], "note": ["caf\\u00e9 \\u2713", "\\ud83d\\ude00"]}}]',
    );
    expect(first?.func_description).toStartWith(
      '[{"name": "shop.price.get", "description": "Price of an item.", "parameters": {"type": "dict", "properties": {"amount": {"type": "float", "description": "Amount.", "default": 1.0}',
    );
  });

  test("matches upstream on hand-made samples (null content, CRLF, blank lines, own and repeated answers)", () => {
    const rows = bfclRows(EDGE, { subsets: ["simple_python"] });
    expect(rows.map((row) => [row.sample_id, row.ground_truth])).toEqual([
      ["simple_python_e0", expect.any(String)],
      ["simple_python_e2", '[{"plain": {"later": ["wins"]}}]'],
      ["simple_python_e3", "[]"],
      ["simple_python_e4", '[{"f": {"x": [true, NaN, -Infinity, 100.0, -0.0, 0]}}]'],
      ["simple_python_e5", "[]"],
    ]);
    expect(rows[1]?.messages).toEqual([
      { role: "user", content: "" },
      { role: "assistant", content: "ok" },
      { role: "user", content: 'tab\there "q" \\ done' },
    ]);
    expect(sha256(rows)).toBe("4cef71b80a98ba0e6a3850139df4f88772ecbd8290ed1f2a02c1f3106ad724e8");
    expect(sha256(bfclRows(EDGE, { subsets: ["simple_python"], sample_pct: 50 }))).toBe(
      "a0c5daa37a73d4bb90f9fb2bb62ecde77d21976a58aec526c189d198fab307b3",
    );
  });

  test.each<[string, string, number, BfclParams, number]>([
    ["a total at the floor is kept whole", "live_parallel", 16, { subset_floor: 16, sample_pct: 10 }, 16],
    ["a total above the floor is sampled", "live_parallel", 17, { subset_floor: 16, sample_pct: 10 }, 1],
    [
      "the category rate wins over sample_pct",
      "live_simple",
      258,
      { sample_pct: 50, category_sample_pct: { live: 10 } },
      25,
    ],
    [
      "an unlisted category falls back to sample_pct",
      "simple_python",
      400,
      { sample_pct: 50, category_sample_pct: { live: 10 } },
      200,
    ],
    ["live_relevance has no category", "live_relevance", 16, { sample_pct: 50, category_sample_pct: { live: 10 } }, 8],
    ["no rate keeps the subset whole", "multiple", 200, { category_sample_pct: { live: 10 } }, 200],
    ["at least one row", "irrelevance", 240, { sample_pct: 0.1 }, 1],
    ["the product is truncated", "simple_java", 100, { sample_pct: 33.3 }, 33],
  ])("sample size: %s", (_title, subset, total, params, expected) => {
    expect(bfclSampleSize(subset, total, params)).toBe(expected);
  });

  test.each<[string, BfclParams, RegExp]>([
    [
      "an unknown category",
      { categories: ["live", "nope"] },
      /unknown category 'nope' \(valid: non_live, live, hallucination, multi_turn\)/,
    ],
    ["an unknown subset", { subsets: ["live_simpel"] }, /unknown subset 'live_simpel'/],
    ["a percentage of 0", { sample_pct: 0 }, /sampling percentage must be in \(0, 100\], got 0/],
    ["a percentage above 100", { category_sample_pct: { live: 150 } }, /got 150/],
    ["a NaN percentage", { sample_pct: Number.NaN }, /got NaN/],
    ["an unknown category rate", { category_sample_pct: { nonlive: 20 } }, /unknown category_sample_pct key 'nonlive'/],
    ["a negative max_samples", { max_samples: -1 }, /max_samples must be a whole number/],
  ])("rejects %s", (_title, params, message) => {
    expect(() => bfclRows(DATA, params)).toThrow(message);
    expect(() => bfclRows(DATA, params)).toThrow(InputError);
  });

  test("names a missing data file and a bad line", () => {
    const dir = mkdtempSync(join(tmpdir(), "bfcl-"));
    try {
      expect(() => bfclRows(dir, { subsets: ["irrelevance"] })).toThrow(
        `bfcl_v4: data file not found: ${join(dir, "BFCL_v4_irrelevance.json")}`,
      );
      writeFileSync(
        join(dir, "BFCL_v4_irrelevance.json"),
        '{"id": "a", "question": [[{"role": "user", "content": "x"}]], "function": []}\n{"id": "b",}\n',
      );
      expect(() => bfclRows(dir, { subsets: ["irrelevance"] })).toThrow(
        `${join(dir, "BFCL_v4_irrelevance.json")}:2: invalid JSON`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  const real = existsSync(REAL_DATA);
  test.skipIf(!real).each<[string, BfclParams, number, string]>([
    ["example 11", EXAMPLE_11, 995, "497d5778ab8fc8516a2d832d8503e3d855aeaacd0aa5423f9db92624c3259f60"],
    ["the full single-turn table", {}, 3641, "353f2aa590d76ca60c05494ec9e59ad68f1c22da58044c75622825b95ea0092d"],
    [
      "live + hallucination at 25%",
      { categories: ["live", "hallucination"], sample_pct: 25 },
      618,
      "80b474cdb943a52d6c13721f288cb4bc31d4d1a6af4ff8be62c5f86a629728da",
    ],
    [
      "rates without categories",
      { category_sample_pct: { non_live: 20, live: 10, hallucination: 5 }, subset_floor: 25 },
      472,
      "51f529083ed874b3a2d26e524a0686f747d0de93e2ad6a347060c055a5b32ff0",
    ],
    [
      "example 11 capped at 300",
      { ...EXAMPLE_11, max_samples: 300 },
      300,
      "0e153b1e0afde4579ac75e06d1270af2fa7b1f6916b4cfe99aee8c1a709ef2a2",
    ],
  ])(
    `matches upstream on the real BFCL data: %s${real ? "" : ` (skipped: no BFCL data at ${REAL_DATA})`}`,
    (_title, params, count, hash) => {
      const rows = bfclRows(REAL_DATA, params);
      expect(rows.length).toBe(count);
      if (params === EXAMPLE_11) {
        expect(perSubset(rows)).toEqual({
          irrelevance: 24,
          live_irrelevance: 88,
          live_multiple: 105,
          live_parallel: 16,
          live_parallel_multiple: 24,
          live_simple: 25,
          multiple: 124,
          parallel: 124,
          parallel_multiple: 124,
          simple_java: 62,
          simple_javascript: 31,
          simple_python: 248,
        });
      }
      expect(sha256(rows)).toBe(hash);
    },
  );
});

describe("dataset/predefined/bfcl/bfcl-tools", () => {
  const doc = (properties: Record<string, unknown>, name = "calc.area") => [
    { name, description: "d", parameters: { type: "dict", properties, required: [] } },
  ];
  const props = (functions: unknown[]) =>
    (bfclTools(functions)[0]?.function as { parameters: { properties: unknown } }).parameters.properties;

  test("wraps each function, renames dots and sets parameters.type", () => {
    expect(bfclTools(doc({}))).toEqual([
      {
        type: "function",
        function: { name: "calc_area", description: "d", parameters: { type: "object", properties: {}, required: [] } },
      },
    ]);
  });
  test.each<[string, Record<string, unknown>, Record<string, unknown>]>([
    [
      "float: format and a description note",
      { r: { type: "float", description: "Radius.", default: 1 } },
      { r: { type: "number", description: "Radius. This is a float type value.", default: 1, format: "float" } },
    ],
    ["no type: string", { s: { description: "x" } }, { s: { description: "x", type: "string" } }],
    ["unknown type: string", { s: { type: "enumish" } }, { s: { type: "string" } }],
    [
      "dict, tuple, any, Java names",
      { a: { type: "dict" }, b: { type: "tuple" }, c: { type: "any" }, d: { type: "HashMap" }, e: { type: "long" } },
      {
        a: { type: "object" },
        b: { type: "array" },
        c: { type: "string" },
        d: { type: "object" },
        e: { type: "integer" },
      },
    ],
    [
      "items mapped without the float note",
      { l: { type: "list", items: { type: "float" } } },
      { l: { type: "array", items: { type: "number" } } },
    ],
    [
      "items of items",
      { m: { type: "array", items: { type: "list", items: { type: "tuple" } } } },
      { m: { type: "array", items: { type: "array", items: { type: "array" } } } },
    ],
    [
      "items with properties recurse",
      { l: { type: "array", items: { type: "dict", properties: { w: { type: "float", description: "W." } } } } },
      {
        l: {
          type: "array",
          items: {
            type: "object",
            properties: { w: { type: "number", description: "W. This is a float type value.", format: "float" } },
          },
        },
      },
    ],
    [
      "object properties recurse",
      { o: { type: "dict", properties: { n: {} } } },
      { o: { type: "object", properties: { n: { type: "string" } } } },
    ],
  ])("%s", (_title, properties, expected) => {
    expect(props(doc(properties))).toEqual(expected);
  });
  test("leaves its input alone", () => {
    const functions = doc({ r: { type: "float", description: "R." } });
    const before = structuredClone(functions);
    bfclTools(functions);
    expect(functions).toEqual(before);
  });
  test.each<[string, unknown, RegExp]>([
    [
      "a float without a description",
      doc({ r: { type: "float" } }),
      /calc.area.parameters.properties.r is a float without a description/,
    ],
    [
      "items of an unmapped type",
      doc({ l: { type: "list", items: { type: "set" } } }),
      /items.type "set" has no OpenAPI mapping/,
    ],
    ["no properties", [{ name: "f", parameters: { type: "dict" } }], /f.parameters.properties is not an object/],
  ])("rejects %s, where bfcl-eval raises", (_title, functions, message) => {
    expect(() => bfclTools(functions)).toThrow(message);
  });
});

describe("dataset/predefined/bfcl/python-json", () => {
  test.each<[number, string]>([
    [1, "1.0"],
    [-0, "-0.0"],
    [0.1, "0.1"],
    [1e-5, "1e-05"],
    [0.0001, "0.0001"],
    [1e16, "1e+16"],
    [1234567890123456.0, "1234567890123456.0"],
    [1.5e300, "1.5e+300"],
    [123456789.125, "123456789.125"],
    [2.5e-7, "2.5e-07"],
    [Number.POSITIVE_INFINITY, "inf"],
  ])("repr(%p) is %s", (value, expected) => {
    expect(pythonFloatRepr(value)).toBe(expected);
  });
  test.each<[string, string]>([
    ['{"b": 1, "a": [1.0, 1E2, -0, 12345678901234567890]}', '{"b": 1, "a": [1.0, 100.0, 0, 12345678901234567890]}'],
    ['{"2": "x", "1": "y", "2": "z"}', '{"2": "z", "1": "y"}'],
    ['["é\\u2028\\ud800", "\\u007f\\/", NaN, -Infinity]', '["\\u00e9\\u2028\\ud800", "\\u007f/", NaN, -Infinity]'],
    ['  {"n": null, "t": true, "e": {}, "l": []}\r\n', '{"n": null, "t": true, "e": {}, "l": []}'],
  ])("loads then dumps %s as Python does", (text, expected) => {
    expect(dumpPythonJson(parsePythonJson(text))).toBe(expected);
  });
  test.each(["", "[1,]", '{"a" 1}', "01", "1.", "[1] x", "\ufeff[]", '"\t"', "nan"])(
    "rejects %p as Python's json.loads does",
    (text) => {
      expect(() => parsePythonJson(text)).toThrow(SyntaxError);
    },
  );
});
