/** @module test/metrics/metric-names — tests for metrics/metric-names. */
import { describe, expect, test } from "bun:test";
import { METRICS } from "../../src/metrics/metric-names.ts";

describe("metrics/metric-names", () => {
  test("names every metric once, with a unit and a one-line definition", () => {
    const names = METRICS.map((m) => m.name);
    expect(new Set(names).size).toBe(names.length);
    for (const m of METRICS) {
      expect(m.definition.length).toBeGreaterThan(10);
      expect(m.definition).not.toContain("\n");
    }
  });

  test("matches result_summary.json series keys", () => {
    const names = METRICS.map((m) => m.name);
    for (const key of [
      "ttft",
      "ttfb",
      "tpot",
      "itl",
      "latency",
      "schedule_lag",
      "scheduled_latency",
      "input_sequence_lengths",
      "output_sequence_lengths",
      "qps",
      "tps",
    ]) {
      expect(names).toContain(key);
    }
  });
});
