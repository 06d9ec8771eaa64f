/**
 * @module test/support/compiled-binary — the native compiled binary, built once per `bun test`
 * run and shared by every test that needs one.
 *
 * `npm test` builds it once before the e2e half and names it in IE_TEST_BINARY (scripts/run-tests),
 * so the two files that run at a time share one build; a lone `bun test` builds its own.
 *
 * The build is scripts/build.ts's (scripts/compile-binary: bytecode, minified, no autoloaded
 * .env or bunfig), so the tests run what `npm run build` ships. `bun test` runs every file in
 * one process, so a promise held here is the memo; the binary lives in a temp dir removed once
 * that process has exited. It is not shared across processes: the build takes seconds, and a cache
 * keyed by the sources would leave a 100 MB file behind for every edit.
 */
import type { Subprocess } from "bun";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildBinary, gitSha } from "../../scripts/compile-binary.ts";

/** A build takes seconds here; only a hung one takes this long. Hooks that await it need more. */
export const COMPILE_TIMEOUT_MS = 240_000;

let built: Promise<string> | null = null;
/** Held for as long as this process lives (see `removeOnExit`). */
const reapers: Subprocess[] = [];

/**
 * Removes `dir` once this process is gone, however it ends. `bun test` runs no exit handlers,
 * so a child waits for end-of-file on a pipe only this process holds open: the kernel closes it
 * when we exit, even when killed.
 */
function removeOnExit(dir: string): void {
  const reaper = Bun.spawn(["/bin/sh", "-c", 'cat >/dev/null; rm -rf -- "$0"', dir], {
    stdin: "pipe",
    stdout: "ignore",
    stderr: "ignore",
  });
  reaper.unref();
  reapers.push(reaper);
}

async function build(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "ie-compiled-"));
  removeOnExit(dir);
  const outfile = join(dir, "inference-endpoint");
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`compiling ${outfile} did not finish within ${COMPILE_TIMEOUT_MS / 1000} s`)),
      COMPILE_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([buildBinary(outfile, null, `${process.platform}-${process.arch}`, await gitSha()), hung]);
  } finally {
    clearTimeout(timer);
  }
  return outfile;
}

/** The path of this host's compiled binary, building it on the first call of the process. */
export function compiledBinary(): Promise<string> {
  const given = process.env.IE_TEST_BINARY;
  built ??= given ? Promise.resolve(given) : build();
  return built;
}
