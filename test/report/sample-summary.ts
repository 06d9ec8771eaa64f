/** @module test/report/sample-summary — a realistic ResultSummary built through the real pipeline, for report tests. */
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { summarizePhase } from "../../src/metrics/summarize-phase.ts";
import { buildResultSummary, type ResultSummary, type RunInfo } from "../../src/report/result-summary.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeFailure, makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;

export const RUN: RunInfo = {
  version: "0.1.0",
  gitSha: "abc1234",
  testStartedAtEpochMs: 1_700_000_000_000,
  state: "complete",
  runConfig: {
    load_pattern: { type: "poisson", target_qps: 10 },
    warmup: { enabled: false },
    scheduler_random_seed: 42,
    dataloader_random_seed: 42,
  },
};

/** 20 successes (latency 100…290 ms, TTFT 10…29 ms) and optionally one failure. */
export function sampleRecords(withFailure: boolean): RequestRecord[] {
  const ok = Array.from({ length: 20 }, (_, i) =>
    makeRecord({
      planIndex: i,
      sentNs: i * 100 * MS,
      scheduledNs: i * 100 * MS,
      firstTokenNs: i * 100 * MS + (10 + i) * MS,
      doneNs: i * 100 * MS + (100 + 10 * i) * MS,
      chunkGapsNs: Float64Array.of(2 * MS, 3 * MS),
    }),
  );
  if (!withFailure) return ok;
  return [
    ...ok,
    makeFailure({ planIndex: 20, sentNs: 0, doneNs: 1 * MS, errorKind: "http_5xx", errorMessage: "502 Bad\ngateway" }),
  ];
}

export function sampleSummary(overrides: Partial<RunInfo> = {}, withFailure = false): ResultSummary {
  const cols = columnsFromRecords(sampleRecords(withFailure));
  const metrics = summarizePhase(cols, {
    windowStartNs: 0,
    loadPatternType: "poisson",
    useLegacyQps: true,
    earlyStopping: true,
    plannedCount: null,
  });
  return buildResultSummary(metrics, { ...RUN, ...overrides });
}
