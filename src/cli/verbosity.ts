/**
 * @module cli/verbosity — the global `-v`/`-vv`/`--verbose` flag, which upstream takes before or
 * after any command's words. run-cli counts it for every command (stack traces); commands that
 * have no flag parser of their own drop it from their arguments with `withoutVerbosity`.
 */
const VERBOSITY = /^(-v+|--verbose)$/;

export const isVerbosityFlag = (token: string): boolean => VERBOSITY.test(token);

/** How verbose `args` ask for: `-v` 1, `-vv` 2, `--verbose` 1, summed. */
export function countVerbosity(args: readonly string[]): number {
  return args.filter(isVerbosityFlag).reduce((n, a) => n + (a === "--verbose" ? 1 : a.length - 1), 0);
}

/** `argv` without the verbosity flags, which run-cli has already counted. */
export function withoutVerbosity(argv: readonly string[]): string[] {
  return argv.filter((a) => !isVerbosityFlag(a));
}
