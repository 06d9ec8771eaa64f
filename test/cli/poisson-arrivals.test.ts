import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";
import { arrivalRate, indexOfDispersion } from "./shard-helpers.ts";

const dirs = tempDirs("ie-poisson-");
afterAll(() => dirs.cleanup());

const TARGET_QPS = 2000;
const REQUESTS = 6000;
const WINDOW_NS = 10e6;

describe("cli/poisson-arrivals", () => {
  test("the server sees the target rate, with Poisson dispersion per 10 ms window", async () => {
    // This process is the server: a full collection first keeps its collector from stamping a
    // batch of arrivals late inside the measured window (it did, late in the whole suite).
    Bun.gc(true);
    const server = await startMockServer({ mode: "fixed", recordObservations: true });
    try {
      const dir = dirs.make();
      const result = await runCli([
        "benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 100),
        "--load-pattern", "poisson", "--target-qps", String(TARGET_QPS), "--num-samples", String(REQUESTS),
        "--duration", "0", "--streaming", "off", "--report-dir", join(dir, "r"),
      ]);
      expect(result.exitCode).toBe(0);
      const arrivals = server.observations().map((o) => o.receivedNs).sort((a, b) => a - b);
      expect(arrivals.length).toBe(REQUESTS);
      expect(Math.abs(arrivalRate(arrivals) - TARGET_QPS) / TARGET_QPS).toBeLessThan(0.03);

      const dispersion = indexOfDispersion(arrivals, WINDOW_NS);
      // Poisson counts have variance = mean; a constant rate would give ≈ 0, bursts ≫ 1 (a client
      // that batches its sends gave 2.6). With ~300 windows of mean 20 the index itself scatters
      // by about ±0.1, and this seed's planned schedule alone measures 1.18; host preemption on a
      // loaded 2-core VM adds up to ~0.5 (measured 1.1–1.63).
      expect(dispersion).toBeGreaterThan(0.7);
      expect(dispersion).toBeLessThan(1.9);
    } finally {
      await server.stop();
    }
  }, { timeout: 30_000, retry: 1 });
});
