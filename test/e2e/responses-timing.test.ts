/**
 * @module test/e2e/responses-timing.test — over `--api-type openai_responses`, the client's TTFT
 * and TPOT agree with what `serve` measured and was told to do, within the bounds the chat
 * timing test holds (test/e2e/timing.test.ts, which explains them).
 *
 * TTFT's gap above the server's own is held under twice a raw socket's gap in the same run
 * plus 0.5 ms; TPOT within 0.1 ms of the pacing the server observed writing (its first to last
 * content write). The Responses stream adds four opening events to the first write and five
 * closing events to the last: what our read of them costs is inside those bounds.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { ServerObservation } from "../../src/server/index.ts";
import { spawnObservedServer } from "./observed-server.ts";
import { benchmarkArgs, lowerMedian, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-responses-timing-");
afterAll(() => dirs.cleanup());

const NS_PER_MS = 1e6;
const TTFT_MS = 20;
const TPOT_MS = 5;
const OUTPUT_TOKENS = 50;
const PROBES = 80;
/** As test/e2e/timing.test.ts: Bun's fetch pays one wake-up more than the raw socket between the server's write and our read. */
const CLIENT_WAKEUPS_PER_RAW = 2;
const CLIENT_OVERHEAD_MS = 0.5;
const TPOT_TOLERANCE_MS = 0.1;

const serverTtftMsOf = (observations: ServerObservation[]) =>
  lowerMedian(observations.map((o) => ((o.firstChunkNs ?? Number.NaN) - o.receivedNs) / NS_PER_MS));
const serverTpotMsOf = (observations: ServerObservation[]) =>
  lowerMedian(observations.map((o) => (o.doneNs - (o.firstChunkNs ?? Number.NaN)) / (o.outputTokens - 1) / NS_PER_MS));

/** The raw-socket probe's TTFTs against `url` (its /v1/completions), on CPU 1 where taskset exists. */
async function rawClientTtfts(url: string): Promise<number[]> {
  const command = [process.execPath, join(import.meta.dir, "raw-ttft-probe.ts"), url, String(PROBES)];
  const proc = Bun.spawn(Bun.which("taskset") ? ["taskset", "-c", "1", ...command] : command, {
    stdout: "pipe",
    stderr: "inherit",
  });
  const text = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(0);
  return (JSON.parse(text) as { ttftNs: number[] }).ttftNs;
}

describe("cli/timing over openai_responses", () => {
  test("TTFT within one wake-up and 0.5 ms of a raw socket's gap above the server, TPOT within 0.1 ms of its pacing", async () => {
    const dir = dirs.make();
    const server = await spawnObservedServer(
      { mode: "model", ttftMs: TTFT_MS, tpotMs: TPOT_MS, outputTokens: OUTPUT_TOKENS },
      join(dir, "observations.json"),
    );
    try {
      const reportDir = join(dir, "report");
      const probe = rawClientTtfts(server.url);
      const result = await runCli([
        "benchmark",
        "online",
        ...benchmarkArgs(server.url, questionDataset(dir, 120), reportDir),
        "--api-type",
        "openai_responses",
        "--load-pattern",
        "poisson",
        "--target-qps",
        "40",
        "--num-samples",
        "120",
        "--streaming",
        "on",
      ]);
      const floorTtftNs = await probe;
      expect(result.exitCode).toBe(0);
      const summary = readSummary(reportDir);
      expect(summary).toMatchObject({ n_samples_issued: 120, n_samples_completed: 120, n_samples_failed: 0 });
      const observations = await server.stopAndRead();
      const probed = observations.filter((o) => o.path === "/v1/completions");
      const measured = observations.filter((o) => o.path === "/v1/responses");
      expect([probed.length, measured.length]).toEqual([PROBES, 120]);
      const hostGapMs = lowerMedian(floorTtftNs) / NS_PER_MS - serverTtftMsOf(probed);
      const clientGapMs = (summary.ttft.median ?? Number.NaN) / NS_PER_MS - serverTtftMsOf(measured);
      const clientTpotMs = (summary.tpot.median ?? Number.NaN) / NS_PER_MS;
      console.log(
        `responses timing: host gap ${hostGapMs.toFixed(3)} ms, client gap ${clientGapMs.toFixed(3)} ms, ` +
          `TPOT ${clientTpotMs.toFixed(3)} vs server ${serverTpotMsOf(measured).toFixed(3)} ms`,
      );
      expect(hostGapMs).toBeGreaterThan(0);
      expect(clientGapMs).toBeLessThan(CLIENT_WAKEUPS_PER_RAW * hostGapMs + CLIENT_OVERHEAD_MS);
      expect(Math.abs(clientTpotMs - serverTpotMsOf(measured))).toBeLessThan(TPOT_TOLERANCE_MS);
      expect(summary.output_sequence_lengths.min).toBe(OUTPUT_TOKENS);
      expect(summary.output_sequence_lengths.max).toBe(OUTPUT_TOKENS);
    } finally {
      await server.stop().catch(() => undefined);
    }
  }, 45_000);
});
