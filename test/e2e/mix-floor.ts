/**
 * @module test/e2e/mix-floor — what the model-mix timing tests share: the raw-socket probe's TTFTs (run beside
 * the benchmark, on the worker's CPU) and the host's gap they give, and each model's timing as the server saw it.
 *
 * A mix's per-model median is over fewer requests than the probe has, so it takes this shared host's load spikes
 * in a larger share than the probe's median does: the gap is read at the probe's p90 (test/e2e/model-mix.test).
 */
import { expect } from "bun:test";
import { join } from "node:path";
import type { ServerObservation } from "../../src/server/index.ts";
import { lowerMedian } from "./run-cli.ts";

export const NS_PER_MS = 1e6;
/** As test/e2e/timing: Bun's fetch pays about twice the raw socket's wake-ups, and our read path at most 0.5 ms more. */
export const CLIENT_WAKEUPS_PER_RAW = 2;
export const CLIENT_OVERHEAD_MS = 0.5;
/** The probe's path: its observations are told from the run's by it. */
const PROBE_PATH = "/v1/completions";

/** The raw-socket probe's TTFTs against `url` (model "m": the server's default latency), on CPU 1 where taskset exists. */
export async function rawClientTtfts(url: string, probes: number): Promise<number[]> {
  const command = [process.execPath, join(import.meta.dir, "raw-ttft-probe.ts"), url, String(probes)];
  const proc = Bun.spawn(Bun.which("taskset") ? ["taskset", "-c", "1", ...command] : command, {
    stdout: "pipe",
    stderr: "inherit",
  });
  const text = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  return (JSON.parse(text) as { ttftNs: number[] }).ttftNs;
}

/**
 * The least the host added to a raw socket's TTFT against a model with no latency of its own (model "m"), ms: the
 * probe's fastest answer, taken beside a run. A model's fastest answer, less this, is what its latency made it.
 */
export async function hostLeastGapMs(url: string, probes: number): Promise<number> {
  return Math.min(...(await rawClientTtfts(url, probes))) / NS_PER_MS;
}

/** The server's own median TTFT (receipt to first content write), ms. */
export const serverTtftMsOf = (observations: readonly ServerObservation[]) =>
  lowerMedian(observations.map((o) => ((o.firstChunkNs ?? Number.NaN) - o.receivedNs) / NS_PER_MS));

/** The server's own median latency (receipt to its answer handed over), ms. */
export const serverLatencyMsOf = (observations: readonly ServerObservation[]) =>
  lowerMedian(observations.map((o) => (o.doneNs - o.receivedNs) / NS_PER_MS));

/** What the host adds to a raw socket's TTFT above the server's own, at the probe's p90, ms. */
export function hostGapMs(floorTtftNs: readonly number[], observations: readonly ServerObservation[]): number {
  const probed = observations.filter((o) => o.path === PROBE_PATH);
  expect(probed).toHaveLength(floorTtftNs.length);
  const sorted = [...floorTtftNs].sort((a, b) => a - b);
  const gap = (sorted[Math.floor(0.9 * (sorted.length - 1))] as number) / NS_PER_MS - serverTtftMsOf(probed);
  expect(gap).toBeGreaterThan(0);
  return gap;
}
