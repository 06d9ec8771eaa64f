/** @module test/accuracy/accuracy-results — accuracy_results.json writing and the accuracy text. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AccuracyEntry } from "../../src/accuracy/accuracy-entry.ts";
import {
  ACCURACY_RESULTS_FILE,
  averageAccuracy,
  writeAccuracyResults,
} from "../../src/accuracy/accuracy-results-file.ts";
import { formatScore, renderAccuracyTable, renderAccuracyText } from "../../src/accuracy/accuracy-text.ts";
import { ExecutionError } from "../../src/errors.ts";

const dir = mkdtempSync(join(tmpdir(), "accuracy-results-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function entry(overrides: Partial<AccuracyEntry> = {}): AccuracyEntry {
  return {
    dataset_name: "gpqa",
    extractor: "ABCDExtractor",
    ground_truth_column: "ground_truth",
    score: 0.6,
    unit_samples: 5,
    num_repeats: 2,
    total_samples: 10,
    duration_s: 12.345,
    complete: true,
    dataset_type: "accuracy",
    response_counts: { issued: 10, scored: 7, empty: 2, missing: 1 },
    ...overrides,
  };
}

describe("accuracy/accuracy-results-file", () => {
  test.each([
    ["one score", [entry()], 0.6],
    ["plain mean", [entry({ score: 0.5 }), entry({ score: 1 })], 0.75],
    ["null scores are left out", [entry({ score: 0.4 }), entry({ score: null })], 0.4],
    ["no scores", [entry({ score: null })], null],
    ["no entries", [], null],
  ])("average: %s", (_title, entries, expected) => {
    expect(averageAccuracy(entries)).toBe(expected);
  });

  test("writes accuracy/accuracy_results.json with the average and entries", () => {
    const path = writeAccuracyResults(dir, [entry({ score: 0.5 }), entry({ dataset_name: "aime", score: 1 })]);
    expect(path).toBe(join(dir, ACCURACY_RESULTS_FILE));
    const doc = JSON.parse(readFileSync(path as string, "utf8"));
    expect(doc.average_accuracy).toBe(0.75);
    expect(doc.accuracy_scores.map((e: AccuracyEntry) => e.dataset_name)).toEqual(["gpqa", "aime"]);
    expect(readdirSync(join(dir, "accuracy"))).toEqual(["accuracy_results.json"]);
  });

  test("sums the entries' tokenizer seconds as osl_tokenization_s, before the scores, as upstream", () => {
    const sub = join(dir, "osl-seconds");
    const entries = [entry({ osl_tokenize_s: 1.2345 }), entry({ dataset_name: "aime", osl_tokenize_s: 0.5 }), entry()];
    const doc = JSON.parse(readFileSync(writeAccuracyResults(sub, entries) as string, "utf8"));
    expect(Object.keys(doc)).toEqual(["average_accuracy", "osl_tokenization_s", "accuracy_scores"]);
    expect(doc.osl_tokenization_s).toBe(1.735);
  });

  test("leaves out the average when no entry has a score", () => {
    const sub = join(dir, "null-scores");
    const doc = JSON.parse(readFileSync(writeAccuracyResults(sub, [entry({ score: null })]) as string, "utf8"));
    expect(Object.keys(doc)).toEqual(["accuracy_scores"]);
  });

  test("writes nothing without entries", () => {
    const sub = join(dir, "empty");
    expect(writeAccuracyResults(sub, [])).toBeNull();
    expect(() => readdirSync(sub)).toThrow();
  });

  test("a write failure is an ExecutionError", () => {
    const file = join(dir, "not-a-dir");
    writeFileSync(file, "x");
    const error = (() => {
      try {
        writeAccuracyResults(file, [entry()]);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ExecutionError);
    expect((error as ExecutionError).exitCode).toBe(4);
  });
});

describe("accuracy/accuracy-text", () => {
  test.each([
    [0.6, "0.6"],
    [1, "1"],
    [0, "0"],
    [0.123456, "0.1235"],
    [null, "N/A"],
    [{ rouge1: "41.2", gen_num: 3 }, "{'rouge1': '41.2', 'gen_num': 3}"],
  ])("formats score %p as %p", (score, text) => {
    expect(formatScore(score)).toBe(text);
  });

  test("renders the report.txt block: only subset_scores of a breakdown, already percentages", () => {
    const osl = {
      total: 30,
      min: 5,
      max: 15,
      median: 10,
      avg: 10,
      std_dev: 5,
      percentiles: {},
      histogram: { buckets: [] },
    };
    const text = renderAccuracyText([
      entry({
        breakdown: { overall_accuracy: 82.3, subset_scores: { diamond: 60, main: 12.5 }, total_samples: 5 },
        output_sequence_lengths: osl as unknown as AccuracyEntry["output_sequence_lengths"],
        osl_tokenize_s: 0.25,
      }),
      entry({ dataset_name: "lcb", score: 0.2, complete: false }),
      entry({ dataset_name: "performance", dataset_type: "performance", score: 0.5, response_counts: undefined }),
    ]);
    expect(text).toBe(
      [
        "Accuracy:",
        "  gpqa: 0.6 (unit=5, repeats=2, total=10, duration=12.35s)",
        "    responses: 7/10 scored (2 empty, 1 missing)",
        "    output tokens (avg/min/max): 10.0/5/15",
        "    diamond: 60.00%",
        "    main: 12.50%",
        "  lcb: 0.2 (unit=5, repeats=2, total=10, duration=12.35s)",
        "    responses: 7/10 scored (2 empty, 1 missing)",
        "    (incomplete)",
        "  performance: 0.5 (unit=5, repeats=2, total=10, duration=12.35s)",
        "  Average: 0.4",
        "  OSL tokenization: 0.25s",
        "",
      ].join("\n"),
    );
  });

  test("renders nothing without entries", () => {
    expect(renderAccuracyText([])).toBe("");
  });

  test("renders an aligned table for the eval command", () => {
    const lines = renderAccuracyTable([entry(), entry({ dataset_name: "livecodebench", score: null, complete: false })])
      .trimEnd()
      .split("\n");
    expect(lines[0]).toMatch(/^dataset\s+type\s+extractor\s+score\s+scored/);
    expect(lines[1]).toMatch(/^gpqa\s+accuracy\s+ABCDExtractor\s+0\.6\s+7\/10/);
    expect(lines[2]).toMatch(/^livecodebench\s+.*N\/A\*/);
    expect(lines[1]?.indexOf("accuracy")).toBe(lines[0]?.indexOf("type"));
    expect(lines.at(-2)).toContain("* incomplete");
    expect(lines.at(-1)).toBe("average: 0.6");
  });
});
