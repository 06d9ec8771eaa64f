/** @module test/report/html/time-buckets.test — bucket widths and folding request intervals into buckets. */
import { describe, expect, test } from "bun:test";
import {
  bucketCount,
  bucketMedianMax,
  bucketWidthS,
  spreadOverBuckets,
} from "../../../src/report/html/time-buckets.ts";

const f = (...values: number[]) => Float64Array.from(values);
const intervals = (starts: Float64Array, ends: Float64Array, amounts: Float64Array) => ({
  count: starts.length,
  startS: (i: number) => starts[i] as number,
  endS: (i: number) => ends[i] as number,
  amount: (i: number) => amounts[i] as number,
});

describe("report/html/time-buckets", () => {
  test.each([
    [0, 1],
    [0.3, 0.01],
    [1.5, 0.05],
    [10, 0.2],
    [45, 1],
    [600, 1],
    [2000, 1],
    [3600, 2],
    [86_400, 50],
  ])("uses %p s runs' bucket width %p s", (durationS, widthS) => {
    expect(bucketWidthS(durationS)).toBeCloseTo(widthS, 12);
    expect(bucketCount(durationS, bucketWidthS(durationS))).toBeLessThanOrEqual(2000);
  });

  test.each([
    [1, 0.1, 10],
    [1.05, 0.1, 11],
    [0, 1, 1],
  ])("covers %p s with buckets of %p s: %p buckets", (durationS, widthS, count) => {
    expect(bucketCount(durationS, widthS)).toBe(count);
  });

  test.each([
    ["an instant (start = end) lands in one bucket", f(1.5), f(1.5), f(1), [0, 1, 0]],
    ["a span spreads in proportion to the overlap", f(0.5), f(2.5), f(4), [1, 2, 1]],
    ["a span inside one bucket stays there", f(1.2), f(1.7), f(3), [0, 3, 0]],
    ["a span over whole buckets", f(0), f(3), f(3), [1, 1, 1]],
    ["times outside the range are clamped into it", f(-1), f(10), f(6), [2, 2, 2]],
    ["rows with NaN are skipped", f(Number.NaN, 0.5), f(1, 0.5), f(1, 2), [2, 0, 0]],
  ])("%s", (_, starts, ends, amounts, expected) => {
    const totals = Array.from(spreadOverBuckets(intervals(starts, ends, amounts), 1, 3));
    totals.forEach((v, i) => expect(v).toBeCloseTo(expected[i] as number, 9));
  });

  test("conserves the total amount of many overlapping spans", () => {
    const n = 1000;
    const starts = Float64Array.from({ length: n }, (_, i) => (i * 7.3) % 50);
    const ends = starts.map((s, i) => s + (i % 13) * 0.37);
    const amounts = Float64Array.from({ length: n }, (_, i) => 1 + (i % 5));
    const totals = spreadOverBuckets(intervals(starts, ends, amounts), 0.5, 200);
    expect(totals.reduce((a, b) => a + b, 0)).toBeCloseTo(
      amounts.reduce((a, b) => a + b, 0),
      6,
    );
  });

  test("gives the lower median and the max of each bucket, NaN where it is empty", () => {
    const times = f(0.1, 0.2, 0.3, 0.4, 2.5, Number.NaN);
    const values = f(4, 1, 3, 2, 9, 100);
    const { p50, max } = bucketMedianMax(
      { count: times.length, timeS: (i) => times[i] as number, value: (i) => values[i] as number },
      1,
      3,
    );
    expect(Array.from(p50)).toEqual([2, Number.NaN, 9]);
    expect(Array.from(max)).toEqual([4, Number.NaN, 9]);
  });
});
