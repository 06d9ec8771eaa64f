/** @module test/metrics/stamp-lateness.test — stamps into their workers' loop windows, and percentiles of weighted values. */
import { describe, expect, test } from "bun:test";
import {
  stampLateness,
  weightedLowerPercentile,
  windowOf,
  windowsByWorker,
  type LoopWindow,
} from "../../src/metrics/stamp-lateness.ts";

const W = (worker: number, endNs: number, latenessNs: number): LoopWindow => ({ worker, endNs, latenessNs });
const WINDOWS = [W(0, 250, 1), W(0, 500, 20), W(0, 750, 3), W(1, 250, 7), W(1, 500, 8)];

describe("metrics/stamp-lateness", () => {
  test.each<[string, number, number, number | null]>([
    ["inside the first window", 0, 100, 1],
    ["at a window's end: that window", 0, 250, 1],
    ["just after: the next", 0, 251, 20],
    ["past the last window: the last", 0, 9_000, 3],
    ["another worker's windows are its own", 1, 300, 8],
    ["a worker with no window: none", 2, 100, null],
  ])("%s", (_name, worker, atNs, lateness) => {
    expect(windowOf(windowsByWorker(WINDOWS), { worker, atNs })?.latenessNs ?? null).toBe(lateness);
  });

  test.each<[number[], number[], number, number]>([
    // Weights of one: the lower percentile of the values themselves (rank ⌊p·(n−1)⌋).
    [[5, 1, 3], [1, 1, 1], 50, 3],
    [[5, 1, 3], [1, 1, 1], 99, 3],
    [[5, 1, 3], [1, 1, 1], 100, 5],
    // A value weighed 8 of 10 times decides both.
    [[1, 20], [8, 2], 50, 1],
    [[1, 20], [8, 2], 99, 20],
    // A zero weight counts for nothing.
    [[1, 20], [5, 0], 99, 1],
  ])("weighted p of %p by %p at %d is %d", (values, weights, p, expected) => {
    expect(weightedLowerPercentile(values, weights, p)).toBe(expected);
  });

  test("no weight at all: NaN", () => {
    expect(weightedLowerPercentile([1, 2], [0, 0], 50)).toBeNaN();
  });

  test("a busy window with many stamps weighs more than the quiet ones around it", () => {
    const stamps = [
      ...Array.from({ length: 90 }, () => ({ worker: 0, atNs: 400 })),
      ...Array.from({ length: 10 }, () => ({ worker: 0, atNs: 100 })),
    ];
    expect(stampLateness(WINDOWS, stamps)).toEqual({ p50Ns: 20, p99Ns: 20, stamps: 100 });
  });

  test("without a stamp in any window the windows weigh one each", () => {
    expect(stampLateness(WINDOWS, [{ worker: 9, atNs: 1 }])).toEqual({ p50Ns: 7, p99Ns: 8, stamps: 0 });
  });
});
