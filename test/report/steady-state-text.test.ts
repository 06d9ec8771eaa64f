import { describe, expect, test } from "bun:test";
import type { SteadyState } from "../../src/metrics/steady-state/steady-state.ts";
import { steadyStateLines, trendText } from "../../src/report/steady-state-text.ts";

const steady: SteadyState = {
  rule: "in_flight_plateau",
  plateau_in_flight: 4,
  start_ns: 150e6,
  end_ns: 5850e6,
  duration_s: 5.7,
  ramp_up_s: 0.15,
  drain_s: 0.45,
  sending_s: 6,
  requests: 152,
  qps: 26.61,
  output_tps: 372.5,
  ttft_p50_ms: 150.1,
  ttft_p99_ms: 160.2,
  tpot_p50_ms: 10,
  tpot_p99_ms: 10.5,
  latency_p50_ms: 150.3,
  latency_p99_ms: 161,
  stability: "stable",
  trends: [],
  step_length_to_judge_s: null,
};
const whole = { qps: 25.4, qps_native: 25.4, tps: 355.6, tps_native: 355.6 };
const rising = {
  series: "ttft" as const,
  intervals: 12,
  slope_per_s: 85.3,
  z: 4.1,
  p_value: 0.00002,
  rise_pct: 120.4,
  rising: true,
};

describe("report/steady-state-text", () => {
  test("the window, its figures beside the whole run's, and the verdict", () => {
    expect(steadyStateLines(whole, steady)).toEqual([
      "Steady state: 0.15–5.85 s after the first send, in flight at its plateau of 4 (ramp-up 0.15 s and drain 0.45 s trimmed), 152 requests",
      "  QPS 26.61 (whole run 25.40), output tok/s 372.50 (whole run 355.60); TTFT p50/p99 150.10 / 160.20 ms, " +
        "TPOT p50/p99 10.00 / 10.50 ms, latency p50/p99 150.30 / 161.00 ms",
      "Stability: stable (no series rose significantly over the run)",
    ]);
  });

  test.each([
    [{ ...steady, stability: "too_short" as const }, "Stability: not judged (too few requests after the ramp-up"],
    [
      { ...steady, stability: "unstable" as const, trends: [rising], step_length_to_judge_s: 40.6 },
      "Stability: UNSTABLE — TTFT rising 85.30 ms/s (Mann–Kendall p < 0.001, +120 % over the window); a run would need about 41 s",
    ],
  ])("verdict %#", (s, start) => {
    expect(steadyStateLines(whole, s)[2]).toStartWith(start);
  });

  test.each([
    [rising, "TTFT rising 85.30 ms/s (Mann–Kendall p < 0.001, +120 % over the window)"],
    [
      { ...rising, series: "server_waiting" as const, slope_per_s: 0.5, p_value: 0.0123, rise_pct: null },
      "the server's waiting count rising 0.50 requests/s (Mann–Kendall p 0.012)",
    ],
  ])("a rising trend reads %#", (t, text) => {
    expect(trendText(t)).toBe(text);
  });
});
