/**
 * @module test/e2e/progress-output.test — what a run shows on stderr without a terminal: the plain progress line, no escape byte; nothing with --quiet.
 *
 * The CLI runs with piped stdout and stderr (run-cli), as under Slurm or Kubernetes; the
 * dashboard's terminal half is test/e2e/dashboard-tmux.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type MockServer, startMockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-progress-");
afterAll(() => dirs.cleanup());

describe("progress without a terminal", () => {
  let local: MockServer;
  beforeAll(async () => {
    local = await startMockServer({ mode: "model", ttftMs: 2, outputTokens: 4 });
  });
  afterAll(() => local.stop());
  const args = (dir: string, extra: string[]) => [
    "benchmark",
    "offline",
    "--endpoints",
    local.url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 20),
    "--num-samples",
    "200",
    "--workers",
    "1",
    "--report-dir",
    join(dir, "r"),
    ...extra,
  ];

  test("piped stderr: the plain progress line, and not one escape byte", async () => {
    const dir = dirs.make();
    const { exitCode, stderr } = await runCli(args(dir, []));
    expect(exitCode).toBe(0);
    expect(stderr).toMatch(/^performance: 200\/200 done \(100%\)/m);
    expect(stderr).not.toContain("\x1b");
  }, 60_000);

  test("--quiet: no progress at all; --ui dashboard on a pipe says so and shows the line", async () => {
    const dir = dirs.make();
    const quiet = await runCli(args(dir, ["--quiet"]));
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stderr).not.toContain("done (");
    const asked = await runCli(args(dirs.make(), ["--ui", "dashboard"]));
    expect(asked.stderr).toContain(
      "warning: --ui dashboard: stderr is not a terminal; showing the plain progress line",
    );
    expect(asked.stderr).toMatch(/^performance: 200\/200 done/m);
    expect(asked.stderr).not.toContain("\x1b");
  }, 60_000);

  test("--ui with an unknown value is refused with one line naming it", async () => {
    const dir = dirs.make();
    const { exitCode, stderr } = await runCli(args(dir, ["--ui", "fancy"]));
    expect(exitCode).toBe(2);
    expect(stderr).toContain("ui");
    expect(stderr).not.toContain("    at ");
  });
});
