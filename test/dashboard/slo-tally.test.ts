import { describe, expect, test } from "bun:test";
import { type SloLimitsMs, SloTally, sloRequestOf } from "../../src/dashboard/slo-tally.ts";
import { goodput, meetsSlo } from "../../src/metrics/goodput.ts";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { makeRecord } from "../metrics/make-record.ts";

const MS = 1e6;
const limits = (l: Partial<SloLimitsMs>): SloLimitsMs => ({ ttft_ms: null, tpot_ms: null, latency_ms: null, ...l });
/** Sent at 0: first token at `ttftMs`, done at `latencyMs`, `chunks` chunks of one token each. */
const request = (ttftMs: number | null, latencyMs: number, chunks = 10, extra: Partial<RequestRecord> = {}) =>
  makeRecord({
    sentNs: 0,
    firstTokenNs: ttftMs === null ? null : ttftMs * MS,
    doneNs: latencyMs * MS,
    chunkCount: chunks,
    outputTokens: chunks,
    ...extra,
  });

describe("dashboard/slo-tally", () => {
  test.each<[string, RequestRecord, Partial<SloLimitsMs>, boolean]>([
    ["TTFT within its limit", request(50, 200), { ttft_ms: 100 }, true],
    ["TTFT at its limit exactly: met", request(100, 200), { ttft_ms: 100 }, true],
    ["TTFT over its limit", request(150, 200), { ttft_ms: 100 }, false],
    ["latency over its limit", request(50, 2000), { latency_ms: 1000 }, false],
    // (200 − 20) ms over 9 tokens after the first: 20 ms each.
    ["TPOT within its limit", request(20, 200), { tpot_ms: 25 }, true],
    ["TPOT over its limit", request(20, 200), { tpot_ms: 15 }, false],
    ["one chunk only: no TPOT to exceed", request(20, 200, 1), { tpot_ms: 1 }, true],
    ["not streamed (no first token): a TTFT limit is not met", request(null, 200), { ttft_ms: 1000 }, false],
    ["not streamed: a TPOT limit is not met", request(null, 200), { tpot_ms: 1000 }, false],
    ["not streamed: a latency limit alone can be met", request(null, 200), { latency_ms: 1000 }, true],
    ["a failure never meets it", request(10, 20, 10, { errorKind: "http_5xx" }), { latency_ms: 1000 }, false],
  ])("%s", (_name, record, slo, met) => {
    expect(meetsSlo(sloRequestOf(record), limits(slo))).toBe(met);
  });

  test("counts the phase's records only, leaves cancelled ones out, and restarts with a phase", () => {
    const tally = new SloTally(limits({ ttft_ms: 100 }));
    tally.startPhase("performance");
    tally.add([
      request(50, 200),
      request(150, 200),
      request(50, 200, 10, { errorKind: "cancelled" }),
      request(50, 200, 10, { phase: "warmup" }),
    ]);
    expect(tally.read()).toEqual({ met: 1, judged: 2 });
    tally.startPhase("accuracy");
    expect(tally.read()).toEqual({ met: 0, judged: 0 });
  });

  test.each<[string, Partial<SloLimitsMs>]>([
    ["TTFT", { ttft_ms: 100 }],
    ["TPOT", { tpot_ms: 15 }],
    ["latency", { latency_ms: 1000 }],
    ["all three", { ttft_ms: 100, tpot_ms: 25, latency_ms: 1000 }],
  ])("the tally counts what the report's goodput counts (%s)", (_name, slo) => {
    const records = [
      request(50, 200),
      request(150, 200),
      request(20, 200),
      request(20, 200, 1),
      request(null, 200),
      request(50, 2000),
      request(10, 20, 10, { errorKind: "http_5xx" }),
      request(50, 200, 10, { errorKind: "cancelled" }),
    ];
    const tally = new SloTally(limits(slo));
    tally.startPhase("performance");
    tally.add(records);
    const report = goodput(columnsFromRecords(records), limits(slo), 1e9);
    expect(tally.read()).toEqual({ met: report?.met as number, judged: report?.completed as number });
  });
});
