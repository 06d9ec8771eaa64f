/** @module test/report/html/scale.test — nice steps, linear and log axes, projection and tick labels. */
import { describe, expect, test } from "bun:test";
import { formatTick, linearAxis, logAxis, niceStep, project, spansDecades } from "../../../src/report/html/scale.ts";

describe("report/html/scale", () => {
  test.each([
    [0.7, 1],
    [1, 1],
    [1.3, 2],
    [3, 5],
    [7, 10],
    [0.023, 0.05],
    [1234, 2000],
  ])("rounds the raw step %p up to the 1-2-5 step %p", (raw, step) => {
    expect(niceStep(raw)).toBeCloseTo(step, 12);
  });

  test.each([
    [0, 10, 0, 10, [0, 2, 4, 6, 8, 10]],
    [0, 1.7, 0, 2, [0, 0.5, 1, 1.5, 2]],
    [3.2, 9.1, 3, 10, [3, 4, 5, 6, 7, 8, 9, 10]],
    [0, 0.3, 0, 0.3, [0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3]],
    [-4, 4, -4, 4, [-4, -2, 0, 2, 4]],
  ])("covers [%p, %p] with a nice linear axis [%p, %p]", (lo, hi, min, max, ticks) => {
    expect(linearAxis(lo, hi)).toEqual({ kind: "linear", min, max, ticks });
  });

  test.each([
    [0, 0, 0, 1],
    [5, 5, 2, 8],
  ])("widens the empty range [%p, %p] to [%p, %p]", (lo, hi, min, max) => {
    const axis = linearAxis(lo, hi);
    expect([axis.min, axis.max]).toEqual([min, max]);
  });

  test.each([
    [3, 4000, 1, 10_000, [1, 10, 100, 1000, 10_000]],
    [0.5, 80, 0.1, 100, [0.1, 0.2, 0.5, 1, 2, 5, 10, 20, 50, 100]],
    [10, 10, 10, 100, [10, 20, 50, 100]],
  ])("snaps a log axis over [%p, %p] to decades [%p, %p]", (lo, hi, min, max, ticks) => {
    expect(logAxis(lo, hi)).toEqual({ kind: "log", min, max, ticks });
  });

  test.each([
    [1, 100, false],
    [1, 100.1, true],
    [0, 1e6, false],
    [0.01, 50, true],
  ])("spansDecades(%p, %p) is %p", (minPositive, max, expected) => {
    expect(spansDecades(minPositive, max)).toBe(expected);
  });

  test.each([
    [linearAxis(0, 10), 5, 150],
    [linearAxis(0, 10), -3, 100],
    [linearAxis(0, 10), 99, 200],
    [logAxis(1, 100), 10, 150],
    [logAxis(1, 100), 0, 100],
  ])("projects onto pixels and clamps to the domain", (axis, value, pixel) => {
    expect(project(axis, value, 100, 200)).toBeCloseTo(pixel, 9);
  });

  test.each([
    [0, "0"],
    [0.05, "0.05"],
    [0.1 + 0.2, "0.3"],
    [1.5, "1.5"],
    [2500, "2500"],
    [12_000, "12k"],
    [3_500_000, "3.5M"],
    [-20_000, "-20k"],
  ])("labels the tick %p as %p", (value, label) => {
    expect(formatTick(value)).toBe(label);
  });
});
