/** @module test/sweep/search-rate.test — the max-goodput search: bracket, bisection, bounds, and the rates between two runs. */
import { describe, expect, test } from "bun:test";
import {
  ABOVE_CAPACITY_GROWTH,
  bracketOf,
  climbing,
  converged,
  nextRate,
  searchConverged,
  spreadRates,
  type RateTrial,
} from "../../src/sweep/search-rate.ts";

/** Runs the search against a server whose SLO holds up to `knee` req/s. */
function search(capacity: number, knee: number, precision: number, maxSteps: number): RateTrial[] {
  const trials: RateTrial[] = [];
  for (
    let r = nextRate(capacity, trials, precision, maxSteps);
    r !== null;
    r = nextRate(capacity, trials, precision, maxSteps)
  )
    trials.push({ rate: r, passed: r <= knee });
  return trials;
}

const CASES: [string, number, number, number, number][] = [
  // what, capacity, knee, precision, max steps
  ["a knee at 70 % of capacity", 200, 140, 0.05, 12],
  ["a knee at 10 % of capacity", 1000, 100, 0.05, 12],
  ["a knee just below capacity", 100, 99, 0.02, 12],
  ["a knee at 2 % of capacity", 5000, 100, 0.1, 12],
];

describe("sweep/search-rate", () => {
  for (const [what, capacity, knee, precision, maxSteps] of CASES) {
    test(`finds ${what} within ${precision * 100} % in at most ${maxSteps} rates`, () => {
      const trials = search(capacity, knee, precision, maxSteps);
      const bracket = bracketOf(capacity, trials);
      expect(converged(bracket, precision)).toBe(true);
      expect(searchConverged(capacity, trials, precision)).toBe(true);
      expect(bracket.lo).toBeLessThanOrEqual(knee);
      expect(bracket.hi).toBeGreaterThan(knee);
      expect(trials.length).toBeLessThanOrEqual(maxSteps);
    });
  }

  test("a capacity that passes is no ceiling: the search climbs by 1.25× until a rate fails, then bisects", () => {
    // A burst measured 100 req/s; the engine holds the SLO up to 140 under a steady rate.
    const trials = search(100, 140, 0.05, 10);
    expect(trials.slice(0, 3)).toEqual([
      { rate: 100, passed: true },
      { rate: 100 * ABOVE_CAPACITY_GROWTH, passed: true },
      { rate: 100 * ABOVE_CAPACITY_GROWTH ** 2, passed: false },
    ]);
    const bracket = bracketOf(100, trials);
    expect(bracket.lo).toBeLessThanOrEqual(140);
    expect(bracket.hi).toBeGreaterThan(140);
    expect(searchConverged(100, trials, 0.05)).toBe(true);
  });

  test("a search that passes every rate up to its step bound has not converged: no rate failed to bound it", () => {
    const trials = search(300, 1e9, 0.05, 4);
    expect(trials.map((t) => t.rate)).toEqual([300, 375, 468.75, 585.9375]);
    expect(bracketOf(300, trials)).toEqual({ lo: 585.9375, hi: 585.9375 });
    expect(climbing(300, trials)).toBe(true);
    expect(searchConverged(300, trials, 0.05)).toBe(false);
  });

  test("nothing passes: the search stops at 1/64 of the capacity with no answer", () => {
    const trials = search(100, 0, 0.05, 10);
    expect(trials.map((t) => t.rate)).toEqual([100, 25, 6.25, 1.5625]);
    expect(bracketOf(100, trials).lo).toBe(0);
  });

  test("nothing passes, every rate rounded to 3 decimals as the sweep tries it: C/64 is still tried", () => {
    const round = (r: number) => Math.round(r * 1000) / 1000;
    const trials: RateTrial[] = [];
    for (let r = nextRate(147.635, trials, 0.05, 10); r !== null; r = nextRate(147.635, trials, 0.05, 10))
      trials.push({ rate: round(r), passed: false });
    expect(trials.map((t) => t.rate)).toEqual([147.635, 36.909, 9.227, 2.307]);
  });

  test("the step bound ends a search that has not converged", () => {
    expect(search(1000, 333, 0.001, 5).length).toBe(5);
  });

  test("a pass above a failure (noise at the knee) keeps the failure as the bound", () => {
    expect(
      bracketOf(100, [
        { rate: 100, passed: false },
        { rate: 50, passed: false },
        { rate: 60, passed: true },
        { rate: 25, passed: true },
      ]),
    ).toEqual({ lo: 25, hi: 50 });
  });

  test("spreads N rates strictly between the unloaded and the capacity rate", () => {
    expect(spreadRates(10, 110, 4)).toEqual([30, 50, 70, 90]);
    expect(spreadRates(10, 5, 3)).toEqual([]);
  });
});
