import { describe, expect, test } from "bun:test";
import {
  lagLimitNs,
  loadGeneratorHealth,
  meanScheduleGapNs,
  scheduledRate,
  verdictLagsNs,
} from "../../src/metrics/load-generator-health.ts";

const lags = (...ms: number[]) => Float64Array.from(ms, (x) => x * 1e6);
const MS = 1e6;

describe("metrics/load-generator-health", () => {
  // A 1 ms mean gap (1,000 req/s) keeps the limit at its 1 ms floor.
  test.each([
    ["on time", lags(0.01, 0.02, 0.5), 3, "poisson", { verdict: "ok", delayed: 0, dropped: 0 }],
    [
      "two late of a hundred reach the p99",
      lags(...Array(98).fill(0.01), 5, 6),
      100,
      "poisson",
      { verdict: "fell_behind", delayed: 2, dropped: 0 },
    ],
    [
      "one late of a hundred does not",
      lags(...Array(99).fill(0.01), 5),
      100,
      "poisson",
      { verdict: "ok", delayed: 1, dropped: 0 },
    ],
    ["dropped = planned − sent", lags(0.1, 0.1), 5, "constant", { verdict: "ok", delayed: 0, dropped: 3 }],
    ["max_throughput has no verdict", lags(50, 60), 2, "max_throughput", { verdict: null, delayed: null, dropped: 0 }],
    ["unknown plan size", lags(0.1), null, "concurrency", { verdict: "ok", delayed: 0, dropped: null }],
    ["nothing sent", lags(), 4, "poisson", { verdict: null, delayed: 0, dropped: 4 }],
    ["two late of three", lags(0.5, 1.5, 9), 3, "poisson", { verdict: "fell_behind", delayed: 2, dropped: 0 }],
  ] as const)("%s", (_name, lag, planned, pattern, expected) => {
    const health = loadGeneratorHealth(lag, lag.length, planned, pattern, { meanGapNs: 1 * MS });
    expect({ verdict: health.verdict, delayed: health.delayed, dropped: health.dropped }).toEqual(expected);
  });

  test("counts a lag of exactly the limit as on time", () => {
    const health = loadGeneratorHealth(lags(1, 1, 1), 3, 3, "gamma", { meanGapNs: null });
    expect(health.verdict).toBe("ok");
    expect(health.delayed).toBe(0);
    expect(health.lagLimitNs).toBe(1 * MS);
  });

  // The same lags judged against schedules of different spacing.
  test.each([
    ["20 req/s (50 ms gap): 3 ms late is 6 % of a gap", lags(...Array(97).fill(0.05), 3, 3, 3), 50 * MS, "ok", 50 * MS],
    [
      "116 req/s (8.6 ms gap): a 2 ms host stall keeps the schedule",
      lags(...Array(97).fill(0.05), 2, 2, 2),
      8.6 * MS,
      "ok",
      8.6 * MS,
    ],
    [
      "20 req/s: 60 ms late is over a whole gap",
      lags(...Array(97).fill(0.05), 60, 60, 60),
      50 * MS,
      "fell_behind",
      50 * MS,
    ],
    [
      "2,000 req/s (0.5 ms gap): the 1 ms floor",
      lags(...Array(97).fill(0.05), 3, 3, 3),
      0.5 * MS,
      "fell_behind",
      1 * MS,
    ],
    ["unknown gap: the 1 ms floor", lags(...Array(97).fill(0.05), 3, 3, 3), null, "fell_behind", 1 * MS],
  ] as const)("%s", (_name, lag, gap, verdict, limit) => {
    const health = loadGeneratorHealth(lag, lag.length, lag.length, "poisson", { meanGapNs: gap });
    expect(health.verdict).toBe(verdict);
    expect(health.lagLimitNs).toBe(limit);
    expect(health.delayed).toBe(3);
  });

  test.each([
    ["evenly spaced", [0, 10, 20, 30], 10],
    ["order does not matter", [30, 0, 20, 10], 10],
    ["NaN (never scheduled) skipped", [0, Number.NaN, 40], 40],
    ["one instant", [5], null],
    ["none", [], null],
  ] as const)("meanScheduleGapNs: %s", (_name, scheduled, expected) => {
    expect(meanScheduleGapNs(Float64Array.from(scheduled))).toBe(expected);
  });

  test.each([
    ["a Poisson schedule with a 10 ms mean gap", 10 * MS, "poisson", 100],
    ["constant, 0.5 ms", 0.5 * MS, "constant", 2000],
    ["a trace", 250 * MS, "trace", 4],
    ["concurrency: sends follow completions", 10 * MS, "concurrency", null],
    ["max throughput", 10 * MS, "max_throughput", null],
    ["agentic turns", 10 * MS, "agentic_inference", null],
    ["one instant", null, "poisson", null],
    ["all at one instant", 0, "poisson", null],
  ] as const)("scheduledRate: %s", (_name, gap, pattern, expected) => {
    expect(scheduledRate(gap, pattern)).toBe(expected);
  });

  test.each([
    [null, 1 * MS],
    [0, 1 * MS],
    [0.5 * MS, 1 * MS],
    [1 * MS, 1 * MS],
    [10 * MS, 10 * MS],
    [1_000 * MS, 1_000 * MS],
  ] as const)("lagLimitNs(%p) = %p", (gap, expected) => {
    expect(lagLimitNs(gap)).toBe(expected);
  });

  // Concurrency 4: four sends due at the start (the last 30 ms late, one after another: a slow client's burst), then
  // each next one due when a request completes, sent at once.
  const scheduled = Float64Array.from([0, 0, 0, 0, 50, 60, 70, 80, 90, 100].map((ms) => ms * MS));
  const sent = Float64Array.from([0, 10, 20, 30, 50.05, 60.05, 70.05, 80.05, 90.05, 100.05].map((ms) => ms * MS));
  const allLags = Float64Array.from(sent.map((t, i) => t - (scheduled[i] as number))).sort();

  test("verdictLagsNs: a concurrency run's opening burst is left out; other patterns judge every lag", () => {
    expect(
      [...(verdictLagsNs(scheduled, sent, "concurrency") as Float64Array)].map((ns) => Math.round(ns / 1e3)),
    ).toEqual([50, 50, 50, 50, 50, 50]);
    expect(verdictLagsNs(scheduled, sent, "poisson")).toBeNull();
  });

  test("a concurrency run whose only late sends are its opening burst is ok; judged on all lags it would not be", () => {
    const schedule = { meanGapNs: meanScheduleGapNs(scheduled) };
    const burstLeftOut = loadGeneratorHealth(allLags, 10, 10, "concurrency", {
      ...schedule,
      verdictLagNs: verdictLagsNs(scheduled, sent, "concurrency"),
    });
    expect(burstLeftOut).toMatchObject({ verdict: "ok", delayed: 3, lagP99Ns: 50_000 });
    expect(loadGeneratorHealth(allLags, 10, 10, "concurrency", schedule)).toMatchObject({
      verdict: "fell_behind",
      lagP99Ns: 20 * MS,
    });
  });

  test("a concurrency run that is all opening burst (requests ≤ concurrency) is ok, with nothing judged", () => {
    const health = loadGeneratorHealth(lags(0, 1, 2), 3, 3, "concurrency", {
      meanGapNs: null,
      verdictLagNs: new Float64Array(0),
    });
    expect(health).toMatchObject({ verdict: "ok", lagP99Ns: null, delayed: 1 });
  });
});
