/**
 * @module test/e2e/timing.test — the client's TTFT and TPOT against what the mock server, a process of its
 * own, observed on the same monotonic clock.
 *
 * What our code decides is held here: every stamp is taken after the bytes it stands for were written, so
 * no order statistic of the client's TTFT is below the server's (each request's client TTFT spans its
 * server TTFT), and TPOT is each row's first chunk to its end over its 49 tokens after the first. How
 * close the client comes to a raw socket (0.5 ms) and to the server's pacing (0.1 ms) is the host's to
 * say: those are `npm run bench` rows (section 6, "TTFT and TPOT"), never a bound here.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { ServerObservation } from "../../src/server/index.ts";
import { spawnObservedServer } from "./observed-server.ts";
import { expectTimingHeldToServer } from "./timing-rows.ts";
import { benchmarkArgs, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
afterAll(() => dirs.cleanup());

const TTFT_MS = 20;
const TPOT_MS = 5;
const OUTPUT_TOKENS = 50;
const REQUESTS = 120;

describe("cli/timing", () => {
  test("no order statistic of the client's TTFT is below the server's own; TPOT is each row's span over its 49 tokens", async () => {
    const dir = dirs.make();
    const server = await spawnObservedServer(
      { mode: "model", ttftMs: TTFT_MS, tpotMs: TPOT_MS, outputTokens: OUTPUT_TOKENS },
      join(dir, "observations.json"),
    );
    try {
      const dataset = questionDataset(dir, REQUESTS);
      const reportDir = join(dir, "report");
      const result = await runCli([
        "benchmark",
        "online",
        ...benchmarkArgs(server.url, dataset, reportDir),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "40",
        "--num-samples",
        `${REQUESTS}`,
        "--streaming",
        "on",
      ]);
      expect(result.stderr).toContain(reportDir);
      expect(result.exitCode).toBe(0);
      const summary = readSummary(reportDir);
      expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_completed: REQUESTS, n_samples_failed: 0 });
      const observations: ServerObservation[] = await server.stopAndRead();
      expect(observations).toHaveLength(REQUESTS);

      expectTimingHeldToServer(reportDir, summary, observations, OUTPUT_TOKENS);
    } finally {
      await server.stop().catch(() => undefined);
    }
  }, 45_000);
});
