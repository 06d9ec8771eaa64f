/**
 * @module test/metrics/student-t.test — the t CDF and quantile against published values.
 *
 * Expected values: scipy 1.17.1, `scipy.stats.t.ppf(p, df)` and `scipy.stats.t.cdf(t, df)`; the
 * integer-df quantiles are also the textbook table's (4.303, 2.776, 2.042 at 97.5 %).
 */
import { describe, expect, test } from "bun:test";
import { studentTCdf, studentTQuantile } from "../../src/metrics/student-t.ts";

describe("metrics/student-t", () => {
  test.each([
    [0.975, 2, 4.302652729749462],
    [0.975, 4, 2.7764451051977934],
    [0.975, 30, 2.0422724563012378],
    [0.95, 1, 6.313751514675037],
    [0.995, 10, 3.16927267261695],
    [0.975, 2.5, 3.5746548420036817],
    [0.9, 7.3, 1.4089223177480423],
    [0.025, 2, -4.302652729749462],
    [0.5, 3, 0],
  ])("the %p quantile at df %p is %p", (p, df, expected) => {
    expect(studentTQuantile(p, df)).toBeCloseTo(expected, 9);
  });

  test.each([
    [1.0, 3, 0.8044988905221148],
    [-2.0, 5, 0.050969739414929174],
    [0.0, 4, 0.5],
    [2.5, 1.5, 0.915096748692652],
    [10, 2, 0.9950737714883372],
    [Number.POSITIVE_INFINITY, 3, 1],
    [Number.NEGATIVE_INFINITY, 3, 0],
  ])("P(T ≤ %p) at df %p is %p", (t, df, expected) => {
    expect(studentTCdf(t, df)).toBeCloseTo(expected, 12);
  });

  test("the quantile inverts the CDF", () => {
    for (const df of [1, 2, 3.7, 9, 50]) {
      for (const p of [0.6, 0.9, 0.975, 0.999]) expect(studentTCdf(studentTQuantile(p, df), df)).toBeCloseTo(p, 12);
    }
  });

  test.each([
    [0, 2],
    [1, 2],
    [0.5, 0],
  ])("p %p at df %p is refused", (p, df) => {
    expect(() => studentTQuantile(p, df)).toThrow(RangeError);
  });
});
