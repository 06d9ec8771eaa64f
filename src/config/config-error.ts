/** @module config/config-error — one validation problem, and the InputError that lists them all. */
import { InputError } from "../errors.ts";

/** One thing wrong with a configuration, addressed by YAML path (and flag, when there is one). */
export interface ConfigProblem {
  /** Dotted YAML path, `datasets[0].parser` style. */
  path: string;
  message: string;
  /** Shortest flag that sets `path`, when the current command has one. */
  flag?: string;
}

export function formatProblem(problem: ConfigProblem): string {
  const where = problem.flag ? `${problem.path} (${problem.flag})` : problem.path;
  return where === "" ? problem.message : `${where}: ${problem.message}`;
}

/**
 * Thrown by `buildConfig`: exit 2. One problem is one line (`error: <where>: <what>`); several
 * are listed each on its own line after a short first line, so all are fixed in one go.
 */
export class ConfigError extends InputError {
  readonly problems: readonly ConfigProblem[];

  constructor(problems: readonly ConfigProblem[], options: { hint?: string; source?: string } = {}) {
    const count = `${problems.length} problem${problems.length === 1 ? "" : "s"}`;
    const where = options.source ? ` in ${options.source}` : "";
    const lines = problems.map((p) => `  - ${formatProblem(p)}`);
    const [only] = problems;
    const message =
      problems.length === 1 && only
        ? `invalid configuration${where}: ${formatProblem(only)}`
        : `invalid configuration${where}: ${count}:\n${lines.join("\n")}`;
    super(message, options.hint ? { hint: options.hint } : {});
    this.problems = problems;
  }
}
