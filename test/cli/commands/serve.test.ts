/**
 * @module test/cli/commands/serve.test — `serve`'s refusals of bad fault flags, in process: exit 2 and
 * every problem named, before a server starts (test/e2e/faults runs one refusal through the real process).
 */
import { describe, expect, test } from "bun:test";
import { runCli } from "../../../src/cli/run-cli.ts";

/** Runs the CLI in this process; its exit code and what it wrote to stderr and stdout. */
async function run(argv: string[]) {
  let stdout = "";
  let stderr = "";
  const io = {
    stdout: (t: string) => void (stdout += t),
    stderr: (t: string) => void (stderr += t),
    isTty: false,
    verbose: 0,
  };
  const exitCode = await runCli(argv, io);
  return { exitCode, stdout, stderr };
}

describe("cli/commands/serve", () => {
  test.each([
    [["--fault", "explode"], "unknown fault 'explode'"],
    [
      ["--fault", "status:200", "--fault", "stall"],
      "status:200: must be an HTTP error status (400–599)\n--fault stall: stall needs",
    ],
    [["--fault-rate", "0.5"], "--fault-rate and --fault-seed need at least one --fault"],
    [["--fault", "refuse", "--fault-rate", "2"], "faultRate"],
  ])("serve %p is refused with exit 2 before it listens", async (flags, message) => {
    const result = await run(["serve", "--port", "0", ...flags]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toStartWith("error: ");
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe(""); // no URL: nothing listened
  });
});
