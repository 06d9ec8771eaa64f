/**
 * @module test/upstream/strategy — upstream's tests/unit/load_generator/test_strategy.py (its delay functions and
 * issue counts), run against load-pattern/arrivals and plan/phase-plan.
 *
 * Upstream's `poisson_delay_fn(qps, random.Random(seed))` gives the gaps between our
 * `poissonOffsets(count, qps, seed)`; its strategies issuing k requests over a dataset of n rows
 * are our plan of k entries whose rows come from the sample order.
 */
import { describe, expect, test } from "bun:test";
import { poissonOffsets } from "../../src/load-pattern/arrivals.ts";
import type { LoadPattern } from "../../src/load-pattern/schedule.ts";
import { buildPhasePlan } from "../../src/plan/phase-plan.ts";

const T = "tests/unit/load_generator/test_strategy.py";
const gaps = (offsets: Float64Array): number[] =>
  Array.from(offsets, (t, i) => t - (i === 0 ? 0 : (offsets[i - 1] as number)));

function plan(type: LoadPattern["type"], count: number, datasetSize: number) {
  const pattern: LoadPattern = { type, targetQps: 1000, targetConcurrency: 3 };
  return buildPhasePlan({ phase: "performance", pattern, count, datasetSize, schedulerSeed: 42, dataloaderSeed: 42 });
}

describe("upstream test_strategy.py", () => {
  test(`${T}:283 test_poisson_delay_positive`, () => {
    expect(gaps(poissonOffsets(100, 1000.0, 42)).every((d) => d >= 1)).toBe(true);
  });

  test(`${T}:288 test_poisson_delay_mean`, () => {
    const delays = gaps(poissonOffsets(10_000, 10_000.0, 42));
    const meanNs = delays.reduce((a, b) => a + b, 0) / delays.length;
    const expectedNs = 1e9 / 10_000.0;
    expect(Math.abs(meanNs - expectedNs) / expectedNs).toBeLessThan(0.1);
  });

  test(`${T}:297 test_poisson_delay_invalid_qps`, () => {
    expect(() => poissonOffsets(1, 0, 42)).toThrow(/target_qps must be > 0/);
  });

  test.each([
    [`${T}:72 TestTimedIssueStrategyCallAt.test_issues_correct_count`, "poisson", 20, 10],
    [`${T}:136 TestTimedIssueStrategyExecutor.test_issues_correct_count`, "poisson", 20, 10],
    [`${T}:157 TestBurstStrategy.test_issues_all`, "max_throughput", 50, 10],
    [`${T}:220 TestConcurrencyStrategy.test_issues_up_to_concurrency_then_waits (count)`, "concurrency", 10, 10],
    [`${T}:377 test_burst_single_sample`, "max_throughput", 1, 1],
    [`${T}:630 test_burst_1000_samples`, "max_throughput", 1000, 200],
    [`${T}:642 test_burst_5000_samples (count)`, "max_throughput", 5000, 500],
    [`${T}:669 test_burst_indices_wrap_around`, "max_throughput", 10, 3],
  ] as [string, LoadPattern["type"], number, number][])("%s", (_name, type, count, datasetSize) => {
    const p = plan(type, count, datasetSize);
    expect(p.sampleIndex).toHaveLength(count);
    expect(p.sampleIndex.every((i) => i >= 0 && i < datasetSize)).toBe(true);
  });

  test(`${T}:580 test_very_high_qps (50 issued at 1e9 qps, each at least 1 ns after the last)`, () => {
    expect(gaps(poissonOffsets(50, 1e9, 42)).every((d) => d >= 1)).toBe(true);
  });

  // Beyond the cases: upstream's schedule itself (cumulative max(1, int(expovariate(qps/1e9))), from Python).
  test.each([
    [14.75, 42n, [69156629, 70873838, 92678859, 109803346, 200216408]],
    [1000.0, -(2n ** 63n), [806235, 3629939, 3907003, 5812740]],
  ])("offers upstream's very Poisson instants (qps %p, seed %p)", (qps, seed, expected) => {
    expect(Array.from(poissonOffsets(expected.length, qps, seed))).toEqual(expected);
  });
});

// not transcribed:
// - :86, :169, :245 test_stops_on_none, :99 test_timing_precision, :181 test_does_not_starve_event_loop, :399-:512 exceptions
//   in an issuer or executor, :518/:551 completions, :595/:609 executor and statistical timing: asyncio strategies driving a mock
//   issuer; our sending loop (worker/phase-runner) is tested with real servers in test/worker and test/e2e.
// - :268 test_invalid_concurrency_raises, :301 test_make_delay_fn_unsupported_pattern, :314-:359 create_load_strategy:
//   Python factories; our config refuses a bad concurrency or pattern at validation (test/config).
