/** @module test/metrics/reasoning-metrics.test — TTFO, TPOT over the answer and the token split in a phase's summary, goodput's TTFO limit, the reports. */
import { describe, expect, test } from "bun:test";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { hasValues, type Rollup } from "../../src/metrics/series-rollup.ts";
import { summarizePhase, type PhaseContext } from "../../src/metrics/summarize-phase.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { buildResultSummary } from "../../src/report/result-summary.ts";
import { renderReportText } from "../../src/report/report-text.ts";
import { makeRecord } from "./make-record.ts";

const MS = 1e6;
const ctx: PhaseContext = {
  windowStartNs: 0,
  loadPatternType: "max_throughput",
  useLegacyQps: false,
  earlyStopping: false,
  plannedCount: null,
};
const RUN = { version: "t", gitSha: null, testStartedAtEpochMs: 0, state: "complete" as const, runConfig: {} };

/** 20 reasoning chunks then 10 answer chunks, 4 ms apart from a first token at 10 ms; usage names the reasoning. */
const reasoning = (planIndex: number): RequestRecord =>
  makeRecord({
    planIndex,
    firstTokenNs: 10 * MS,
    firstAnswerNs: 90 * MS,
    doneNs: 126 * MS,
    outputTokens: 30,
    reasoningTokens: 20,
    reasoningChunks: 20,
    chunkCount: 30,
    chunkGapsNs: new Float64Array(29).fill(4 * MS),
  });

const median = (r: Rollup | undefined) => (r && hasValues(r) ? r.median : Number.NaN);

describe("metrics/reasoning-metrics", () => {
  test("a phase that reasoned: TTFO, TPOT over the answer, 20 reasoning and 10 answer tokens", () => {
    const m = summarizePhase(columnsFromRecords([reasoning(0), reasoning(1)]), ctx);
    const s = buildResultSummary(m, RUN);
    expect(median(s.ttfo)).toBe(90 * MS);
    expect(median(s.tpot_answer)).toBe(4 * MS); // (126 − 90) ms over the 9 answer tokens after the first
    expect([median(s.reasoning_tokens), median(s.answer_tokens)]).toEqual([20, 10]);
    const text = renderReportText(s);
    expect(text).toContain("TTFO:");
    expect(text).toContain("TPOT (answer):");
    expect(text).toContain("Reasoning / answer tokens per request (mean): 20.00 / 10.00");
  });

  test("a phase that did not reason keeps its summary and report as they were", () => {
    const s = buildResultSummary(
      summarizePhase(columnsFromRecords([makeRecord(), makeRecord({ planIndex: 1 })]), ctx),
      RUN,
    );
    for (const key of ["ttfo", "tpot_answer", "reasoning_tokens", "answer_tokens"] as const)
      expect(s[key]).toBeUndefined();
    expect(renderReportText(s)).not.toContain("TTFO");
  });

  test.each([
    [100, 2],
    [80, 0],
  ])("--slo ttfo:%dms: %d of the two reasoning requests meet it, and the block names the limit", (limitMs, met) => {
    const m = summarizePhase(columnsFromRecords([reasoning(0), reasoning(1)]), {
      ...ctx,
      slo: { ttft_ms: null, tpot_ms: null, latency_ms: null, ttfo_ms: limitMs },
    });
    expect(m.goodput?.met).toBe(met);
    expect(m.goodput?.slo).toEqual({ ttft_ms: null, tpot_ms: null, latency_ms: null, ttfo_ms: limitMs });
  });
});
