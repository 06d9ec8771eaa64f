/** @module test/run/calibration-probe.test — the probe's TTFTs as the report stores them: requests, failures, lower p50 and p99. */
import { describe, expect, test } from "bun:test";
import { probeTtfts } from "../../src/run/calibration-probe.ts";

describe("run/calibration-probe", () => {
  test.each<[number[], number, ReturnType<typeof probeTtfts>]>([
    [[], 3, null],
    [[5], 0, { requests: 1, failures: 0, ttft_p50_ns: 5, ttft_p99_ns: 5 }],
    [[30, 10, 20], 1, { requests: 4, failures: 1, ttft_p50_ns: 20, ttft_p99_ns: 20 }],
    [
      Array.from({ length: 101 }, (_, i) => 100 - i),
      0,
      { requests: 101, failures: 0, ttft_p50_ns: 50, ttft_p99_ns: 99 },
    ],
  ])("%p with %d failed", (ttfts, failures, expected) => {
    expect(probeTtfts(ttfts, failures)).toEqual(expected);
  });
});
