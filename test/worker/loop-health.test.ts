/** @module test/worker/loop-health.test — the sampler sees a stall of the event loop it runs on, and sends what it saw when stopped. */
import { describe, expect, test } from "bun:test";
import { LoopHealthSampler } from "../../src/worker/loop-health.ts";

const now = () => Number(process.hrtime.bigint());

describe("worker/loop-health", () => {
  test("a 60 ms block of the loop shows as at least 40 ms of lateness, with the CPU it burnt", async () => {
    const batches: Float64Array[] = [];
    const sampler = new LoopHealthSampler(now, (samples) => batches.push(samples));
    sampler.start();
    // Let the timer run, then hold the loop: the next tick fires late by about the hold.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const until = performance.now() + 60;
    while (performance.now() < until) {}
    await new Promise((resolve) => setTimeout(resolve, 30));
    sampler.stop();
    const samples = batches.flatMap((b) => [...b]);
    expect(samples.length % 3).toBe(0);
    expect(samples.length).toBeGreaterThanOrEqual(3);
    const worstLateNs = Math.max(...samples.filter((_, k) => k % 3 === 1));
    expect(worstLateNs).toBeGreaterThanOrEqual(40e6);
    const cpu = samples.filter((_, k) => k % 3 === 2);
    expect(Math.max(...cpu)).toBeGreaterThan(0);
  });

  test("stopped before any window closed: the window in progress is still sent", () => {
    const batches: Float64Array[] = [];
    const sampler = new LoopHealthSampler(now, (samples) => batches.push(samples));
    sampler.start();
    const until = performance.now() + 2;
    while (performance.now() < until) {}
    sampler.stop();
    expect(batches.map((b) => b.length)).toEqual([3]);
  });
});
