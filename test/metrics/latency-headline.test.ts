/** @module test/metrics/latency-headline — tests for metrics/latency-headline. */
import { describe, expect, test } from "bun:test";
import { latencyHeadlineMs } from "../../src/metrics/latency-headline.ts";

describe("metrics/latency-headline", () => {
  test("names each series and percentile's figure, in the JSON files' order", () => {
    const base = { ttft: 1, tpot: 2, latency: 3 };
    const figures = latencyHeadlineMs((series, p) => base[series] * 1000 + p);
    expect(Object.entries(figures)).toEqual([
      ["ttft_p50_ms", 1050],
      ["ttft_p99_ms", 1099],
      ["tpot_p50_ms", 2050],
      ["tpot_p99_ms", 2099],
      ["latency_p50_ms", 3050],
      ["latency_p99_ms", 3099],
    ]);
  });

  test("keeps a missing figure null", () => {
    expect(Object.values(latencyHeadlineMs(() => null))).toEqual([null, null, null, null, null, null]);
  });
});
