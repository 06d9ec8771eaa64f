/** @module test/report/import-figures.test — a source figure beside ours: agreement within 1 %, the reading that explains a difference, "not in the source". */
import { describe, expect, test } from "bun:test";
import { diffPct, explainFigure, importBlock } from "../../src/report/import-figures.ts";
import type { StoredFigure, StoredImport } from "../../src/report/import-schema.ts";
import type { ResultSummary } from "../../src/report/result-summary.ts";

const figure = (source: number | null, more: Partial<StoredFigure> = {}): StoredFigure => ({
  key: "ttft_p50",
  source,
  field: "time_to_first_token.p50",
  alternatives: [],
  ...more,
});
const METHOD = { value: 100.6, why: "percentile method" };
const ROWS = { value: 90, why: "rows" };

describe("report/import-figures", () => {
  test.each<[string, number | null, StoredFigure, string | null, number | null]>([
    ["agrees within 1 %", 100.5, figure(100.6), null, null],
    ["agrees at exactly 1 %", 101, figure(100), null, null],
    [
      "the first alternative that reproduces the source names why",
      100,
      figure(100.6 * 1.02, { alternatives: [ROWS, { value: 102.6, why: "method" }] }),
      "method",
      102.6,
    ],
    [
      "an alternative off by more than 1 % does not explain it",
      100,
      figure(110, { alternatives: [METHOD], definition: "its definition" }),
      "its definition",
      null,
    ],
    [
      "with nothing reproducing it and no definition, says so",
      100,
      figure(110, { alternatives: [METHOD] }),
      "not explained: none of the source's per-request readings reproduces its figure",
      null,
    ],
    [
      "a source without the figure: not in the source, with why",
      5,
      figure(null, { field: "GuideLLM wrote 0" }),
      "not in the source: GuideLLM wrote 0",
      null,
    ],
    [
      "ours missing: said, with why",
      null,
      figure(3, { oursMissing: "no token counts" }),
      "ours: not in the source: no token counts",
      null,
    ],
    [
      "a null alternative is skipped",
      100,
      figure(120, {
        alternatives: [
          { value: null, why: "x" },
          { value: 120.5, why: "y" },
        ],
      }),
      "y",
      120.5,
    ],
  ])("%s", (_name, ours, stored, note, recomputed) => {
    expect(explainFigure(ours, stored)).toEqual({ note, recomputed });
  });

  test.each<[number | null, number | null, number | null]>([
    [110, 100, 10],
    [90, 100, -10],
    [0, 0, 0],
    [1, 0, null],
    [null, 5, null],
    [5, null, null],
  ])("diff of %p against %p is %p %%", (ours, source, pct) => {
    const d = diffPct(ours, source);
    if (pct === null) expect(d).toBeNull();
    else expect(d as number).toBeCloseTo(pct, 9);
  });

  test("the block reads ours from the summary in display units and leaves out what neither side has", () => {
    const stored: StoredImport = {
      tool: "aiperf",
      name: "AIPerf",
      version: "0.6.0",
      files: ["profile_export.jsonl"],
      label: null,
      notes: ["n"],
      figures: [
        figure(12.5),
        { key: "tpot_p50", source: null, field: "none", alternatives: [] },
        { key: "requests_completed", source: 100, field: "request_count", alternatives: [] },
      ],
    };
    const summary = {
      ttft: { percentiles: { "50.0": 12_500_000 } },
      tpot: {},
      n_samples_completed: 100,
    } as unknown as ResultSummary;
    const block = importBlock(stored, summary);
    expect(Object.keys(block.figures)).toEqual(["requests_completed", "ttft_p50"]);
    expect(block.figures.ttft_p50).toMatchObject({ ours: 12.5, source: 12.5, unit: "ms", diff_pct: 0, note: null });
    expect(block.source_name).toBe("AIPerf");
  });
});
