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
 * `--mode` when given; otherwise `both` for submissions and `perf` for every other type, as
 * upstream's `from-config` — `type: eval` too, so an eval config with a performance dataset runs it.
 * Ours: an eval config with accuracy datasets and no performance dataset runs in `acc` mode, where
 * upstream's perf mode stops at run setup for want of a performance dataset.
 */
export function resolveTestMode(config: Pick<BenchmarkConfig, "type" | "datasets">, mode?: TestMode): TestMode {
  if (mode) return mode;
  if (config.type === "submission") return "both";
  const accuracyOnly =
    config.datasets.some((d) => d.type === "accuracy") && !config.datasets.some((d) => d.type === "performance");
  return config.type === "eval" && accuracyOnly ? "acc" : "perf";
}
