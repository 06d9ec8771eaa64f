/**
 * @module test/e2e/responses-timing.test — over `--api-type openai_responses`, the client's TTFT and TPOT held
 * to what `serve` observed as test/e2e/timing.test holds chat's (test/e2e/timing-rows): the Responses stream
 * adds four opening events to the first write and five closing events to the last, which our read must place
 * at the same instants. How close to a raw socket is a bench row, never a bound here.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { spawnObservedServer } from "./observed-server.ts";
import { expectTimingHeldToServer } from "./timing-rows.ts";
import { benchmarkArgs, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-responses-timing-");
afterAll(() => dirs.cleanup());

const TTFT_MS = 20;
const TPOT_MS = 5;
const OUTPUT_TOKENS = 50;

describe("cli/timing over openai_responses", () => {
  test("no order statistic of the client's TTFT is below the server's own; TPOT is each row's span over its 49 tokens", async () => {
    const dir = dirs.make();
    const server = await spawnObservedServer(
      { mode: "model", ttftMs: TTFT_MS, tpotMs: TPOT_MS, outputTokens: OUTPUT_TOKENS },
      join(dir, "observations.json"),
    );
    try {
      const reportDir = join(dir, "report");
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
      expect(result.exitCode).toBe(0);
      const summary = readSummary(reportDir);
      expect(summary).toMatchObject({ n_samples_issued: 120, n_samples_completed: 120, n_samples_failed: 0 });
      const observations = await server.stopAndRead();
      expect(observations.every((o) => o.path === "/v1/responses")).toBe(true);
      expectTimingHeldToServer(reportDir, summary, observations, OUTPUT_TOKENS);
    } finally {
      await server.stop().catch(() => undefined);
    }
  }, 45_000);
});
