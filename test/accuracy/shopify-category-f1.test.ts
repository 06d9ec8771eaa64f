/** @module test/accuracy/shopify-category-f1 — ProductMetadata parsing and the hierarchical F1 of MLCommons' Qwen3-VL evaluation. */
import { describe, expect, test } from "bun:test";
import type { ExtractedSample } from "../../src/accuracy/scorer.ts";
import { hierarchicalF1, predictedCategory, shopifyCategoryF1Scorer } from "../../src/accuracy/shopify-category-f1.ts";

const meta = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ category: " Clothing > Shirts ", brand: "acme", is_secondhand: false, ...extra });

describe("accuracy/shopify-category-f1", () => {
  test.each([
    ["a ProductMetadata object (category trimmed)", meta(), "Clothing > Shirts"],
    ["is_secondhand as Pydantic's lax strings and 0/1", meta({ is_secondhand: "yes" }), "Clothing > Shirts"],
    ["is_secondhand 1", meta({ is_secondhand: 1 }), "Clothing > Shirts"],
    ["whitespace around the object", `\n  ${meta()}  \n`, "Clothing > Shirts"],
    ["an extra key (extra=forbid)", meta({ price: 3 }), null],
    ["a missing key", JSON.stringify({ category: "A", brand: "b" }), null],
    ["a non-string category", meta({ category: 5 }), null],
    ["is_secondhand 'maybe'", meta({ is_secondhand: "maybe" }), null],
    ["a fenced object (no fence stripping)", `\`\`\`json\n${meta()}\n\`\`\``, null],
    ["text after the object", `${meta()} done`, null],
    ["an empty response", "", null],
  ])("%s", (_title, response, category) => {
    expect(predictedCategory(response)).toBe(category);
  });

  test.each([
    [
      "upstream's worked example: exact, then a wrong leaf",
      [
        ["Clothing > Shirts > Polo", "Clothing > Shirts > Polo"],
        ["Clothing > Shirts > Dress", "Clothing > Shirts > Polo"],
      ],
      5 / 6,
    ],
    ["a shorter prediction", [["A > B", "A > B > C"]], (2 * (2 / 2) * (2 / 3)) / (2 / 2 + 2 / 3)],
    ["a mismatch at the root stops counting", [["X > B > C", "A > B > C"]], 0],
    ["levels are trimmed after the split", [["A  >  B", "A > B"]], 1],
    ["a path without the separator's spaces is one level", [["A>B", "A > B"]], 0],
  ] as const)("%s", (_title, pairs, f1) => {
    expect(hierarchicalF1(pairs, " > ")).toBeCloseTo(f1, 12);
  });

  test("an unreadable or failed response predicts a pad path as deep as the truth, so it matches nothing", async () => {
    const sample = (response: string | null, truth: string): ExtractedSample => ({
      datasetIndex: 0,
      repeat: 0,
      extracted: response,
      response,
      groundTruth: truth,
      row: {},
    });
    const outcome = await shopifyCategoryF1Scorer.score(
      [
        sample(JSON.stringify({ category: "A > B > C", brand: "x", is_secondhand: false }), "A > B > C"),
        sample("not json", "A > B > C"),
        sample(null, "A > B"),
      ],
      { groundTruthColumn: "ground_truth_category", codeExecution: undefined, extras: { category_separator: " > " } },
    );
    // matched 3 of 3 + 3 + 2 predicted and true levels: HP = HR = 3/8.
    expect(outcome.score).toBeCloseTo(3 / 8, 12);
  });
});
