/**
 * @module test/upstream/scoring — transcribes upstream's tests/unit/evaluation/test_scoring.py (the
 * hierarchical F1 of ShopifyCategoryF1Scorer, the scorer registry, the base Scorer's issued
 * denominator) against accuracy/shopify-category-f1, accuracy/scorer-registry and accuracy/score-dataset.
 */
import { describe, expect, test } from "bun:test";
import { scoreDataset } from "../../src/accuracy/score-dataset.ts";
import { getScorer, scorerNames } from "../../src/accuracy/scorer-registry.ts";
import {
  hierarchicalF1,
  matchLevels,
  padCategory,
  predictedCategory,
  responseCategory,
  shopifyCategoryF1Scorer,
} from "../../src/accuracy/shopify-category-f1.ts";
import { InputError } from "../../src/errors.ts";

const T = "tests/unit/evaluation/test_scoring.py";
/** Upstream's `_PRED_CATEGORY_PAD`. */
const PAD = "<|__PRED_CATEGORY_PAD__|>";
const SEP = " > ";

describe("upstream test_scoring.py — _match_hierarchical_paths", () => {
  test.each([
    [`${T}:52 test_exact_match`, "Clothing > Shirts > Polo", "Clothing > Shirts > Polo", [3, 3, 3]],
    [`${T}:60 test_partial_match_prefix`, "Clothing > Shirts", "Clothing > Shirts > Polo", [2, 2, 3]],
    [`${T}:68 test_mismatch_at_first_level`, "Electronics > Phones", "Clothing > Shirts > Polo", [0, 2, 3]],
  ])("%s", (_name, predicted, truth, expected) => {
    expect(matchLevels(predicted, truth, SEP)).toEqual(expected as [number, number, number]);
  });
});

describe("upstream test_scoring.py — _calculate_hierarchical_f1", () => {
  test(`${T}:80 test_perfect_score`, () => {
    expect(
      hierarchicalF1(
        [
          ["A > B > C", "A > B > C"],
          ["X > Y", "X > Y"],
        ],
        SEP,
      ),
    ).toBe(1);
  });

  test(`${T}:87 test_zero_score`, () => {
    expect(
      hierarchicalF1(
        [
          ["A > B", "X > Y"],
          ["P > Q", "M > N"],
        ],
        SEP,
      ),
    ).toBe(0);
  });

  test(`${T}:94 test_partial_score`, () => {
    const f1 = hierarchicalF1(
      [
        ["A > B > X", "A > B > C"],
        ["A > X", "A > B"],
      ],
      SEP,
    );
    expect(Math.abs(f1 - 0.6)).toBeLessThan(1e-6);
  });

  test(`${T}:107 test_empty_data`, () => {
    expect(hierarchicalF1([], SEP)).toBe(0);
  });
});

describe("upstream test_scoring.py — _create_pred_pad_category", () => {
  test(`${T}:114 test_matching_depth`, () => {
    expect(padCategory("A > B > C", SEP)).toBe(`${PAD} > ${PAD} > ${PAD}`);
  });

  test(`${T}:122 test_single_level`, () => {
    expect(padCategory("Electronics", SEP)).toBe(PAD);
  });
});

describe("upstream test_scoring.py — _parse_response_to_category", () => {
  test.each([
    [
      `${T}:131 test_valid_json`,
      JSON.stringify({ category: "Clothing > Shirts", brand: "Nike", is_secondhand: false }),
      "Clothing > Shirts",
      "Clothing > Shirts",
    ],
    [
      `${T}:139 test_json_with_extra_whitespace`,
      '  { "category" : " A > B ", "brand": "x", "is_secondhand": false }  ',
      "A > B",
      "A > B",
    ],
    [`${T}:143 test_raw_json_only`, '{"category": "X > Y", "brand": "x", "is_secondhand": false}', "X > Y", "X > Y"],
    [`${T}:148 test_invalid_json_uses_pred_pad`, "not json", "A > B > C", `${PAD} > ${PAD} > ${PAD}`],
    [
      `${T}:154 test_missing_category_uses_pred_pad`,
      '{"brand": "Nike", "is_secondhand": false}',
      "Electronics > Phones",
      `${PAD} > ${PAD}`,
    ],
    [`${T}:160 test_invalid_schema_uses_pred_pad`, '{"category": "x", "brand": "y"}', "A > B", `${PAD} > ${PAD}`],
    [
      `${T}:165 test_markdown_wrapped_uses_pred_pad`,
      '```json\n{"category": "X > Y", "brand": "x", "is_secondhand": false}\n```',
      "A > B",
      `${PAD} > ${PAD}`,
    ],
  ])("%s", (_name, response, truth, expected) => {
    expect(responseCategory(response, truth, SEP)).toBe(expected);
  });
});

describe("upstream test_scoring.py — ProductMetadata", () => {
  test(`${T}:177 test_valid_parse (ours reads the category; brand and is_secondhand only validate)`, () => {
    expect(predictedCategory('{"category": "A > B", "brand": "Nike", "is_secondhand": false}')).toBe("A > B");
  });

  test(`${T}:184 test_missing_field_raises (ours: no category)`, () => {
    expect(predictedCategory('{"category": "A", "brand": "x"}')).toBeNull();
  });
});

describe("upstream test_scoring.py — registration", () => {
  test(`${T}:193 test_scorer_registered (shopify_category_f1)`, () => {
    expect(scorerNames()).toContain("shopify_category_f1");
    expect(getScorer("shopify_category_f1")).toBe(shopifyCategoryF1Scorer);
  });

  test(`${T}:537 test_scorer_registered (declared difference: vbench is named but not implemented, an InputError)`, () => {
    expect(() => getScorer("vbench")).toThrow(InputError);
    expect(() => getScorer("vbench")).toThrow(/'vbench' is not supported/);
  });
});

describe("upstream test_scoring.py — TestScoreDenominator (pass_at_1 over the issued count)", () => {
  /** PassAt1Scorer with no extractor is ours with identity_extractor (ours requires one be named). */
  const passAt1 = (truths: string[], issued: number, outputs: string[]) =>
    scoreDataset({
      datasetName: "d",
      datasetType: "accuracy",
      evalMethod: "pass_at_1",
      extractor: "identity_extractor",
      groundTruthColumn: "answer",
      rows: truths.map((answer) => ({ answer })),
      numRepeats: 1,
      issued,
      responses: outputs.map((text, datasetIndex) => ({ datasetIndex, repeat: 0, text, outputTokens: null })),
      durationS: 0,
    });

  test(`${T}:1127 test_missing_samples_count_as_failures`, async () => {
    const entry = await passAt1(["a", "b", "c"], 3, ["a", "b"]);
    expect(entry.score).toBeCloseTo(2 / 3, 12);
    expect(entry.num_repeats).toBe(1);
  });

  test(`${T}:1140 test_all_missing_yields_zero_not_nan`, async () => {
    const entry = await passAt1(["a", "b", "c"], 3, []);
    expect(entry.score).toBe(0);
    expect(entry.num_repeats).toBe(1);
  });

  test(`${T}:1152 test_no_samples_issued_returns_none`, async () => {
    expect((await passAt1([], 0, [])).score).toBeNull();
  });
});

// not transcribed:
// - test_scoring.py:221 test_score_requires_sample_index_map_and_events — upstream reads sample_idx_map.json from the
//   report directory; ours is handed the run's responses (accuracy/score-accuracy), so there is no file to miss.
// - test_scoring.py:257, :343, :431 (AgenticInferenceInlineScorer) — the inline scorer of conversation runs,
//   accuracy/agentic-inline: not in this file's area (the scorer of issued turns, not of a dataset's samples).
// - test_scoring.py:639–1001 (VBenchScorer: staging videos, the VBench subprocess) — we do not implement vbench (above).
// - test_scoring.py:1037, :1066 (get_raw_outputs) — a pandas frame read from events.jsonl; ours reads events.db rows.
