/**
 * @module test/upstream/sample-order — upstream's tests/unit/load_generator/test_sample_order.py and
 * test_single_sample_order.py, run against dataset/sample-order.
 *
 * Upstream's `WithoutReplacementSampleOrder(n, rng=random.Random(42))` drawn k times is our
 * `sampleOrder(n, k, 42)`; the golden sequences below are upstream's, printed by Python.
 */
import { describe, expect, test } from "bun:test";
import { sampleOrder } from "../../src/dataset/sample-order.ts";

const T = "tests/unit/load_generator/test_sample_order.py";
const SIZES = [3, 100, 10_000];
const sorted = (xs: ArrayLike<number>): number[] => Array.from(xs).sort((a, b) => a - b);
const upTo = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe("upstream test_sample_order.py", () => {
  test.each(SIZES)(`${T}:34 test_yields_all_indices (n=%p)`, (n) => {
    expect(sorted(sampleOrder(n, n, 42))).toEqual(upTo(n));
  });

  test.each(SIZES)(`${T}:42 test_reshuffles_after_exhaustion (n=%p)`, (n) => {
    const order = sampleOrder(n, 2 * n, 42);
    expect(sorted(order.subarray(0, n))).toEqual(upTo(n));
    expect(sorted(order.subarray(n))).toEqual(upTo(n));
  });

  test.each(SIZES)(`${T}:52 test_never_raises_stop_iteration (n=%p)`, (n) => {
    const draws = Math.max(100, n * 3);
    const order = sampleOrder(n, draws, 42);
    expect(order).toHaveLength(draws);
    expect(order.every((i) => i >= 0 && i < n)).toBe(true);
  });

  test.each(SIZES)(`${T}:63 test_reproducible_with_seed (n=%p)`, (n) => {
    expect(sampleOrder(n, n * 2, 42)).toEqual(sampleOrder(n, n * 2, 42));
  });

  test(`${T}:74 test_invalid_size_raises`, () => {
    expect(() => sampleOrder(0, 1, 42)).toThrow(/dataset size/);
  });

  test(`tests/unit/load_generator/test_strategy.py:445 test_sample_order_single_element`, () => {
    expect(Array.from(sampleOrder(1, 10, 42))).toEqual(Array(10).fill(0));
  });

  // Beyond the cases: upstream's order itself, for a small, a negative and a 64-bit seed (from Python).
  test.each([
    [10, 20, 42n, [7, 3, 2, 8, 5, 6, 9, 4, 0, 1, 8, 6, 2, 5, 3, 0, 4, 7, 9, 1]],
    [5, 7, -42n, [3, 1, 2, 4, 0, 4, 2]],
    [4, 6, 2n ** 64n - 1n, [2, 1, 3, 0, 3, 2]],
  ])("draws upstream's very order (n=%p, k=%p, seed %p)", (n, k, seed, expected) => {
    expect(Array.from(sampleOrder(n, k, seed))).toEqual(expected);
  });
});

// not transcribed:
// - test_sample_order.py TestWithReplacementSampleOrder (:82, :90): upstream builds it from no config field; we have no with-replacement order.
// - tests/unit/load_generator/test_single_sample_order.py:30, :37, :59-:72 (a fixed index forever, out of range, create_sample_order):
//   the audit's fixed row is the output-caching plan's `fixedRow` (run/run-output-caching), refused out of range there;
//   create_sample_order's dispatch over a RuntimeSettings object has no counterpart.
