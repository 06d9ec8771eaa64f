import { describe, expect, test } from "bun:test";
import {
  overloadedLengthS,
  relaxationTimeS,
  settlingOf,
  serviceRateOf,
  unsettledNote,
} from "../../src/sweep/step-settling.ts";

describe("sweep/step-settling", () => {
  // τ = 1 / (μ (1 − √ρ)²), worked by hand for μ = 26.67 req/s (4 slots of 150 ms).
  test.each([
    [0, 0],
    [0.25, 1 / (26.67 * 0.25)],
    [0.81, 1 / (26.67 * 0.01)],
    [1, Number.POSITIVE_INFINITY],
    [1.2, Number.POSITIVE_INFINITY],
  ])("at ρ = %d a queue settles in %d s", (rho, seconds) => {
    const t = relaxationTimeS(26.67, rho);
    if (Number.isFinite(seconds)) expect(t).toBeCloseTo(seconds, 9);
    else expect(t).toBe(seconds);
  });

  const base = { serviceRatePerS: 26.67, sendingS: 6, ttftP50Ms: 150, ttftMinMs: 20 };
  test.each([
    ["half the capacity over 6 s", 13.3, base, true],
    // ρ = 0.9: τ = 1 / (26.67 × 0.0513²) ≈ 14 s, more than the step's 6 s.
    ["90 % of the capacity over 6 s", 24, base, false],
    ["90 % of the capacity over 20 s", 24, { ...base, sendingS: 20 }, true],
    ["the capacity itself, queueing", 26.67, base, false],
    // The burst understated the engine: nothing waited (TTFT p50 within 1.5× the fastest), so nothing had to settle.
    ["the capacity itself, no queue", 26.67, { ...base, ttftP50Ms: 25 }, true],
    ["the capacity itself, not streamed", 26.67, { ...base, ttftP50Ms: null, ttftMinMs: null }, false],
  ])("%s settles: %p", (_, scheduledQps, rest, settles) => {
    expect(settlingOf({ scheduledQps, ...rest }).settles).toBe(settles);
  });

  test("the service rate is the sweep's highest throughput, known only once a capacity step ran", () => {
    const capacity = { kind: "max_throughput" as const, achieved_qps: 26 };
    const rate = { kind: "rate" as const, achieved_qps: 27 };
    expect(serviceRateOf([rate], 30)).toBeNull();
    expect(serviceRateOf([capacity], null)).toBe(26);
    expect(serviceRateOf([capacity, rate], null)).toBe(27);
    expect(serviceRateOf([capacity, rate], 28.5)).toBe(28.5);
  });

  test("says how long a step must run, or that none is long enough", () => {
    expect(unsettledNote(settlingOf({ scheduledQps: 24, ...base }), 26.67, 6)).toBe(
      "unstable: at 90 % of the 26.67 req/s the server has shown, a queue settles in about 15 s (1 ÷ (μ(1 − √ρ)²)) " +
        "and this step sent for 6.0 s; judging this rate needs steps of about 15 s (--duration)",
    );
    expect(unsettledNote(settlingOf({ scheduledQps: 27, ...base }), 26.67, 6)).toBe(
      "unstable: offered at 101 % of the 26.67 req/s the server has shown: its queue grows for as long as the step " +
        "runs, so no step length makes it pass",
    );
  });

  // Above capacity the wait grows ρ − 1 s a second: 3 s of TTFT headroom (3000 − 20 ms) at ρ = 1.02 is crossed after
  // 2.98 ÷ 0.02 = 149 s, and p95 misses once the run lasts 149 ÷ 0.95 = 156.84 s.
  const SLO = { objectiveMs: 3000, unloadedMs: 20, percentile: 95 };
  test.each([
    ["2 % over capacity, p95 of 3 s", 1.02, SLO, 2.98 / 0.02 / 0.95],
    ["25 % over, p99", 1.25, { ...SLO, percentile: 99 }, 2.98 / 0.25 / 0.99],
    ["at capacity exactly (no fluid growth)", 1, SLO, null],
    ["below capacity (the relaxation time says)", 0.9, SLO, null],
    ["an unloaded response already over the objective", 1.5, { ...SLO, unloadedMs: 3500 }, null],
  ])("overloaded: %s → %p s", (_name, rho, objective, seconds) => {
    const length = overloadedLengthS(rho, objective);
    if (seconds === null) expect(length).toBeNull();
    else expect(length as number).toBeCloseTo(seconds, 9);
  });

  test("above capacity the note says no length passes, and how long one must be to judge the rate", () => {
    // ρ = 27.2 ÷ 26.67 = 1.01987: 2.98 ÷ 0.01987 ÷ 0.95 = 157.9 s.
    const overloaded = settlingOf({ scheduledQps: 27.2, ...base });
    expect(unsettledNote(overloaded, 26.67, 6, overloadedLengthS(overloaded.rho, SLO))).toBe(
      "unstable: offered at 102 % of the 26.67 req/s the server has shown: its queue grows for as long as the step " +
        "runs, so no step length makes it pass; judging this rate needs steps of about 158 s (--duration), for its SLO to see the queue",
    );
  });
});
