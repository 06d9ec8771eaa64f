/**
 * @module run/console-io — the terminal a command runs in, and the RunIo a run prints through.
 *
 * Commands hand this to library code with their argv (cli/command); a run writes its log lines
 * and progress to stderr, and drops the progress line with `--quiet`.
 */
import type { RunIo } from "./open-run.ts";

export interface ConsoleIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTty: boolean;
  /** `-v` given this many times (the CLI's; absent: 0). */
  verbose?: number;
}

/** What a run prints through `io`: its log lines and progress on stderr, no progress with --quiet. */
export function runIoOf(io: ConsoleIo, quiet: boolean | undefined): RunIo {
  return {
    log: (line: string) => io.stderr(`${line}\n`),
    progress: io.stderr,
    progressEnabled: quiet !== true,
    isTty: quiet !== true && io.isTty,
    verbose: (io.verbose ?? 0) > 0,
  };
}
