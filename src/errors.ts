/** @module errors — typed errors with exit codes and hints; the one place that turns them into user text. */

/** Documented exit codes (README "Exit codes"). Compatible with upstream. */
export const ExitCode = {
  ok: 0,
  unexpected: 1,
  invalidInput: 2,
  setupFailure: 3,
  executionFailure: 4,
  /** `compare --fail-on-regression`: a metric regressed beyond the threshold (as k6 thresholds). */
  regression: 99,
  interrupted: 130,
} as const;
type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

interface ErrorDetails {
  hint?: string;
  cause?: unknown;
}

/** Base class for every error we expect and explain. */
export class BenchmarkError extends Error {
  readonly exitCode: ExitCodeValue;
  readonly hint: string | undefined;
  constructor(message: string, exitCode: ExitCodeValue, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = new.target.name;
    this.exitCode = exitCode;
    this.hint = details.hint;
  }
}

/** Bad flags, config, dataset spec or file contents: exit 2. */
export class InputError extends BenchmarkError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.invalidInput, details);
  }
}

/** The run could not be set up (dataset unreadable, endpoint unreachable, workers failed): exit 3. */
export class SetupError extends BenchmarkError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.setupFailure, details);
  }
}

/** The run started but failed as a whole (every request failed, probe failed): exit 4. */
export class ExecutionError extends BenchmarkError {
  constructor(message: string, details: ErrorDetails = {}) {
    super(message, ExitCode.executionFailure, details);
  }
}

/** Renders an error as `error: …` (+ `hint: …`) lines and returns the exit code to use. */
export function describeError(error: unknown, verbose = false): { text: string; exitCode: ExitCodeValue } {
  if (error instanceof BenchmarkError) {
    const lines = [`error: ${error.message}`];
    if (error.hint) lines.push(`hint: ${error.hint}`);
    if (verbose && error.cause instanceof Error && error.cause.stack) lines.push(error.cause.stack);
    return { text: lines.join("\n"), exitCode: error.exitCode };
  }
  const message = error instanceof Error ? error.message : String(error);
  const lines = [`error: unexpected failure: ${message}`];
  if (verbose && error instanceof Error && error.stack) lines.push(error.stack);
  else lines.push("hint: re-run with -v to see the stack trace, and please report it");
  return { text: lines.join("\n"), exitCode: ExitCode.unexpected };
}
