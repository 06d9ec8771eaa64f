/**
 * @module cli/command — what every command file exports, and the I/O it gets.
 *
 * Commands are thin: each holds its words, summary and help, and hands argv to library code,
 * loaded with one `import()` where that code is heavy; results go to stdout, progress and logs
 * to stderr, and the exit code is returned. Errors are thrown (typed) and rendered by
 * run-cli.ts, the one place that turns them into user text.
 */
import type { ConsoleIo } from "../run/console-io.ts";

export interface CliIo extends ConsoleIo {
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
