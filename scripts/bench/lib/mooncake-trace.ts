/**
 * @module scripts/bench/lib/mooncake-trace — the 10,000-request Mooncake-style trace that the trace section replays (test/e2e/trace-replay its first 2,000).
 *
 * JSONL rows `{timestamp (ms), input_length, output_length, hash_ids}` with
 * exponential gaps whose rate alternates between 1,500/s and 750/s every 500 requests, seeded
 * (Python's random, seed 7), timestamps rounded to the µs. Bursts and lulls, ~10 s in all. A
 * shorter trace is the same trace's first requests.
 */
import { writeFileSync } from "node:fs";
import { PythonRandom } from "../../../src/rng/python-random.ts";

export const TRACE_REQUESTS = 10_000;
const REQUESTS_PER_RATE = 500;
/** Requests per ms of the two alternating stretches. */
const RATES_PER_MS = [1.5, 0.75] as const;
const SEED = 7;

/**
 * Writes the trace to `path`, and to `offsetsPath` (when given) each request's due offset from the
 * first (ns, a JSON array: what `--load-pattern trace` schedules after the phase start, for
 * jitter-floor.ts). `requests` cuts the trace to its first ones. Returns each request's timestamp (ms), as written.
 */
export function writeMooncakeTrace(path: string, offsetsPath?: string, requests = TRACE_REQUESTS): number[] {
  const rng = new PythonRandom(SEED);
  const lines: string[] = [];
  const timestampsMs: number[] = [];
  let t = 0;
  for (let i = 0; i < requests; i++) {
    t += rng.expovariate(RATES_PER_MS[Math.floor(i / REQUESTS_PER_RATE) % 2] as number);
    const timestampMs = Math.round(t * 1000) / 1000;
    timestampsMs.push(timestampMs);
    lines.push(
      JSON.stringify({ timestamp: timestampMs, input_length: 16 + (i % 32), output_length: 4, hash_ids: [i % 3] }),
    );
  }
  writeFileSync(path, lines.join("\n") + "\n");
  const firstMs = timestampsMs[0] as number;
  if (offsetsPath !== undefined)
    writeFileSync(offsetsPath, JSON.stringify(timestampsMs.map((ms) => Math.round((ms - firstMs) * 1e6))));
  return timestampsMs;
}
