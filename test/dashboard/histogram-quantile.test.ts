import { describe, expect, test } from "bun:test";
import { histogramQuantileS, histogramSince, percentilesMs } from "../../src/dashboard/histogram-quantile.ts";
import { Histogram, type HistogramSnapshot } from "../../src/live-metrics/histogram.ts";

const BOUNDS = [0.01, 0.02, 0.05, 0.1];

function filled(values: readonly number[]): HistogramSnapshot {
  const h = new Histogram(BOUNDS);
  for (const v of values) h.observe(v);
  return h.snapshot();
}

describe("dashboard/histogram-quantile", () => {
  test.each<[string, number[], number, number | null]>([
    ["no values: null", [], 50, null],
    ["one bucket: interpolated from its lower edge (0)", [0.005, 0.005], 50, 0.005],
    ["p50 of ten values in (0.01, 0.02]: the bucket's middle", Array(10).fill(0.015), 50, 0.015],
    ["p100 reaches the bucket's upper edge", Array(10).fill(0.015), 100, 0.02],
    ["p90 of 9 fast and 1 slow: the fast bucket's top", [...Array(9).fill(0.005), 0.08], 90, 0.01],
    ["p99 of 9 fast and 1 slow: inside the slow bucket", [...Array(9).fill(0.005), 0.08], 99, 0.05 + 0.05 * 0.9],
    ["above the last bound: the last bound", [5, 5], 50, 0.1],
  ])("%s", (_name, values, q, expected) => {
    const got = histogramQuantileS(filled(values), q);
    if (expected === null) expect(got).toBeNull();
    else expect(got as number).toBeCloseTo(expected, 9);
  });

  test("a window is the difference of two snapshots: the older values drop out", () => {
    const h = new Histogram(BOUNDS);
    for (let i = 0; i < 100; i++) h.observe(0.08);
    const older = h.snapshot();
    for (let i = 0; i < 10; i++) h.observe(0.005);
    const recent = histogramSince(h.snapshot(), older);
    expect(recent.count).toBe(10);
    expect(recent.sumS).toBeCloseTo(0.05, 9);
    expect(histogramQuantileS(recent, 99) as number).toBeLessThanOrEqual(0.01);
    expect(histogramSince(h.snapshot(), null)).toEqual(h.snapshot());
  });

  test("percentilesMs gives p50, p90, p99 in milliseconds, null without values", () => {
    expect(percentilesMs(filled([]))).toBeNull();
    const p = percentilesMs(filled(Array(10).fill(0.015))) as { p50: number; p90: number; p99: number };
    expect(p.p50).toBeCloseTo(15, 6);
    expect(p.p90).toBeCloseTo(19, 6);
    expect(p.p99).toBeCloseTo(19.9, 6);
  });
});
