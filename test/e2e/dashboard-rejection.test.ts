/**
 * @module test/e2e/dashboard-rejection.test — an unhandled promise rejection while the dashboard is up: the terminal back first, then the error as the CLI prints it, exit 1.
 *
 * Bun calls no uncaughtExceptionMonitor for a rejection, so without the dashboard's own handler
 * the error was printed on the alternate screen and cleared with it. A real process
 * (dashboard-rejection-fixture) opens the dashboard on its stderr and leaves a rejection unhandled.
 */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { describeError } from "../../src/errors.ts";
import { BUN_PATH } from "./run-cli.ts";

const FIXTURE = join(import.meta.dir, "dashboard-rejection-fixture.ts");
const LEAVE = "\x1b[?1049l";

async function run(extra: string[]) {
  const proc = Bun.spawn([BUN_PATH, FIXTURE, ...extra], { stdout: "pipe", stderr: "pipe" });
  const [stderr, exitCode] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
  return { stderr, exitCode };
}

describe("dashboard: an unhandled rejection", () => {
  test("restores the normal screen, then prints the held lines and the error as the CLI would, and exits 1", async () => {
    const { stderr, exitCode } = await run([]);
    expect(exitCode).toBe(1);
    expect(stderr).toContain("\x1b[?1049h");
    const left = stderr.indexOf(LEAVE);
    expect(left).toBeGreaterThan(0);
    const after = stderr.slice(left + LEAVE.length);
    const cli = describeError(new Error("boom in a background task")).text;
    expect(after).toBe(`warning: held while the dashboard was up\n${cli}\n`);
    expect(stderr.slice(0, left)).not.toContain("boom");
  }, 30_000);

  test("with -v the error carries its stack, as the CLI's does", async () => {
    const { stderr, exitCode } = await run(["-v"]);
    expect(exitCode).toBe(1);
    const after = stderr.slice(stderr.indexOf(LEAVE));
    expect(after).toContain("error: unexpected failure: boom in a background task");
    expect(after).toContain("dashboard-rejection-fixture.ts");
  }, 30_000);
});
