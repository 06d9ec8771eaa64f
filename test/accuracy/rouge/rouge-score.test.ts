/**
 * ROUGE against the MLPerf reference pipeline on the committed pairs (test/fixtures/rouge/).
 *
 * expected.json was computed once with the reference: Google's rouge_score (RougeScorer with
 * use_stemmer=True, NLTK 3.8's Porter stemmer), each text stripped, split with nltk's Punkt
 * tokenizer holding our English parameters (src/accuracy/rouge/punkt-english.json) and rejoined
 * one sentence per line, F-measures averaged with numpy 1.24 (`np.mean(v) * 100`, `round(., 4)`,
 * printed with an f-string), as mlcommons/endpoints' RougeScorer does through HF `evaluate`.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { numpyMean, numpyRound, pythonFloatText } from "../../../src/accuracy/rouge/numpy-numbers.ts";
import { rougeScores, rougeTokens } from "../../../src/accuracy/rouge/rouge-score.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "rouge");
const pairs = JSON.parse(readFileSync(join(FIXTURES, "pairs.json"), "utf8")) as {
  predictions: string[];
  references: string[];
};
const expected = JSON.parse(readFileSync(join(FIXTURES, "expected.json"), "utf8")) as {
  per_sample: { rouge1: number; rouge2: number; rougeL: number; rougeLsum: number }[];
};

describe("accuracy/rouge/rouge-score", () => {
  test.each([
    [
      "The quick brown fox jumps over the lazy dog",
      ["the", "quick", "brown", "fox", "jump", "over", "the", "lazi", "dog"],
    ],
    ["U.S. officials said $1.2m was KILLED!", ["u", "s", "offici", "said", "1", "2m", "was", "kill"]],
    ["  café — naïve  ", ["caf", "na", "ve"]],
    ["", []],
  ])("tokenises %p as rouge_score does", (text, tokens) => {
    expect(rougeTokens(text)).toEqual(tokens);
  });

  test("ROUGE-1, ROUGE-2 and ROUGE-L of every pair equal the reference's F-measures", () => {
    pairs.predictions.forEach((prediction, i) => {
      // These three do not depend on the sentence split: tokens ignore line breaks.
      const ours = rougeScores((pairs.references[i] as string).trim(), prediction.trim());
      const ref = expected.per_sample[i] as (typeof expected.per_sample)[number];
      expect([i, ours.rouge1, ours.rouge2, ours.rougeL]).toEqual([i, ref.rouge1, ref.rouge2, ref.rougeL]);
    });
  });

  test("ROUGE-Lsum takes the union LCS per reference line, each token at most as often as both sides have it", () => {
    // rouge_score gives 10/11: all 5 predicted tokens hit (precision 1) out of 6 reference tokens.
    expect(rougeScores("a b c\nb c d", "b c\nc d b").rougeLsum).toBe(0.9090909090909091);
  });

  test.each([
    [[0.1, 0.2, 0.3], 0.20000000000000004],
    [[], Number.NaN],
  ])("np.mean of %p", (values, mean) => {
    expect(numpyMean(Float64Array.from(values))).toBe(mean);
  });

  test.each([
    [44.12345, "44.1234"],
    [44.12355, "44.1236"],
    [0, "0.0"],
    [100, "100.0"],
    [37.5, "37.5"],
    [Number.NaN, "nan"],
  ])("round(np.float64(%p), 4) prints as %p", (x, text) => {
    expect(pythonFloatText(numpyRound(x, 4))).toBe(text);
  });
});
