/**
 * @module test/cli/bad-input.test — bad flags, files, configs and endpoints end in `error:`/`hint:` lines and a
 * documented exit code, never a run: the CLI's own dispatch (cli/run-cli) in this process, each case in
 * milliseconds. test/e2e/bad-input runs the cases that need the real process or a server.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../../src/cli/run-cli.ts";
import { CONFIG_CASES } from "../support/bad-config-cases.ts";
import { CASES, PROCESS_CASES, type CaseContext } from "../support/bad-input-cases.ts";

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Nothing listens here: a case that reached the network would end in a setup failure (3), not its own code. */
const NO_SERVER = "http://127.0.0.1:9";

function context(): CaseContext {
  const dir = mkdtempSync(join(tmpdir(), "ie-bad-input-"));
  made.push(dir);
  const dataset = join(dir, "questions.jsonl");
  writeFileSync(dataset, Array.from({ length: 5 }, (_, i) => JSON.stringify({ question: `q ${i}` })).join("\n") + "\n");
  return { dir, url: NO_SERVER, closedUrl: NO_SERVER, dataset, reportDir: join(dir, "report") };
}

describe("cli/bad-input, in process", () => {
  test.each([...CASES, ...CONFIG_CASES].filter(([name]) => !PROCESS_CASES.has(name)))(
    "explains %s and exits before running",
    async (_name, argsFor, exitCode, hint, mentioned) => {
      const c = context();
      let stdout = "";
      let stderr = "";
      const io = { stdout: (t: string) => void (stdout += t), stderr: (t: string) => void (stderr += t), isTty: false };
      expect(await runCli(argsFor(c), { ...io, verbose: 0 })).toBe(exitCode);
      expect(stderr).toMatch(/^error: /);
      expect(stderr).toContain(mentioned(c));
      if (hint) expect(stderr).toMatch(/^hint: /m);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stderr).not.toContain("cpu affinity:"); // no run began
      expect(stdout).toBe("");
      expect(existsSync(join(c.reportDir, "events.db"))).toBe(false);
    },
  );
});
