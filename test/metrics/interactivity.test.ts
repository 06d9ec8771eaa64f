/** @module test/metrics/interactivity.test — tokens/s per user from TPOT p50, as InferenceMAX plots it. */
import { describe, expect, test } from "bun:test";
import { interactivity } from "../../src/metrics/interactivity.ts";

describe("metrics/interactivity", () => {
  test.each([
    [10e6, 100], // 10 ms/token → 100 tok/s
    [20e6, 50],
    [1e6, 1000],
    [2.5e6, 400],
    [0, null],
    [-1, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
  ])("TPOT p50 %p ns/token gives %p tok/s per user", (tpotNs, want) => {
    const got = interactivity(tpotNs);
    if (want === null) expect(got).toBeNull();
    else expect(got as number).toBeCloseTo(want, 12);
  });
});
