/**
 * @module test/e2e/dashboard-tmux.test — the compiled binary's dashboard in a real terminal (tmux).
 *
 * tmux gives the run a pseudo-terminal of 120×40 on a server socket of its own; `capture-pane`
 * reads what a user would see and `#{alternate_on}` says which screen is up. Skipped only when
 * tmux is missing outside CI (.ci/run installs it; CI=true fails without it).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type MockServer, startMockServer } from "../../src/server/index.ts";
import { COMPILE_TIMEOUT_MS, compiledBinary } from "../support/compiled-binary.ts";
import { questionDataset, serveCompletions, tempDirs, waitFor } from "./run-cli.ts";
import { childOf, completedIn, runArgs, shellLine, TMUX, tmuxTerminal } from "./tmux-terminal.ts";

const dirs = tempDirs("ie-dashboard-");
afterAll(() => dirs.cleanup());

const { tmux, capture, alternateOn, open: openSession, shellPid, killServer } = tmuxTerminal("dashboard");

/** The value after `label` on its line of report text (e.g. "Total samples completed: "). */
const field = (text: string, label: string) => new RegExp(`^${label}(.*)$`, "m").exec(text)?.[1]?.trim();

let server: MockServer;
let binary: string;

const ANSWER = { index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" };
const SSE_ANSWER = `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content: "ok" } }] })}\n\ndata: [DONE]\n\n`;

/**
 * A chat server whose answers wait for `release()` (or for the client to go away): a drain lasts exactly until
 * the test has seen what it waits for, on any host, instead of a slow server's 3 s it hopes is long enough.
 */
function heldServer() {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = serveCompletions(
    async (req) => {
      const streamed = ((await req.json()) as { stream?: boolean }).stream === true;
      await Promise.race([released, new Promise((resolve) => req.signal.addEventListener("abort", resolve))]);
      return streamed
        ? new Response(SSE_ANSWER, { headers: { "content-type": "text/event-stream" } })
        : Response.json({ choices: [ANSWER], usage: { prompt_tokens: 1, completion_tokens: 1 } });
    },
    { idleTimeout: 0 },
  );
  return { url: `http://127.0.0.1:${held.port}`, release, stop: () => held.stop(true) };
}

if (!TMUX) {
  if (process.env.CI === "true")
    test("tmux is present in CI", () => {
      throw new Error("the dashboard tests need tmux (.ci/run installs it with apt)");
    });
  else console.warn("skipping the dashboard tmux tests: tmux is not installed");
} else {
  describe("dashboard in tmux (compiled binary)", () => {
    beforeAll(async () => {
      [server, binary] = await Promise.all([
        startMockServer({ mode: "model", ttftMs: 5, tpotMs: 1, outputTokens: 8 }),
        compiledBinary(),
      ]);
    }, COMPILE_TIMEOUT_MS + 10_000);
    afterAll(() => {
      server?.stop();
      killServer();
    });

    test("counts move between captures; q drains, the report is written, and the normal screen holds the summary", async () => {
      const dir = dirs.make();
      const report = join(dir, "r");
      openSession("dash-q", dir, [binary, ...runArgs(server.url, dir, report)]);
      await waitFor(() => completedIn(capture("dash-q")) > 0, 30_000);
      expect(alternateOn("dash-q")).toBe("1");
      const first = capture("dash-q");
      await waitFor(() => completedIn(capture("dash-q")) > completedIn(first), 10_000);
      expect(capture("dash-q")).toContain("load generator:");
      // --server-metrics auto found the mock server's vLLM-style page: its gauges as of the latest scrape.
      await waitFor(() => /server: running \d+ · waiting \d+ · KV cache \d/.test(capture("dash-q")), 10_000);
      tmux("send-keys", "-t", "dash-q:", "q");
      await waitFor(() => /exit=\d+/.test(capture("dash-q")), 30_000);
      const screen = capture("dash-q");
      expect(alternateOn("dash-q")).toBe("0");
      expect(screen).toContain("q: stopping; waiting for in-flight requests");
      const text = readFileSync(join(report, "report.txt"), "utf8");
      for (const label of ["Total samples issued: ", "Total samples completed: ", "Total samples failed: ", "QPS: "])
        expect(field(screen, label)).toBe(field(text, label) as string);
      expect(Number(field(text, "Total samples issued: "))).toBeLessThan(4000);
      expect(text).toContain("run was interrupted (q in the dashboard)");
    }, 90_000);

    test("a second Ctrl-C quits at once, and the terminal is back on the normal screen", async () => {
      const dir = dirs.make();
      // No request is ever answered: the drain after the first Ctrl-C is still under way at the second.
      const slow = heldServer();
      try {
        openSession("dash-c", dir, [binary, ...runArgs(slow.url, dir, join(dir, "r"))]);
        await waitFor(() => /issued [1-9]/.test(capture("dash-c")), 30_000);
        tmux("send-keys", "-t", "dash-c:", "C-c");
        await waitFor(() => capture("dash-c").includes("Ctrl-C: stopping"), 10_000);
        tmux("send-keys", "-t", "dash-c:", "C-c");
        await waitFor(() => /exit=\d+/.test(capture("dash-c")), 30_000);
        expect(alternateOn("dash-c")).toBe("0");
        expect(capture("dash-c")).toContain("exit=130");
        expect(capture("dash-c")).toContain("Ctrl-C: quitting now");
        // Cooked mode is back: the terminal echoes a typed line, and `cat` prints it once more.
        tmux("send-keys", "-t", "dash-c:", "typed-line", "Enter");
        await waitFor(() => capture("dash-c").split("typed-line").length - 1 >= 2, 10_000);
      } finally {
        slow.stop();
      }
    }, 90_000);

    test("a run that fails (its only worker killed) gives the terminal back and prints the error on the normal screen", async () => {
      const dir = dirs.make();
      openSession("dash-k", dir, [binary, ...runArgs(server.url, dir, join(dir, "r"))]);
      await waitFor(() => completedIn(capture("dash-k")) > 0, 30_000);
      const main = childOf(shellPid("dash-k"));
      process.kill(childOf(main), "SIGKILL");
      await waitFor(() => /exit=\d+/.test(capture("dash-k")), 30_000);
      expect(alternateOn("dash-k")).toBe("0");
      const screen = capture("dash-k");
      expect(screen).toContain("error: worker 0 exited unexpectedly (killed)");
      expect(screen).toContain("exit=4");
    }, 90_000);

    test("a sweep shows its step on the dashboard, and q stops the whole sweep, not just the step", async () => {
      const dir = dirs.make();
      const out = join(dir, "sweep");
      const args = [
        "sweep",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 50),
        "--num-samples",
        "4000",
        "--duration",
        "0",
        "--workers",
        "1",
        "--rates",
        "40,80",
        "--report-dir",
        out,
      ];
      openSession("dash-w", dir, [binary, ...args]);
      await waitFor(() => capture("dash-w").includes("sweep (rates): step 1, rate 40 req/s"), 30_000);
      await waitFor(() => completedIn(capture("dash-w")) > 0, 30_000);
      tmux("send-keys", "-t", "dash-w:", "q");
      await waitFor(() => /exit=\d+/.test(capture("dash-w")), 30_000);
      expect(alternateOn("dash-w")).toBe("0");
      expect(capture("dash-w")).toContain("exit=130");
      const sweep = JSON.parse(readFileSync(join(out, "sweep.json"), "utf8")) as { state: string; steps: unknown[] };
      expect(sweep.state).toBe("interrupted");
      expect(sweep.steps).toHaveLength(1);
    }, 90_000);

    test("NO_COLOR: the same dashboard without a colour; colour otherwise", async () => {
      const sgr = /\x1b\[[0-9;]*m/;
      const sessions = [
        ["dash-n", ["NO_COLOR=1"], false],
        ["dash-y", [], true],
      ] as const;
      // Both terminals at once: each run is its own.
      for (const [name, env] of sessions) {
        const dir = dirs.make();
        openSession(name, dir, [binary, ...runArgs(server.url, dir, join(dir, "r"))], env);
      }
      for (const [name, , coloured] of sessions) {
        await waitFor(() => completedIn(capture(name)) > 0, 30_000);
        const styled = tmux("capture-pane", "-p", "-e", "-t", `${name}:`);
        expect(styled).toContain("load generator:");
        expect(sgr.test(styled)).toBe(coloured);
        tmux("send-keys", "-t", `${name}:`, "q");
      }
      for (const [name] of sessions) await waitFor(() => /exit=\d+/.test(capture(name)), 30_000);
    }, 90_000);

    test("a terminal smaller than 80×24 gets the progress line redrawn in place, not the alternate screen", async () => {
      const dir = dirs.make();
      tmux(
        "new-session",
        "-d",
        "-s",
        "dash-s",
        "-x",
        "70",
        "-y",
        "20",
        "-c",
        dir,
        shellLine([binary, ...runArgs(server.url, dir, join(dir, "r"))]),
      );
      await waitFor(() => /performance: \d+\/4000 done/.test(capture("dash-s")), 30_000);
      expect(alternateOn("dash-s")).toBe("0");
      expect(capture("dash-s")).not.toContain("load generator:");
      tmux("send-keys", "-t", "dash-s:", "C-c");
      await waitFor(() => /exit=\d+/.test(capture("dash-s")), 30_000);
    }, 90_000);

    test("SIGTERM drains under a header that says so, and the terminal is restored before the summary", async () => {
      const dir = dirs.make();
      // The requests are answered only once the dashboard has shown the drain.
      const slow = heldServer();
      try {
        openSession("dash-t", dir, [binary, ...runArgs(slow.url, dir, join(dir, "r"))]);
        await waitFor(() => /issued [1-9]/.test(capture("dash-t")), 30_000);
        process.kill(childOf(shellPid("dash-t")), "SIGTERM");
        await waitFor(() => capture("dash-t").includes("SIGTERM: stopping (Ctrl-C again quits now)"), 10_000);
        expect(capture("dash-t")).toContain("performance · draining");
        slow.release();
        await waitFor(() => /exit=\d+/.test(capture("dash-t")), 30_000);
        expect(alternateOn("dash-t")).toBe("0");
        const screen = capture("dash-t");
        expect(screen).toContain("SIGTERM: stopping");
        expect(screen).toContain("End of Summary");
      } finally {
        slow.stop();
      }
    }, 90_000);
  });
}
