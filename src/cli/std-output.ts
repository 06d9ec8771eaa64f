/**
 * @module cli/std-output — the CLI's stdout and stderr as plain write(2) calls, not Node streams.
 *
 * The first touch of `process.stdout` or `process.stderr` (even `.isTTY`) builds a Node stream,
 * which loads Node's stream implementation on the compiled binary's start-up path (see README,
 * Performance). The CLI writes whole strings in order and never needs back-pressure, so a
 * synchronous write to the file descriptor does the same job — Node itself writes synchronously
 * to files, pipes and terminals on Linux. A descriptor another process made non-blocking can
 * refuse with EAGAIN: we wait a millisecond and go on; a write a signal interrupted (EINTR) is
 * made again. A reader that went away (`| head`) gets nothing more, and no error.
 */
import { writeSync } from "node:fs";

export const STDOUT_FD = 1;
export const STDERR_FD = 2;
const RETRY_AFTER_MS = 1;

/** Descriptors whose reader has gone: later writes are dropped. */
const closed = new Set<number>();

/** Writes all of `text` to `fd`, however many write(2) calls that takes. */
export function writeText(fd: number, text: string): void {
  if (text.length === 0 || closed.has(fd)) return;
  const bytes = Buffer.from(text);
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "EINTR") continue; // a signal arrived mid-write: nothing was written
      if (code === "EAGAIN") {
        Bun.sleepSync(RETRY_AFTER_MS);
        continue;
      }
      if (code === "EPIPE" || code === "EBADF") {
        closed.add(fd);
        return;
      }
      throw error;
    }
  }
}

/** Whether `fd` is a terminal; node:tty is loaded on the first call only. */
export function isTerminal(fd: number): boolean {
  return (require("node:tty") as typeof import("node:tty")).isatty(fd);
}
