/**
 * @module test/e2e/progress-output.test — what a run shows on stderr without a terminal: the plain progress line, no escape byte; nothing with --quiet.
 *
 * The CLI runs with piped stdout and stderr (run-cli), as under Slurm or Kubernetes, or on a
 * `TERM=dumb` pseudo-terminal (script(1)); the dashboard's terminal half is test/e2e/dashboard-tmux.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type MockServer, startMockServer } from "../../src/server/index.ts";
import { BUN_PATH, MAIN_PATH, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const SCRIPT = Bun.which("script");

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

  // script(1) is util-linux's, on every CI image; elsewhere its absence skips only this test.
  test.skipIf(!SCRIPT && process.env.CI !== "true")(
    "TERM=dumb on a terminal: the plain line, not one escape byte; another TERM on the same terminal redraws",
    async () => {
      if (!SCRIPT) throw new Error("this test needs script(1) (util-linux) for a pseudo-terminal");
      const inTerminal = async (term: string) => {
        const dir = dirs.make();
        const command = [BUN_PATH, MAIN_PATH, ...args(dir, ["--ui", "line"])]
          .map((a) => `'${a.replaceAll("'", "'\\''")}'`)
          .join(" ");
        // script(1) runs the CLI on a pseudo-terminal and copies what the terminal got to its stdout.
        const proc = Bun.spawn([SCRIPT, "-qec", `${command} >/dev/null`, "/dev/null"], {
          env: { ...process.env, TERM: term },
          stdout: "pipe",
          stderr: "pipe",
        });
        const [out, exitCode] = await Promise.all([new Response(proc.stdout).text(), proc.exited]);
        expect(exitCode).toBe(0);
        return out;
      };
      const dumb = await inTerminal("dumb");
      expect(dumb).toMatch(/^performance: 200\/200 done \(100%\)/m);
      expect(dumb).not.toContain("\x1b");
      expect(await inTerminal("xterm-256color")).toContain("\r\x1b[2K");
    },
    60_000,
  );

  test("--ui with an unknown value is refused with one line naming it", async () => {
    const dir = dirs.make();
    const { exitCode, stderr } = await runCli(args(dir, ["--ui", "fancy"]));
    expect(exitCode).toBe(2);
    expect(stderr).toContain("ui");
    expect(stderr).not.toContain("    at ");
  });
});
