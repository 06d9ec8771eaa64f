/**
 * @module test/e2e/bad-input.test — bad input through the real process: the exit code the shell sees (2 invalid
 * input, 3 setup failure), `error:`/`hint:` on stderr and never a run, for the cases that need the process, a
 * server's port or files on disk (test/support/bad-input-cases PROCESS_CASES); the rest run in process
 * (test/cli/bad-input).
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { CASES, PROCESS_CASES, type CaseContext } from "../support/bad-input-cases.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer;
let closedUrl: string;
beforeAll(async () => {
  server = await startMockServer({ mode: "echo" });
  // A port that was just free and is closed again: connecting to it is refused.
  const listener = Bun.listen({ hostname: "127.0.0.1", port: 0, socket: { data() {} } });
  closedUrl = `http://127.0.0.1:${listener.port}`;
  listener.stop(true);
});
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

describe("cli/bad-input", () => {
  const cases = CASES.filter(([name]) => PROCESS_CASES.has(name));
  test("every case meant for the process is here", () => expect(cases).toHaveLength(PROCESS_CASES.size));

  // Each case starts the CLI: on a loaded host that alone has taken more than bun's default 5 s.
  test.each(cases)(
    "explains %s and exits before running",
    async (_name, argsFor, exitCode, hint, mentioned) => {
      const dir = dirs.make();
      const context: CaseContext = {
        dir,
        url: server.url,
        closedUrl,
        dataset: questionDataset(dir, 5),
        reportDir: join(dir, "report"),
      };

      const result = await runCli(argsFor(context));

      expect(result.exitCode).toBe(exitCode);
      expect(result.stderr).toMatch(/^error: /);
      expect(result.stderr).toContain(mentioned(context));
      if (hint) expect(result.stderr).toMatch(/^hint: /m);
      expect(result.stderr).not.toMatch(/^\s+at /m);
      expect(result.stdout).toBe("");
      expect(existsSync(join(context.reportDir, "events.db"))).toBe(false);
    },
    30_000,
  );
});
