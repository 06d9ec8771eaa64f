import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { countRequestRows, questionDataset, runCli, spawnCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-main-crash-");
afterAll(() => dirs.cleanup());

describe("cli/main-crash", () => {
  test("after kill -9 of the main process, events.db opens and `report DIR` rebuilds a report marked incomplete", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 5, outputTokens: 1 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const proc = spawnCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 50),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "100",
        "--num-samples",
        "2000",
        "--duration",
        "0",
        "--workers",
        "1",
        "--report-dir",
        report,
      ]);
      await waitFor(() => countRequestRows(report) >= 50, 15_000);
      const workers = Bun.spawnSync(["pgrep", "-P", String(proc.pid)])
        .stdout.toString()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number);
      expect(workers.length).toBe(1);
      proc.kill("SIGKILL");
      await proc.exited;
      expect(existsSync(join(report, "performance", "result_summary.json"))).toBe(false);

      const rebuilt = await runCli(["report", report, "--output", "json"]);
      expect(rebuilt.exitCode).toBe(0);
      const summary = JSON.parse(rebuilt.stdout);
      expect(summary.state).toBe("interrupted");
      expect(summary.complete).toBe(false);
      expect(summary.n_samples_issued).toBeGreaterThanOrEqual(50);
      expect(summary.n_samples_issued).toBe(countRequestRows(report));
      expect(await Bun.file(join(report, "report.txt")).text()).toContain(
        "WARNING: run was interrupted (the process ended before the run did)",
      );
      // The orphaned worker notices its parent is gone (its socket closes) and exits.
      await waitFor(() => workers.every((pid) => !existsSync(`/proc/${pid}`)), 5_000);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
