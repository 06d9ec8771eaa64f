import { describe, expect, test } from "bun:test";
import { goodput, meetsTarget } from "../../src/metrics/goodput.ts";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { makeFailure, makeRecord } from "./make-record.ts";

const MS = 1e6;

describe("metrics/goodput", () => {
  const records = [
    makeRecord({ sentNs: 0, firstTokenNs: 100 * MS, doneNs: 1000 * MS, outputTokens: 19 }), // ttft 100, tpot 50, latency 1000
    makeRecord({ sentNs: 0, firstTokenNs: 600 * MS, doneNs: 1500 * MS, outputTokens: 10 }), // ttft 600
    makeRecord({ sentNs: 0, firstTokenNs: 100 * MS, doneNs: 2000 * MS, outputTokens: 20 }), // tpot 100
    makeFailure({ sentNs: 0, doneNs: 10 * MS }),
  ];
  const cols = columnsFromRecords(records);

  test.each([
    [{ ttft_ms: 500, tpot_ms: null, latency_ms: null }, 2],
    [{ ttft_ms: 500, tpot_ms: 60, latency_ms: null }, 1],
    [{ ttft_ms: null, tpot_ms: null, latency_ms: 1600 }, 2],
    [{ ttft_ms: 1000, tpot_ms: 1000, latency_ms: 5000 }, 3],
  ])("with %j, %d requests meet every objective", (slo, met) => {
    const g = goodput(cols, slo, 2000 * MS);
    expect(g?.met).toBe(met);
    expect(g?.completed).toBe(4);
    expect(g?.attainment_pct).toBeCloseTo((100 * met) / 4, 9);
    expect(g?.requests_per_s).toBeCloseTo(met / 2, 9);
  });

  test("is absent without objectives", () => {
    expect(goodput(cols, null, 1e9)).toBeNull();
    expect(goodput(cols, { ttft_ms: null, tpot_ms: null, latency_ms: null }, 1e9)).toBeNull();
  });

  test.each([
    ["TTFT", { ttft_ms: 1000, tpot_ms: null, latency_ms: null }, 3],
    ["TPOT", { ttft_ms: null, tpot_ms: 1000, latency_ms: null }, 3],
    ["TPOT, no usage either", { ttft_ms: null, tpot_ms: 1000, latency_ms: null }, null],
  ] as const)(
    "a %s objective is not met by a request without a first token (non-streaming)",
    (_what, slo, outputTokens) => {
      const plain = columnsFromRecords([makeRecord({ sentNs: 0, firstTokenNs: null, doneNs: 5 * MS, outputTokens })]);
      expect(goodput(plain, slo, 1e9)?.met).toBe(0);
    },
  );

  test("a TPOT objective is met by a streamed one-token answer (no gap to exceed it), not by a stream without tokens", () => {
    const slo = { ttft_ms: null, tpot_ms: 1, latency_ms: null };
    expect(
      goodput(columnsFromRecords([makeRecord({ firstTokenNs: 10 * MS, doneNs: 500 * MS, outputTokens: 1 })]), slo, 1e9)
        ?.met,
    ).toBe(1);
    expect(
      goodput(columnsFromRecords([makeRecord({ firstTokenNs: null, doneNs: 500 * MS, outputTokens: 0 })]), slo, 1e9)
        ?.met,
    ).toBe(0);
  });

  test("requests the run cancelled are not in the attainment's denominator", () => {
    const g = goodput(
      columnsFromRecords([...records, makeFailure({ sentNs: 0, doneNs: 3000 * MS, errorKind: "cancelled" })]),
      { ttft_ms: 500, tpot_ms: null, latency_ms: null },
      2000 * MS,
    );
    expect([g?.met, g?.completed]).toEqual([2, 4]);
  });
});

describe("metrics/goodput target", () => {
  test.each([
    [100, 99, true],
    [99, 99, true],
    [98.99, 99, false],
    [50, 50, true],
    [0, 0.1, false],
    [null, 99, false],
  ])("attainment %p %% against a target of %p %% is met: %p", (attainment, target, met) => {
    expect(meetsTarget(attainment, target)).toBe(met);
  });

  const cols = columnsFromRecords([
    makeRecord({ sentNs: 0, firstTokenNs: 100 * MS, doneNs: 1000 * MS, outputTokens: 19 }),
    makeRecord({ sentNs: 0, firstTokenNs: 100 * MS, doneNs: 1000 * MS, outputTokens: 19 }),
    makeRecord({ sentNs: 0, firstTokenNs: 100 * MS, doneNs: 1000 * MS, outputTokens: 19 }),
    makeRecord({ sentNs: 0, firstTokenNs: 900 * MS, doneNs: 1000 * MS, outputTokens: 19 }),
  ]);
  test.each([
    [undefined, 99, false],
    [null, 99, false],
    [75, 75, true],
    [80, 80, false],
  ])("a share of %p judges 75 %% at %p: met %p", (percentile, target, met) => {
    const g = goodput(cols, { ttft_ms: 500, tpot_ms: null, latency_ms: null, percentile }, 1e9);
    expect(g).toMatchObject({ attainment_pct: 75, target_pct: target, target_met: met });
    expect(g?.slo).toEqual({ ttft_ms: 500, tpot_ms: null, latency_ms: null });
  });
});
