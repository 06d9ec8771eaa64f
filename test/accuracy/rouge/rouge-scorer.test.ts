/**
 * The rouge scorer over the committed pairs equals the MLPerf reference's report (see
 * rouge-score.test.ts for how test/fixtures/rouge/expected.json was computed).
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { rougeScorer } from "../../../src/accuracy/rouge/rouge-scorer.ts";
import type { ExtractedSample } from "../../../src/accuracy/scorer.ts";

const FIXTURES = join(import.meta.dir, "..", "..", "fixtures", "rouge");
const pairs = JSON.parse(readFileSync(join(FIXTURES, "pairs.json"), "utf8")) as {
  predictions: string[];
  references: string[];
};
const expected = JSON.parse(readFileSync(join(FIXTURES, "expected.json"), "utf8")) as {
  aggregate: Record<string, string | number>;
};

function samples(predictions: readonly (string | null)[], references: readonly string[]): ExtractedSample[] {
  return predictions.map((response, i) => ({
    datasetIndex: i,
    repeat: 0,
    extracted: response,
    response,
    groundTruth: references[i],
    row: { highlights: references[i] },
  }));
}

describe("accuracy/rouge/rouge-scorer", () => {
  test("rouge1, rouge2, rougeL, rougeLsum, gen_len and gen_num equal the reference's, to the string", async () => {
    const outcome = await rougeScorer.score(samples(pairs.predictions, pairs.references), {
      groundTruthColumn: "highlights",
      codeExecution: undefined,
      extras: {},
    });
    expect(outcome.score).toEqual(expected.aggregate);
  });

  test("a failed request counts as an empty prediction", async () => {
    const outcome = await rougeScorer.score(samples([null, "Summary one."], ["Summary one.", "Summary one."]), {
      groundTruthColumn: "highlights",
      codeExecution: undefined,
      extras: {},
    });
    expect(outcome.score).toMatchObject({ rouge1: "50.0", gen_num: 2, gen_len: "12" });
  });
});
