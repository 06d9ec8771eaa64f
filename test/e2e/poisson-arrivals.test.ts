import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { expectPlanKept } from "./shard-helpers.ts";

const dirs = tempDirs("ie-poisson-");
afterAll(() => dirs.cleanup());

const TARGET_QPS = 2000;
const REQUESTS = 6000;

describe("cli/poisson-arrivals", () => {
  test("the plan has the target rate and Poisson dispersion per 10 ms window, and the server sees it as sent", async () => {
    // This process is the server: a full collection first keeps its collector from stamping a
    // batch of arrivals late inside the measured window (it did, late in the whole suite).
    Bun.gc(true);
    const server = await startMockServer({ mode: "fixed", recordObservations: true });
    try {
      const dir = dirs.make();
      const stalls = watchStalls();
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 100),
        "--load-pattern",
        "poisson",
        "--target-qps",
        String(TARGET_QPS),
        "--num-samples",
        String(REQUESTS),
        "--duration",
        "0",
        "--streaming",
        "off",
        "--report-dir",
        join(dir, "r"),
      ]);
      const stallMs = stalls.stop();
      expect(result.exitCode).toBe(0);
      // Poisson counts have variance = mean; a constant rate would give ≈ 0, bursts ≫ 1 (a client
      // that batches its sends gave 2.6). The plan's own index is judged, and the arrivals' beside
      // it: host preemption on a loaded 2-core VM adds up to ~0.5 (measured 1.1–1.63 against this
      // seed's planned 1.18), so the host's share is not held to a fixed band.
      expect(server.observations().length).toBe(REQUESTS);
      expectPlanKept(
        [join(dir, "r")],
        server.observations().map((o) => o.receivedNs),
        TARGET_QPS,
        stallMs,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);
});
