/**
 * @module test/compare/compare-repeats.test — verdicts and the gate on fixed repeats.
 *
 * p-values: scipy 1.17.1 `ttest_ind(b, a, equal_var=False)` — [10, 12, 11] against [13, 14.5, 13.5]
 * gives p 0.02401810846153485 (Hedges' g 2.397659677649136, +24.24 %); [100, 102, 98, 101, 99]
 * against [100.5, 99.5, 101] gives p 0.7031799240047845.
 */
import { describe, expect, test } from "bun:test";
import { compareRepeatedMetric, compareRepeats } from "../../src/compare/compare-repeats.ts";
import { renderRepeatsComparison } from "../../src/compare/render-repeats-comparison.ts";
import type { Direction } from "../../src/report/repeat-metrics.ts";
import type { RepeatedMetric } from "../../src/report/repeats-schema.ts";
import { buildRepeatsSummary } from "../../src/report/repeats-summary.ts";
import { repeatSpread } from "../../src/metrics/t-interval.ts";

function metric(values: (number | null)[], direction: Direction, unit = "ms"): RepeatedMetric {
  const s = repeatSpread(values.filter((v): v is number => v !== null));
  return {
    label: "m",
    unit,
    direction,
    values,
    n: s.n,
    mean: s.mean,
    std: s.std,
    ci_low: s.ciLow,
    ci_high: s.ciHigh,
    cv_pct: s.cvPct,
  };
}

const SLOWER = [[10, 12, 11] as number[], [13, 14.5, 13.5] as number[]] as const;
const NOISE = [[100, 102, 98, 101, 99] as number[], [100.5, 99.5, 101] as number[]] as const;
const NO_GATE = Number.POSITIVE_INFINITY;

describe("compare/compare-repeats", () => {
  test.each([
    ["latency up 24 %, p 0.024", SLOWER, "lower_is_better", 95, NO_GATE, "regression", false],
    ["the same rise in throughput", SLOWER, "higher_is_better", 95, NO_GATE, "improvement", false],
    ["p 0.024 at 99 % confidence", SLOWER, "lower_is_better", 99, NO_GATE, "no significant change", false],
    ["significant and beyond a 20 % gate", SLOWER, "lower_is_better", 95, 20, "regression", true],
    ["significant but within a 30 % gate", SLOWER, "lower_is_better", 95, 30, "regression", false],
    ["noise, p 0.70, beyond a 0 % gate", NOISE, "lower_is_better", 95, 0, "no significant change", false],
  ] as const)("%s: %s", (_name, [a, b], direction, confidence, gate, verdict, regressed) => {
    const row = compareRepeatedMetric("m", metric(a, direction), metric(b, direction), confidence, gate);
    expect(row.verdict).toBe(verdict);
    expect(row.regressed).toBe(regressed);
  });

  test("a row carries the change, Hedges' g, Welch's t, df and p", () => {
    const row = compareRepeatedMetric(
      "m",
      metric(SLOWER[0], "lower_is_better"),
      metric(SLOWER[1], "lower_is_better"),
      95,
      20,
    );
    expect(row.deltaPct!).toBeCloseTo(24.24242424242424, 10);
    expect(row.hedgesG!).toBeCloseTo(2.397659677649136, 10);
    expect(row.t!).toBeCloseTo(3.6706517419289875, 10);
    expect(row.df!).toBeCloseTo(3.740932642487047, 10);
    expect(row.p!).toBeCloseTo(0.02401810846153485, 10);
    expect(row.base).toMatchObject({ n: 3, mean: 11 });
  });

  test("one run a side is not tested: the gate falls back to the threshold alone", () => {
    const row = compareRepeatedMetric(
      "m",
      metric([10], "lower_is_better"),
      metric([13, null], "lower_is_better"),
      95,
      20,
    );
    expect(row).toMatchObject({ verdict: "not tested", regressed: true, p: null, hedgesG: null });
    expect(row.deltaPct!).toBeCloseTo(30, 12);
  });

  test("an error rate changes in points; zero failures on both sides is no significant change", () => {
    const zero = metric([0, 0, 0], "lower_is_better", "%");
    expect(compareRepeatedMetric("e", zero, zero, 95, 0)).toMatchObject({
      verdict: "no significant change",
      deltaPct: 0,
    });
    const worse = compareRepeatedMetric("e", zero, metric([2, 3, 4], "lower_is_better", "%"), 95, 1);
    expect(worse.deltaPct).toBe(3);
  });

  test("metrics on one side only are left out; the text says how the verdict and the gate combine", () => {
    const runs = (qps: number[]) =>
      qps.map((q, i) => ({ dir: `run-${i + 1}`, summary: { qps: q, n_samples_issued: 10, n_samples_failed: 0 } }));
    const rows = compareRepeats(
      buildRepeatsSummary(runs([10, 12, 11]), 3),
      buildRepeatsSummary(runs([8, 8.4, 8.1]), 3),
      95,
      5,
    );
    expect(rows.map((r) => [r.key, r.verdict, r.regressed])).toEqual([
      ["qps", "regression", true],
      ["error_rate_pct", "no significant change", false],
    ]);
    const text = renderRepeatsComparison(rows, { base: "A", next: "B", baseRuns: 3, nextRuns: 3 }, 95, 5);
    expect(text).toContain("Welch's t-test (two-sided) at 95 % confidence: a change is significant when p < 0.05");
    expect(text).toContain(
      "--fail-on-regression 5 %: a metric fails only when its change is a significant regression AND its mean is worse by more than 5 %",
    );
    expect(text).toMatch(
      /^QPS \(req\/s\) +11\.00 ± 2\.48 +8\.17 ± 0\.52 +-25\.8 % +-\d\.\d\d +0\.\d{3} +regression — FAILS$/m,
    );
    expect(text).toMatch(/^regressed significantly and beyond 5 %: QPS$/m);
  });
});
