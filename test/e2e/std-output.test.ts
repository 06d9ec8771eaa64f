/** @module test/e2e/std-output — the CLI's write(2) output: every byte arrives, whatever the pipe does. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BUN_PATH, collectOutput, waitFor } from "./run-cli.ts";

const MODULE = join(import.meta.dir, "..", "..", "src", "cli", "std-output.ts");
const BYTES = 4 << 20;
/** What the writer child prints when writeText first waits on a full pipe. */
const WAITING = "waiting on a full pipe";

/** A child that writes BYTES bytes of "a" to stdout with writeText, after running `before`. */
function writer(before: string): string[] {
  return [
    BUN_PATH,
    "-e",
    `${before}; const { writeText, STDOUT_FD } = require(${JSON.stringify(MODULE)}); writeText(STDOUT_FD, "a".repeat(${BYTES})); console.error("done");`,
  ];
}

describe("writeText", () => {
  test("a non-blocking pipe (EAGAIN) that is read slowly still gets every byte", async () => {
    // Touching process.stdout makes Bun set O_NONBLOCK on the pipe, so write(2) refuses with EAGAIN
    // once it is full; writeText then waits with Bun.sleepSync, which the child wraps to say so once.
    const announceWait = `const sleep = Bun.sleepSync; let told = false; Bun.sleepSync = (ms) => { if (!told) { told = true; require("node:fs").writeSync(2, "${WAITING}\\n"); } sleep(ms); }`;
    const child = Bun.spawn(writer(`void process.stdout.isTTY; ${announceWait}`), { stdout: "pipe", stderr: "pipe" });
    try {
      const err = collectOutput(child.stderr);
      // Nothing reads stdout until the pipe is full and the writer is waiting on it.
      await waitFor(
        () => err.text.includes(WAITING),
        20_000,
        5,
        () => `the writer never waited on a full pipe; stderr: ${JSON.stringify(err.text)}`,
      );
      const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      expect(await err.done).toBe(`${WAITING}\ndone\n`);
      expect(code).toBe(0);
      expect(out.length).toBe(BYTES);
      expect(out).toBe("a".repeat(BYTES));
    } finally {
      child.kill("SIGKILL");
    }
  });

  test("a reader that goes away (| head) ends the output quietly: no error, exit 0", async () => {
    const script = `set -o pipefail; ${writer("")
      .map((a) => `'${a.replaceAll("'", `'\\''`)}'`)
      .join(" ")} | head -c 10 >/dev/null`;
    const child = Bun.spawn(["bash", "-c", script], { stdout: "pipe", stderr: "pipe" });
    const [err, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(err).toBe("done\n");
    expect(code).toBe(0);
  });
});
