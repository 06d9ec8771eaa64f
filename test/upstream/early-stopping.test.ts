/**
 * @module test/upstream/early-stopping — upstream's tests/unit/metrics/test_early_stopping.py, run against metrics/early-stopping.
 *
 * Upstream's `find_min_passing`, `es_percentile_estimate`, `es_targets_from_grid` and `_betai`
 * map to our findMinPassing, earlyStoppingEstimate, isEarlyStoppingPercentile with percentileKey,
 * and regularizedIncompleteBeta (whose argument order is x, a, b).
 */
import { describe, expect, test } from "bun:test";
import {
  EARLY_STOPPING_CONFIDENCE,
  earlyStoppingEstimate,
  findMinPassing,
  isEarlyStoppingPercentile,
} from "../../src/metrics/early-stopping.ts";
import { regularizedIncompleteBeta } from "../../src/metrics/incomplete-beta.ts";
import { percentileKey } from "../../src/metrics/percentiles.ts";

const T = "tests/unit/metrics/test_early_stopping.py";
const range = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => i);

describe("upstream test_early_stopping.py", () => {
  test(`${T}:25 test_loadgen_reference_values`, () => {
    expect(findMinPassing(0, 0.99)).toBe(459);
    expect(findMinPassing(0, 0.9)).toBe(44);
    expect(findMinPassing(1, 0.99)).toBe(661);
    const values = [0, 1, 2, 3, 4, 5].map((t) => findMinPassing(t, 0.99));
    expect(values).toEqual([...new Set(values)].sort((a, b) => a - b));
  });

  test(`${T}:37 test_constants_and_spec_defaults`, () => {
    expect(EARLY_STOPPING_CONFIDENCE).toBe(0.99);
    // ES_MIN_PERCENTILE = 50: the median is the lowest target.
    expect(isEarlyStoppingPercentile(50)).toBe(true);
    expect(isEarlyStoppingPercentile(49.9)).toBe(false);
  });

  test(`${T}:49 test_grid_derivation_and_key_format`, () => {
    const grid = [100.0, 99.9, 99.0, 97.0, 95.0, 90.0, 80.0, 75.0, 50.0, 25.0, 1.0];
    const targets = grid.filter(isEarlyStoppingPercentile);
    expect(targets.map(percentileKey)).toEqual(["99.9", "99.0", "97.0", "95.0", "90.0", "80.0", "75.0", "50.0"]);
    expect(targets[0]).toBe(99.9);
    expect(targets.at(-1)).toBe(50.0);
  });

  test(`${T}:73 test_estimate_reference_values_and_conservatism`, () => {
    const arr = range(10000);
    const r = earlyStoppingEstimate(arr, 99.0);
    expect([r.discarded, r.minQueries]).toEqual([76, 662]);
    expect(r.estimate).toBe(arr[10000 - 77] as number);
    expect(r.estimate as number).toBeGreaterThanOrEqual(r.empirical as number);
  });

  test(`${T}:84 test_sufficiency_floor_boundary`, () => {
    const below = earlyStoppingEstimate(range(661), 99.0);
    expect(below.estimate).toBeNull();
    expect(below.empirical).not.toBeNull();
    expect(below.minQueries).toBe(662);
    const arr = range(662);
    const atFloor = earlyStoppingEstimate(arr, 99.0);
    expect(atFloor.estimate).toBe(arr[661] as number);
    expect(atFloor.discarded).toBe(0);
    const empty = earlyStoppingEstimate(new Float64Array(0), 99.0);
    expect(empty.estimate).toBeNull();
    expect(empty.empirical).toBeNull();
    expect(empty.n).toBe(0);
  });

  test(`${T}:102 test_betai_branches_and_cap_regime`, () => {
    expect(Math.abs(regularizedIncompleteBeta(0.2, 3.0, 1.0) - 0.2 ** 3)).toBeLessThan(1e-12);
    expect(Math.abs(regularizedIncompleteBeta(0.9, 1.0, 3.0) - (1.0 - 0.1 ** 3))).toBeLessThan(1e-12);
    const cap = regularizedIncompleteBeta(0.5, 5e6, 5e6);
    expect(cap).toBeGreaterThan(0.4);
    expect(cap).toBeLessThan(0.6);
  });

  test(`${T}:114 test_empirical_matches_report_grid_convention`, () => {
    const arr = range(50);
    expect(earlyStoppingEstimate(arr, 99.0).empirical).toBe(arr[48] as number);
  });

  test.each([
    ["find_min_passing(1, 1.0)", () => findMinPassing(1, 1.0)],
    ["find_min_passing(1, 0.0)", () => findMinPassing(1, 0.0)],
    ["find_min_passing(1, 0.99, c=1.0)", () => findMinPassing(1, 0.99, 1.0)],
    ["es_percentile_estimate([1, 2], 150.0)", () => earlyStoppingEstimate(Float64Array.of(1, 2), 150.0)],
    ["es_percentile_estimate([1, 2], 100.0)", () => earlyStoppingEstimate(Float64Array.of(1, 2), 100.0)],
    ["es_percentile_estimate([1, 2], 0.99)", () => earlyStoppingEstimate(Float64Array.of(1, 2), 0.99)],
    ["es_percentile_estimate([1, 2], 0.0)", () => earlyStoppingEstimate(Float64Array.of(1, 2), 0.0)],
    [
      "es_percentile_estimate([1, 2], 99.0, confidence=0.0)",
      () => earlyStoppingEstimate(Float64Array.of(1, 2), 99.0, 0.0),
    ],
  ])(`${T}:122 test_invalid_domain_raises: %s`, (_name, call) => {
    expect(call).toThrow(RangeError);
  });

  test(`${T}:144 test_result_dict_shape (sufficient)`, () => {
    const r = earlyStoppingEstimate(range(10000), 99.0);
    expect(r.estimate).not.toBeNull();
    expect(r.n).toBe(10000);
  });
});

// not transcribed:
// - test_constants_and_spec_defaults's EarlyStoppingSpec and TOLERANCE: our tolerance is fixed at 0 and has no parameter;
//   the spec is a Python dataclass (our switch is settings.early_stopping.enabled).
// - test_invalid_domain_raises's find_min_passing(1, 0.99, d=0.99): there is no tolerance argument to pass.
// - test_grid_derivation_and_key_format's int and string grids ((99, 90, 50) → "99"): our grid is fixed floats.
// - test_result_dict_shape's key set: `as_dict` is the post-hoc script's JSON; no file of ours carries the detail.
