/** @module test/compare/compare-summaries.test — two runs' summaries: which metrics regressed, throughput under one definition. */
import { describe, expect, test } from "bun:test";
import { compareSummaries, metricRow } from "../../src/compare/compare-summaries.ts";

/** A summary with the fields compare reads; `legacyWindowNs` set: its qps/tps are LoadGen's legacy ones. */
function summary(
  qps: number,
  qpsNative: number,
  legacyWindowNs: number | null,
  ttftP50Ms = 50,
): Record<string, unknown> {
  const rollup = (msValue: number) => ({ percentiles: { "50.0": msValue * 1e6, "99.0": 2 * msValue * 1e6 } });
  return {
    qps,
    tps: 10 * qps,
    qps_native: qpsNative,
    tps_native: 10 * qpsNative,
    legacy_loadgen_window_duration_ns: legacyWindowNs,
    ttft: rollup(ttftP50Ms),
    tpot: rollup(5),
    latency: rollup(500),
    n_samples_issued: 100,
    n_samples_failed: 0,
  };
}
const byName = (rows: ReturnType<typeof compareSummaries>) => Object.fromEntries(rows.map((r) => [r.name, r]));

describe("compare/compare-summaries", () => {
  test("two runs of one definition compare their headline qps and tps", () => {
    const rows = byName(compareSummaries(summary(20, 18, 1e9), summary(16, 15, 1e9), 5));
    expect(rows.qps).toMatchObject({ base: 20, next: 16, deltaPct: -20, regressed: true });
    expect(rows.tps?.deltaPct).toBeCloseTo(-20, 12);
  });

  test("a legacy-QPS run beside a native one compares the native values, named so (their headlines differ by definition)", () => {
    // Same server and load: legacy (completed − 1)/window reads 36.9, native successes/duration 20.2.
    const rows = compareSummaries(summary(36.9, 20.2, 1e9), summary(20.2, 20.2, null), 5);
    const names = rows.map((r) => r.name);
    expect(names.slice(0, 2)).toEqual([
      "qps (native: the runs define qps differently)",
      "tps (native: the runs define tps differently)",
    ]);
    expect(rows.slice(0, 2).every((r) => r.deltaPct === 0 && !r.regressed)).toBe(true);
  });

  test.each([
    ["latency up beyond the threshold", "lower_is_better", 100, 106, 5, true],
    ["latency up within it", "lower_is_better", 100, 104, 5, false],
    ["throughput down beyond it", "higher_is_better", 100, 90, 5, true],
    ["throughput up", "higher_is_better", 100, 120, 5, false],
    ["a base of 0 that grew", "lower_is_better", 0, 1, 5, true],
    ["a missing value", "lower_is_better", null, 1, 5, false],
  ] as const)("metricRow: %s", (_what, direction, base, next, threshold, regressed) => {
    const row = metricRow("m", "ms", direction, base, next, threshold);
    expect(row.regressed).toBe(regressed);
  });
});
