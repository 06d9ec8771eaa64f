/** @module test/metrics/early-stopping — tests for metrics/early-stopping. */
import { describe, expect, test } from "bun:test";
import {
  EARLY_STOPPING_CONFIDENCE,
  earlyStoppingEstimate,
  earlyStoppingMinQueries,
  earlyStoppingOdds,
  findMinPassing,
  isEarlyStoppingPercentile,
} from "../../src/metrics/early-stopping.ts";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";

const range = (n: number): Float64Array => Float64Array.from({ length: n }, (_, i) => i);

describe("metrics/early-stopping", () => {
  test("fixes confidence at 0.99", () => {
    expect(EARLY_STOPPING_CONFIDENCE).toBe(0.99);
  });

  test.each([
    // [t, q, find_min_passing] — spec §4.10 reference values
    [0, 0.99, 459],
    [0, 0.9, 44],
    [1, 0.99, 661],
  ])("findMinPassing(%p, %p) = %p", (t, q, h) => {
    expect(findMinPassing(t, q)).toBe(h);
    // Minimality: one fewer in-bound sample does not pass.
    expect(earlyStoppingOdds(h, t, q)).toBeLessThan(0.01);
    expect(earlyStoppingOdds(h - 1, t, q)).toBeGreaterThanOrEqual(0.01);
  });

  test.each([
    [50, 11],
    [75, 24],
    [80, 31],
    [90, 64],
    [95, 130],
    [97, 219],
    [99, 662],
    [99.9, 6636],
    [99.99, 66381],
  ])("needs at least %p → %p samples at c=0.99", (p, floor) => {
    expect(earlyStoppingMinQueries(p / 100)).toBe(floor);
  });

  test("estimates p99 of 10000 uniform samples as the 77th highest", () => {
    const e = earlyStoppingEstimate(range(10_000), 99);
    expect(e).toEqual({
      percentile: 99,
      n: 10_000,
      minQueries: 662,
      estimate: 9923,
      empirical: 9899,
      overLatencyCount: 77,
      discarded: 76,
    });
  });

  test.each([
    // [n, estimate, discarded]
    [0, null, null],
    [1, null, null],
    [661, null, null],
    [662, 661, 0],
  ])("at the p99 floor boundary: n=%p gives estimate %p, discarded %p", (n, estimate, discarded) => {
    const e = earlyStoppingEstimate(range(n), 99);
    expect(e.estimate).toBe(estimate);
    expect(e.discarded).toBe(discarded);
    expect(e.empirical).toBe(n === 0 ? null : lowerPercentile(range(n), 99));
  });

  test.each([50, 75, 80, 90, 95, 97, 99, 99.9])("is never below the empirical p%p (conservative)", (p) => {
    const sorted = range(20_000);
    const e = earlyStoppingEstimate(sorted, p);
    expect(e.estimate).not.toBeNull();
    expect(e.estimate as number).toBeGreaterThanOrEqual(e.empirical as number);
  });

  test.each([
    [0.99, /did you mean 99\.0\?/],
    [0.5, /did you mean 50\.0\?/],
    [100, /\[1, 100\)/],
    [0, /\[1, 100\)/],
  ])("rejects percentile %p", (p, message) => {
    expect(() => earlyStoppingEstimate(range(10), p)).toThrow(message);
  });

  test.each([
    [50, true],
    [99.9, true],
    [25, false],
    [100, false],
  ])("includes grid percentile %p: %p", (p, included) => {
    expect(isEarlyStoppingPercentile(p)).toBe(included);
  });
});
