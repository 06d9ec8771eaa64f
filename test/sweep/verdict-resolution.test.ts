import { describe, expect, test } from "bun:test";
import { requestsForSteadyVerdict, thinVerdictWarning } from "../../src/sweep/verdict-resolution.ts";

const judged = (n: number | null, passed: boolean | null = true) => ({ judged_requests: n, passed });

describe("sweep/verdict-resolution", () => {
  test.each([
    [99, 1000],
    [95, 200],
    [90, 100],
    [99.9, 10000],
    [50, 20],
  ])("at p%d a step needs %d requests to allow 10 misses", (p, n) => {
    expect(requestsForSteadyVerdict(p)).toBe(n);
  });

  test.each([
    [
      "100 requests at p99 allow 1",
      [judged(100), judged(5000)],
      99,
      "a judged step had only 100 requests: at p99 it passes with at most 1 over the SLO, so a few slow requests decide it; 1000 requests per step allow 10 (raise --num-samples or --duration)",
    ],
    [
      "50 requests at p99 allow none",
      [judged(50, false)],
      99,
      "a judged step had only 50 requests: at p99 it passes with at most 0 over the SLO, so a few slow requests decide it; 1000 requests per step allow 10 (raise --num-samples or --duration)",
    ],
    [
      "199 at p95 allow 9",
      [judged(199)],
      95,
      "a judged step had only 199 requests: at p95 it passes with at most 9 over the SLO, so a few slow requests decide it; 200 requests per step allow 10 (raise --num-samples or --duration)",
    ],
  ])("warns: %s", (_name, steps, p, warning) => {
    expect(thinVerdictWarning(steps, p)).toBe(warning);
  });

  test.each([
    ["1000 at p99 allow exactly 10", [judged(1000)], 99],
    ["200 at p95", [judged(200)], 95],
    ["no SLO percentile", [judged(10)], null],
    ["p100 allows no miss at any size", [judged(10)], 100],
    ["steps not judged (capacity, unloaded)", [judged(10, null)], 99],
    ["a failed step without requests", [judged(null, false), judged(0, false)], 99],
    ["no steps", [], 99],
  ])("stays quiet: %s", (_name, steps, p) => {
    expect(thinVerdictWarning(steps, p)).toBeNull();
  });
});
