/**
 * @module test/e2e/dashboard-tmux-drain.test — in a real terminal (tmux): the header says the phase drains after its last send, the live page's URL is shown, and what a worker prints survives the dashboard.
 *
 * Runs from source (bun src/main.ts), so that a preload named in BUN_OPTIONS reaches the worker
 * process (test/e2e/tmux-terminal has the terminal; dashboard-tmux the compiled binary's other
 * cases). Skipped only when tmux is missing outside CI, as dashboard-tmux is.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type MockServer, startMockServer } from "../../src/server/index.ts";
import { BUN_PATH, MAIN_PATH, tempDirs, waitFor } from "./run-cli.ts";
import { completedIn, runArgs, TMUX, tmuxTerminal } from "./tmux-terminal.ts";

const dirs = tempDirs("ie-dashboard-drain-");
afterAll(() => dirs.cleanup());

const { tmux, capture, alternateOn, open, killServer } = tmuxTerminal("dashboard-drain");
const exited = (session: string) => /exit=\d+/.test(capture(session));

/**
 * A preload for the worker process only: once `trigger` exists (the test creates it when the
 * dashboard is up), it prints a line on stderr and one on stdout.
 */
const WORKER_PRELOAD = `
import { existsSync } from "node:fs";
if (process.argv.includes("__worker")) {
  const trigger = process.env.IE_TEST_TRIGGER ?? "";
  const timer = setInterval(() => {
    if (!existsSync(trigger)) return;
    clearInterval(timer);
    process.stderr.write("worker stderr: printed behind the dashboard\\n");
    process.stdout.write("worker stdout: printed behind the dashboard\\n");
  }, 20);
  timer.unref();
}
`;

if (TMUX) {
  describe("dashboard in tmux: draining, the live page, worker output", () => {
    let server: MockServer;
    let slow: MockServer;
    beforeAll(async () => {
      [server, slow] = await Promise.all([
        startMockServer({ mode: "model", ttftMs: 5, tpotMs: 1, outputTokens: 8 }),
        startMockServer({ mode: "model", ttftMs: 3000, outputTokens: 1 }),
      ]);
    });
    afterAll(() => {
      server?.stop();
      slow?.stop();
      killServer();
    });

    test("after the phase's last send the header says it drains, and the live page's URL is shown", async () => {
      const dir = dirs.make();
      const report = join(dir, "r");
      // 20 requests due within half a second, each answered after 3 s: the drain is seen for seconds.
      const args = [...runArgs(slow.url, dir, report, 20, 40), "--live-metrics", "127.0.0.1:0"];
      open("drain", dir, [BUN_PATH, MAIN_PATH, ...args]);
      await waitFor(
        () => capture("drain").includes("issued 20"),
        30_000,
        25,
        () => capture("drain"),
      );
      await waitFor(
        () => capture("drain").includes("performance · draining"),
        10_000,
        25,
        () => capture("drain"),
      );
      const screen = capture("drain");
      expect(alternateOn("drain")).toBe("1");
      expect(screen).toMatch(/live metrics: http:\/\/127\.0\.0\.1:\d+\/metrics/);
      expect(screen).not.toContain("stopping");
      await waitFor(() => exited("drain"), 30_000);
      expect(capture("drain")).toContain("exit=0");
      expect(readFileSync(join(report, "report.txt"), "utf8")).not.toContain("interrupted");
    }, 90_000);

    test("a worker's stderr and stdout while the dashboard is up are printed on the normal screen after it", async () => {
      const dir = dirs.make();
      const preload = join(dir, "worker-prints.ts");
      const trigger = join(dir, "print-now");
      writeFileSync(preload, WORKER_PRELOAD);
      const env = [`BUN_OPTIONS=--preload ${preload}`, `IE_TEST_TRIGGER=${trigger}`];
      open("prints", dir, [BUN_PATH, MAIN_PATH, ...runArgs(server.url, dir, join(dir, "r"))], env);
      await waitFor(
        () => completedIn(capture("prints")) > 0,
        30_000,
        25,
        () => capture("prints"),
      );
      expect(alternateOn("prints")).toBe("1");
      writeFileSync(trigger, "");
      // Held by the dashboard, it shows in its last rows meanwhile.
      await waitFor(
        () => capture("prints").includes("worker stdout: printed behind"),
        10_000,
        25,
        () => capture("prints"),
      );
      tmux("send-keys", "-t", "prints:", "q");
      await waitFor(() => exited("prints"), 30_000);
      expect(alternateOn("prints")).toBe("0");
      const screen = capture("prints");
      expect(screen).toContain("worker stderr: printed behind the dashboard");
      expect(screen).toContain("worker stdout: printed behind the dashboard");
      expect(screen.indexOf("worker stderr: printed behind")).toBeLessThan(screen.indexOf("End of Summary"));
    }, 90_000);
  });
} else {
  // dashboard-tmux fails in CI without tmux; here its absence only skips.
  console.warn("skipping the dashboard drain tmux tests: tmux is not installed");
}
