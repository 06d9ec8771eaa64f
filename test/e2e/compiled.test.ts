/** @module test/e2e/compiled.test — the single compiled binary (test/support/compiled-binary: the build `npm run build` ships) runs a benchmark alone: no sources, no bun, an empty cwd and environment. */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { COMPILE_TIMEOUT_MS, compiledBinary } from "../support/compiled-binary.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer;
let binary: string;
beforeAll(async () => {
  [server, binary] = await Promise.all([startMockServer({ mode: "echo" }), compiledBinary()]);
}, COMPILE_TIMEOUT_MS + 10_000);
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

describe("cli/compiled binary", () => {
  test("runs an offline benchmark from an empty directory with a bare PATH", async () => {
    const cwd = dirs.make();
    const dataDir = dirs.make();
    const reportDir = join(dataDir, "report");

    const result = await runCli(
      [
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "mock-model",
        "--dataset",
        questionDataset(dataDir, 100),
        "--duration",
        "0",
        "--workers",
        "2",
        "--report-dir",
        reportDir,
      ],
      { command: [binary], cwd, env: { PATH: "/usr/bin:/bin" }, exactEnv: true },
    );

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    expect(readSummary(reportDir)).toMatchObject({
      n_samples_issued: 100,
      n_samples_completed: 100,
      n_samples_failed: 0,
    });
    expect(readdirSync(cwd)).toEqual([]);
  }, 120_000);
});
