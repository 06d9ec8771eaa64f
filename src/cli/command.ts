/**
 * @module cli/command — what every command file exports, and the I/O it gets.
 *
 * Commands are thin: parse flags into a config, call library code, print results to stdout
 * and progress/logs to stderr, return an exit code. Errors are thrown (typed) and rendered by
 * run-cli.ts, the one place that turns them into user text.
 */
import type { RunIo } from "../run/open-run.ts";

export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  isTty: boolean;
  verbose: number;
}

export interface Command {
  /** Words that select the command, e.g. ["benchmark", "offline"]. */
  words: string[];
  summary: string;
  /** Full help text (usage, flags, examples). */
  help(): string;
  run(argv: string[], io: CliIo): Promise<number>;
}

/** What a run prints through `io`: its log lines and progress on stderr, no progress with --quiet. */
export function runIoOf(io: CliIo, quiet: boolean | undefined): RunIo {
  return {
    log: (line: string) => io.stderr(`${line}\n`),
    progress: io.stderr,
    progressEnabled: quiet !== true,
    isTty: quiet !== true && io.isTty,
  };
}
