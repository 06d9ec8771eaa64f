/**
 * @module test/e2e/worker-startup — workers start before the run is prepared; a set-up failure
 * after that must not leave any of them behind, nor wait for them (that a booting worker is killed rather
 * than granted the shutdown grace is test/run/worker-pool's, without a clock).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-startup-");
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
        const result = await runCli([...args, "--report-dir", report], { env: { TMPDIR: tmp } });
        expect(result.exitCode).toBe(exitCode);
        expect(result.stderr).toMatch(/^error: /);
        // A booting worker is killed, not granted the shutdown grace: test/run/worker-pool holds that without a clock.
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
