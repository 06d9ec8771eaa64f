import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { drawLength, parseLengthSpec } from "../../src/dataset/length-spec.ts";
import { generateRandomRows } from "../../src/dataset/random-dataset.ts";
import { InputError } from "../../src/errors.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";
import { loadTokenizer } from "../../src/tokens/load-tokenizer.ts";
import { writeGpt2Tokenizer } from "../support/gpt2-tokenizer.ts";

const root = mkdtempSync(join(tmpdir(), "ie-random-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const gpt2 = loadTokenizer(writeGpt2Tokenizer(join(root, "gpt2")));

describe("dataset/length-spec", () => {
  test.each([
    ["128", { kind: "fixed", value: 128 }],
    ["uniform:64:256", { kind: "uniform", min: 64, max: 256 }],
    ["normal:128:32", { kind: "normal", mean: 128, std: 32, min: 1, max: Number.POSITIVE_INFINITY }],
    ["normal:128:32:100:150", { kind: "normal", mean: 128, std: 32, min: 100, max: 150 }],
  ])("parses %s", (text, expected) => {
    expect(parseLengthSpec(text, "isl")).toEqual(expected as never);
  });

  test.each(["0", "-5", "abc", "uniform:10", "uniform:20:10", "normal:1:2:3", "zipf:1:2", "1.5"])(
    "rejects %s",
    (text) => {
      expect(() => parseLengthSpec(text, "isl")).toThrow(InputError);
    },
  );

  test("keeps draws inside the bounds", () => {
    const rng = new PythonRandom(1);
    const spec = parseLengthSpec("normal:100:50:80:120", "isl");
    const draws = Array.from({ length: 2000 }, () => drawLength(spec, rng));
    expect(Math.min(...draws)).toBe(80);
    expect(Math.max(...draws)).toBe(120);
  });
});

describe("dataset/random-dataset", () => {
  test("builds prompts of exactly the drawn token count for a real tokenizer, with a shared prefix", () => {
    const rows = generateRandomRows({
      rows: 50,
      isl: parseLengthSpec("uniform:40:200", "isl"),
      osl: parseLengthSpec("64", "osl"),
      prefixTokens: 16,
      seed: 3,
      tokenizer: gpt2,
    });
    const prefixes = new Set(rows.map((r) => (r.prompt as string).split(" ").slice(0, 16).join(" ")));
    expect(prefixes.size).toBe(1);
    for (const row of rows) {
      expect(gpt2.count(row.prompt as string)).toBe(row.isl as number);
      expect(row).toMatchObject({ max_new_tokens: 64, min_tokens: 64, ignore_eos: true });
    }
  });

  test("is the same for the same seed and differs for another", () => {
    const make = (seed: number) =>
      generateRandomRows({
        rows: 5,
        isl: parseLengthSpec("32", "isl"),
        osl: parseLengthSpec("8", "osl"),
        prefixTokens: 0,
        seed,
        tokenizer: null,
      });
    expect(make(7)).toEqual(make(7));
    expect(make(7)).not.toEqual(make(8));
  });
});
