/**
 * @module test/client/idle-watch.test — how often a sweep looks (a quarter of the limit, between 1 ms and its
 * longest period), and that a short stall limit is met within that quarter, not the stall sweep's 1 s.
 */
import { describe, expect, test } from "bun:test";
import { StreamStallWatch, sweepIntervalMs } from "../../src/client/idle-watch.ts";
import { watchStalls } from "../support/stall-watch.ts";

describe("client/idle-watch", () => {
  test.each([
    [60e9, 1000, 1000],
    [4e9, 1000, 1000],
    [2e9, 1000, 500],
    [0.3e9, 1000, 75],
    [20e6, 5, 5],
    [20e6, 1000, 5],
    [2e6, 1000, 1],
    [0.5e6, 1000, 1],
  ])("a limit of %d ns, at most every %d ms: every %d ms", (limitNs, longestMs, expected) => {
    expect(sweepIntervalMs(limitNs, longestMs)).toBe(expected);
  });

  test("a 100 ms stall limit is met within its quarter (plus this process's own stalls), never before it", async () => {
    const now = () => performance.now() * 1e6;
    const stalls = watchStalls();
    const lastByteNs = now();
    const firedNs = await new Promise<number>((resolve) => {
      const watch = new StreamStallWatch(100e6, now, () => resolve(now()));
      watch.progress(lastByteNs);
    });
    const stallMs = stalls.stop();
    const lateMs = (firedNs - lastByteNs) / 1e6 - 100;
    expect(lateMs).toBeGreaterThanOrEqual(0);
    // The sweep every 25 ms, late by at most this loop's worst stall (a 1 s sweep would be up to 1,000 ms late).
    expect(lateMs).toBeLessThanOrEqual(25 + 2 + stallMs);
  });
});
