/** @module test/metrics/throughput — tests for metrics/throughput. */
import { describe, expect, test } from "bun:test";
import {
  computeThroughput,
  legacyLoadgenWindowNs,
  perSecond,
  type ThroughputInput,
} from "../../src/metrics/throughput.ts";

const base: ThroughputInput = {
  completed: 11,
  successful: 10,
  outputTokens: 1000,
  durationNs: 2e9,
  legacyWindowNs: 4e9,
  useLegacy: false,
};

describe("metrics/throughput", () => {
  test.each([
    [10, 2e9, 5],
    [10, 0, null],
    [10, -1, null],
    [null, 1e9, null],
    [10, null, null],
  ])("perSecond(%p, %p ns) = %p", (amount, spanNs, expected) => {
    expect(perSecond(amount, spanNs)).toBe(expected);
  });

  test.each([
    // [case, input overrides, qps, tps, window]
    ["native", {}, 5, 500, null],
    ["legacy", { useLegacy: true }, 2.5, 250, 4e9],
    ["legacy with < 2 completed", { useLegacy: true, completed: 1, successful: 1 }, 0.5, 500, null],
    ["legacy without a window", { useLegacy: true, legacyWindowNs: null }, 5, 500, null],
    ["no token counts", { outputTokens: null }, 5, null, null],
    ["no duration", { durationNs: null }, null, null, null],
  ] as const)("computes %s throughput", (_name, overrides, qps, tps, window) => {
    const t = computeThroughput({ ...base, ...overrides });
    expect(t.qps).toBe(qps);
    expect(t.tps).toBe(tps);
    expect(t.legacyLoadgenWindowDurationNs).toBe(window);
  });

  test("always reports native values next to legacy ones", () => {
    const t = computeThroughput({ ...base, useLegacy: true });
    expect(t.qpsNative).toBe(5);
    expect(t.tpsNative).toBe(500);
  });

  test.each([
    // [sentNs, doneNs, window]
    [[0, 10, 20], [100, 50, 60], 60], // last-sent (20) finished at 60, first send 0
    [[5, 0], [30, 100], 30], // last-sent is row 0 (5), done at 30; first send 0
    [[0], [10], null], // fewer than 2 completed
    [[0, 10], [10, Number.NaN], null], // the second never finished
    [[], [], null],
  ])("legacy window of sent %p done %p is %p", (sent, done, window) => {
    expect(legacyLoadgenWindowNs(Float64Array.from(sent), Float64Array.from(done))).toBe(window);
  });
});
