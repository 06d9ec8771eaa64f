/**
 * @module test/e2e/worker-startup — workers start before the run is prepared; a set-up failure
 * after that must not leave any of them behind, nor wait for them.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-startup-");
/** run/worker-pool's wait for workers to finish at shutdown. */
const SHUTDOWN_GRACE_MS = 2_000;
afterAll(() => dirs.cleanup());

/** Processes whose command line mentions `needle` (workers carry their socket path, under TMPDIR). */
function processesMentioning(needle: string): string[] {
  return Bun.spawnSync(["pgrep", "-fa", needle])
    .stdout.toString()
    .split("\n")
    .filter((line) => line.includes("__worker"));
}

describe("cli/worker-startup", () => {
  test.each([
    ["the endpoint is unreachable", "unreachable", 3],
    ["the report directory already holds a run", "used-report-dir", 2],
  ])(
    "when %s, the CLI fails fast and no worker outlives it",
    async (_name, kind, exitCode) => {
      const server = await startMockServer({ mode: "fixed" });
      try {
        const dir = dirs.make();
        const tmp = join(dir, "tmp");
        mkdirSync(tmp);
        const report = join(dir, "r");
        if (kind === "used-report-dir") {
          mkdirSync(report);
          writeFileSync(join(report, "events.db"), "");
        }
        const endpoint = kind === "unreachable" ? "http://127.0.0.1:9" : server.url;
        const args = [
          "benchmark",
          "offline",
          ...["--endpoints", endpoint, "--model", "m", "--dataset", questionDataset(dir, 20)],
          ...["--duration", "0", "--workers", "2"],
        ];
        // The floor: the same command as a dry run, which prepares everything but starts no worker, on this host now.
        const dryStarted = performance.now();
        const dry = await runCli([...args, "--report-dir", join(dir, "dry"), "--dry-run"], { env: { TMPDIR: tmp } });
        const dryMs = performance.now() - dryStarted;
        expect(dry.exitCode).toBe(0);
        const started = performance.now();
        const result = await runCli([...args, "--report-dir", report], { env: { TMPDIR: tmp } });
        expect(result.exitCode).toBe(exitCode);
        expect(result.stderr).toMatch(/^error: /);
        // No shutdown grace period (2 s, run/worker-pool) spent on booting workers. floor: the dry run's time, measured
        // just before; beyond it, the failing start took less than the grace it would otherwise have waited.
        expect(performance.now() - started).toBeLessThan(dryMs + SHUTDOWN_GRACE_MS);
        // Workers killed at shutdown may take a moment to be reaped: wait for that, not a fixed time.
        await waitFor(() => processesMentioning(tmp).length === 0, 5_000).catch(() => undefined);
        expect(processesMentioning(tmp)).toEqual([]);
        expect(readdirSync(tmp)).toEqual([]); // the socket directory is gone too
        expect(existsSync(join(report, "config.yaml"))).toBe(false);
      } finally {
        await server.stop();
      }
    },
    20_000,
  );
});
