/** @module test/cli/std-output — the CLI's write(2) output: every byte arrives, whatever the pipe does. */
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { BUN_PATH } from "./run-cli.ts";

const MODULE = join(import.meta.dir, "..", "..", "src", "cli", "std-output.ts");
const BYTES = 4 << 20;

/** A child that writes BYTES bytes of "a" to stdout with writeText, after running `before`. */
function writer(before: string): string[] {
  return [BUN_PATH, "-e", `${before}; const { writeText, STDOUT_FD } = require(${JSON.stringify(MODULE)}); writeText(STDOUT_FD, "a".repeat(${BYTES})); console.error("done");`];
}

describe("writeText", () => {
  test("a non-blocking pipe (EAGAIN) that is read slowly still gets every byte", async () => {
    // Touching process.stdout makes Bun set O_NONBLOCK on the pipe, so write(2) refuses with EAGAIN once it is full.
    const child = Bun.spawn(writer("void process.stdout.isTTY"), { stdout: "pipe", stderr: "pipe" });
    await Bun.sleep(200);
    const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect(err).toBe("done\n");
    expect(code).toBe(0);
    expect(out.length).toBe(BYTES);
    expect(out).toBe("a".repeat(BYTES));
  });

  test("a reader that goes away (| head) ends the output quietly: no error, exit 0", async () => {
    const script = `set -o pipefail; ${writer("").map((a) => `'${a.replaceAll("'", `'\\''`)}'`).join(" ")} | head -c 10 >/dev/null`;
    const child = Bun.spawn(["bash", "-c", script], { stdout: "pipe", stderr: "pipe" });
    const [err, code] = await Promise.all([new Response(child.stderr).text(), child.exited]);
    expect(err).toBe("done\n");
    expect(code).toBe(0);
  });
});
