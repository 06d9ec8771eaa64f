/**
 * @module run/shell-hook — a user's shell command run between runs (an audit's cache reset, a
 * sweep's `--before-each-step`), its output passed through; anything but exit 0 ends what
 * depends on it as a setup failure, since a cache that was not reset makes the next figures wrong.
 */
import { SetupError } from "../errors.ts";

/** Runs `command` with `sh -c`; `name` says whose it is in the log line and the error. */
export async function runShellHook(
  command: string,
  name: string,
  log: (line: string) => void,
  hint: string,
): Promise<void> {
  log(`${name}: ${command}`);
  const proc = Bun.spawn(["sh", "-c", command], { stdout: "inherit", stderr: "inherit" });
  const code = await proc.exited;
  if (code !== 0) throw new SetupError(`${name} exited ${code}: ${command}`, { hint });
}
