/** @module config/rules/rule-context — what cross-field rules see: the draft config, command and test mode. */
import type { ConfigProblem } from "../config-error.ts";
import type { BenchmarkCommand, TestMode } from "../flags.ts";
import type { BenchmarkConfig, DraftConfig } from "../schema/schema.ts";

export interface RuleContext {
  command: BenchmarkCommand;
  mode: TestMode;
  /** Schema paths set by command-line flags (over the YAML, for from-config). */
  flagPaths: readonly string[];
}

/** A cross-field rule: reads the schema-valid draft and returns what is wrong with it. */
export type Rule = (config: DraftConfig, context: RuleContext) => ConfigProblem[];

/**
 * Whether the run behaves as offline or online: the type, or for `type: submission` its
 * `benchmark_mode`; undefined for `eval` (no load-pattern rule applies).
 */
export function effectiveKind(
  config: Pick<BenchmarkConfig, "type" | "benchmark_mode">,
): "offline" | "online" | undefined {
  if (config.type === "offline" || config.type === "online") return config.type;
  if (config.type === "submission") return config.benchmark_mode ?? undefined;
  return undefined;
}

/**
 * `--mode` when given; otherwise `both` for submissions (as upstream), `acc` for `type: eval`
 * (ours: an eval config has accuracy datasets only), and `perf` for everything else.
 */
export function resolveTestMode(type: BenchmarkConfig["type"], mode?: TestMode): TestMode {
  return mode ?? (type === "submission" ? "both" : type === "eval" ? "acc" : "perf");
}
