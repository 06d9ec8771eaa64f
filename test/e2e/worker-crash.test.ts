import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { countRequestRows, questionDataset, spawnCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-crash-");
afterAll(() => dirs.cleanup());

function workerPids(parentPid: number): number[] {
  const out = Bun.spawnSync(["pgrep", "-P", String(parentPid), "-f", "__worker"]).stdout.toString();
  return out.split(/\s+/).filter(Boolean).map(Number);
}

describe("cli/worker-crash", () => {
  test("a SIGKILLed worker's requests are recorded as worker_lost and the run finishes with the others", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 20, tpotMs: 0, outputTokens: 1 });
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
        "200",
        "--num-samples",
        "800",
        "--duration",
        "0",
        "--workers",
        "2",
        "--report-dir",
        report,
      ]);
      await waitFor(() => {
        try {
          return countRequestRows(report) >= 60;
        } catch {
          return false;
        }
      }, 15_000);
      const [victim] = workerPids(proc.pid);
      expect(victim).toBeGreaterThan(0);
      process.kill(victim as number, "SIGKILL");
      const stderr = await new Response(proc.stderr).text();
      expect(await proc.exited).toBe(0);
      expect(stderr).toContain("exited unexpectedly (killed)");

      const summary = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      const db = new Database(join(report, "events.db"), { readonly: true });
      const rows = db.query("SELECT COUNT(*) AS n, COUNT(DISTINCT plan_index) AS d FROM requests").get() as {
        n: number;
        d: number;
      };
      const lost = (
        db.query("SELECT COUNT(*) AS n FROM requests WHERE error_kind = 'worker_lost'").get() as { n: number }
      ).n;
      db.close();
      expect(rows).toEqual({ n: 800, d: 800 }); // every planned request accounted for, once
      expect(summary.n_samples_issued).toBe(800);
      expect(lost).toBeGreaterThan(0);
      expect(summary.error_counts.worker_lost).toBe(lost);
      expect(summary.n_samples_completed - summary.n_samples_failed).toBe(800 - lost);
    } finally {
      await server.stop();
    }
  }, 30_000);
});
