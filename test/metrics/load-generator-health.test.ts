import { describe, expect, test } from "bun:test";
import { loadGeneratorHealth } from "../../src/metrics/load-generator-health.ts";

const lags = (...ms: number[]) => Float64Array.from(ms, (x) => x * 1e6);

describe("metrics/load-generator-health", () => {
  test.each([
    ["on time", lags(0.01, 0.02, 0.5), 3, "poisson", { verdict: "ok", delayed: 0, dropped: 0 }],
    ["two late of a hundred reach the p99", lags(...Array(98).fill(0.01), 5, 6), 100, "poisson", { verdict: "fell_behind", delayed: 2, dropped: 0 }],
    ["one late of a hundred does not", lags(...Array(99).fill(0.01), 5), 100, "poisson", { verdict: "ok", delayed: 1, dropped: 0 }],
    ["dropped = planned − sent", lags(0.1, 0.1), 5, "constant", { verdict: "ok", delayed: 0, dropped: 3 }],
    ["max_throughput has no verdict", lags(50, 60), 2, "max_throughput", { verdict: null, delayed: null, dropped: 0 }],
    ["unknown plan size", lags(0.1), null, "concurrency", { verdict: "ok", delayed: 0, dropped: null }],
    ["nothing sent", lags(), 4, "poisson", { verdict: null, delayed: 0, dropped: 4 }],
    ["two late of three", lags(0.5, 1.5, 9), 3, "poisson", { verdict: "fell_behind", delayed: 2, dropped: 0 }],
  ] as const)("%s", (_name, lag, planned, pattern, expected) => {
    const health = loadGeneratorHealth(lag, lag.length, planned, pattern);
    expect({ verdict: health.verdict, delayed: health.delayed, dropped: health.dropped }).toEqual(expected);
  });

  test("counts a lag of exactly 1 ms as on time", () => {
    const health = loadGeneratorHealth(lags(1, 1, 1), 3, 3, "gamma");
    expect(health.verdict).toBe("ok");
    expect(health.delayed).toBe(0);
  });
});
