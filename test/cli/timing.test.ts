/** @module test/cli/timing.test — the client's TTFT/TPOT agree with what the mock server measured and was told to do. */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { benchmarkArgs, lowerMedian, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const NS_PER_MS = 1e6;
const TTFT_MS = 20;
const TPOT_MS = 5;
const OUTPUT_TOKENS = 50;

describe("cli/timing", () => {
  test("measures TTFT within 1 ms of the server and TPOT within 0.1 ms of the model", async () => {
    const server = await startMockServer({
      mode: "model", ttftMs: TTFT_MS, tpotMs: TPOT_MS, outputTokens: OUTPUT_TOKENS, recordObservations: true,
    });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 120);
      const reportDir = join(dir, "report");

      const result = await runCli([
        "benchmark", "online", ...benchmarkArgs(server.url, dataset, reportDir),
        "--load-pattern", "poisson", "--target-qps", "40", "--num-samples", "120", "--streaming", "on",
      ]);

      expect(result.stderr).toContain(reportDir);
      expect(result.exitCode).toBe(0);
      const summary = readSummary(reportDir);
      expect(summary).toMatchObject({ n_samples_issued: 120, n_samples_completed: 120, n_samples_failed: 0 });
      const observations = server.observations();
      expect(observations).toHaveLength(120);

      const serverTtftMs = lowerMedian(observations.map((o) => ((o.firstChunkNs ?? Number.NaN) - o.receivedNs) / NS_PER_MS));
      const clientTtftMs = (summary.ttft.median ?? Number.NaN) / NS_PER_MS;
      const clientTpotMs = (summary.tpot.median ?? Number.NaN) / NS_PER_MS;
      expect(Math.abs(clientTtftMs - serverTtftMs)).toBeLessThan(1.0);
      expect(Math.abs(clientTpotMs - TPOT_MS)).toBeLessThan(0.1);
      expect(summary.output_sequence_lengths.min).toBe(OUTPUT_TOKENS);
      expect(summary.output_sequence_lengths.max).toBe(OUTPUT_TOKENS);
    } finally {
      await server.stop();
    }
    // Timing on a shared 2-core VM: host preemption of a few ms is seen even by a bare busy
    // loop, so retries absorb a disturbed run without loosening the bound (two: CI saw two disturbed attempts in a row).
  }, { timeout: 45_000, retry: 2 });
});
