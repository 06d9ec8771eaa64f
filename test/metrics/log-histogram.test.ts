/** @module test/metrics/log-histogram — tests for metrics/log-histogram. */
import { describe, expect, test } from "bun:test";
import { HISTOGRAM_BUCKETS, logEdges, logHistogram } from "../../src/metrics/log-histogram.ts";

const sum = (xs: number[]): number => xs.reduce((a, b) => a + b, 0);

describe("metrics/log-histogram", () => {
  test("spaces edges evenly in log space, each computed as upstream's exp(ln lo + i·step)", () => {
    // upstream's _log_spaced_edges(1, 1000, 3), from Python
    expect(logEdges(1, 1000, 3)).toEqual([1.0, 9.999999999999998, 99.99999999999996, 999.9999999999998]);
  });

  test.each([
    // [values, first edge, last edge]: exp(ln lo) and exp(ln hi) of lo = max(min, 1), hi = max(max, 10·lo), from Python
    [[5], 4.999999999999999, 50.000000000000014],
    [[0, 3], 1, 10.000000000000002],
    [[2, 1000], 2, 999.9999999999998],
    [[-5, 0.5], 1, 10.000000000000002],
    [[1e6, 2e6], 999999.9999999995, 10000000.000000006],
  ])("covers max(min,1) to max(max, 10·max(min,1)) for %p", (values, lo, hi) => {
    const h = logHistogram(Float64Array.from(values));
    expect(h.buckets).toHaveLength(HISTOGRAM_BUCKETS);
    expect(h.counts).toHaveLength(HISTOGRAM_BUCKETS);
    expect(h.buckets[0]?.[0]).toBe(lo);
    expect(h.buckets[HISTOGRAM_BUCKETS - 1]?.[1]).toBe(hi);
    expect(sum(h.counts)).toBe(values.length);
  });

  test("clips zero and negative values into the first bucket", () => {
    const h = logHistogram(Float64Array.of(-3, 0, 0.5));
    expect(h.counts[0]).toBe(3);
  });

  test("counts the maximum in the closed last bucket", () => {
    const h = logHistogram(Float64Array.of(1, 1000));
    expect(h.counts[0]).toBe(1);
    expect(h.counts[HISTOGRAM_BUCKETS - 1]).toBe(1);
  });

  test("puts a value equal to an inner edge in the bucket that starts there", () => {
    const h = logHistogram(Float64Array.of(1, 10, 100, 1000), 3);
    // edges ≈ 1, 10, 100, 1000 (computed, so compare with the edge values themselves)
    const inner = h.buckets[1]?.[0] as number;
    const expectedSecond = [1, 10, 100, 1000].filter((v) => v >= inner && v < (h.buckets[1]?.[1] as number)).length;
    expect(h.counts[1]).toBe(expectedSecond);
    expect(sum(h.counts)).toBe(4);
  });

  test("puts 1000 uniform values in buckets whose counts sum to 1000", () => {
    const values = Float64Array.from({ length: 1000 }, (_, i) => i + 1);
    expect(sum(logHistogram(values).counts)).toBe(1000);
  });

  test("rejects an empty input", () => {
    expect(() => logHistogram(new Float64Array(0))).toThrow(RangeError);
  });
});
