import { describe, expect, test } from "bun:test";
import {
  judgeTrend,
  stabilityVerdict,
  stepLengthToJudgeS,
  type IntervalSeries,
  type TrendSeriesName,
} from "../../../src/metrics/steady-state/stability.ts";

const mids = (n: number) => Array.from({ length: n }, (_, i) => i + 0.5);
const series = (name: TrendSeriesName, values: number[], minRise = name === "ttft" ? 0 : 1): IntervalSeries => ({
  name,
  midS: mids(values.length),
  values,
  minRise,
});
const ramp = (n: number, from: number, step: number) => Array.from({ length: n }, (_, i) => from + i * step);

describe("metrics/steady-state/stability", () => {
  test.each([
    ["a queue growing one request a second", series("in_flight", ramp(12, 1, 1)), true],
    ["a level with noise", series("in_flight", [5, 6, 5, 6, 5, 6, 5, 6, 5, 6]), false],
    // Significant, but 11 ms over a 105 ms median is not a quarter: not material.
    ["TTFT creeping up 1 ms a second", series("ttft", ramp(12, 100, 1)), false],
    ["TTFT doubling over the window", series("ttft", ramp(12, 100, 20)), true],
    // Counts must rise by a whole request: 0.55 of one over the window is not a queue.
    ["a waiting count rising by half a request", series("server_waiting", ramp(12, 0, 0.05)), false],
    ["a waiting count rising from none", series("server_waiting", ramp(12, 0, 0.5)), true],
    ["a fall", series("ttft", ramp(12, 500, -20)), false],
  ])("%s", (_, s, rising) => {
    const t = judgeTrend(s);
    expect(t.rising).toBe(rising);
    expect(t.intervals).toBe(s.values.length);
  });

  test("fewer than six intervals judge nothing", () => {
    const t = judgeTrend(series("in_flight", ramp(5, 1, 10)));
    expect(t).toEqual({
      series: "in_flight",
      intervals: 5,
      slope_per_s: null,
      z: null,
      p_value: null,
      rise_pct: null,
      rising: false,
    });
  });

  test("reports the Theil–Sen slope and the rise as a share of the median", () => {
    const t = judgeTrend(series("ttft", ramp(11, 100, 20))); // median 200, rise 200 over 10 s
    expect(t.slope_per_s).toBe(20);
    expect(t.rise_pct).toBe(100);
    expect(t.p_value).toBeLessThan(0.001);
  });

  test.each([
    [[true, false], "unstable"],
    [[false, false], "stable"],
    [[], "too_short"],
  ] as const)("trends rising %j make the run %s", (rising, verdict) => {
    const trends = rising.map((r) => ({ ...judgeTrend(series("in_flight", ramp(8, 1, 0))), rising: r }));
    expect(stabilityVerdict(trends)).toBe(verdict);
  });

  test("a run whose intervals were all too few is too short", () => {
    expect(stabilityVerdict([judgeTrend(series("in_flight", [1, 2]))])).toBe("too_short");
  });

  test.each([
    // TTFT = 100 + 200 t ms crosses 3000 ms at 14.5 s; at p95 a run passes while L < 14.5 / 0.95.
    ["TTFT rising 200 ms/s", ramp(6, 200, 200), null, null, 14.5 / 0.95],
    // Flat TTFT of 150 ms, 2 more in flight each second at 26.67 req/s: 75 ms/s by Little's law from 112.5 ms at 0.
    ["a flat TTFT over a growing queue", new Array(6).fill(150), 2, 80 / 3, (3000 - 112.5) / 75 / 0.95],
    ["nothing rising", new Array(6).fill(150), 0, 80 / 3, null],
    ["already over the objective at the start", ramp(6, 3100, 200), null, null, null],
  ])("%s: a step needs %d s", (_, values, inFlightSlopePerS, qps, seconds) => {
    const length = stepLengthToJudgeS({
      objectiveMs: 3000,
      percentile: 95,
      responseMs: { midS: mids(values.length), values },
      inFlightSlopePerS,
      qps,
    });
    if (seconds === null) expect(length).toBeNull();
    else expect(length).toBeCloseTo(seconds, 9);
  });
});
