/**
 * @module mlperf/rules-submission — `submission_ref` and `type: submission`: a benchmark mode, a
 * registered ruleset, a known model, and for `audit:` a load pattern whose QPS shows the server's
 * capacity. `pinRulesetSeeds` overwrites the seeds as upstream does, for every type.
 */
import type { ConfigProblem } from "../config/config-error.ts";
import type { Rule } from "../config/rules/rule-context.ts";
import type { Priority } from "./ruleset-models.ts";
import { RULESET_NAMES, RULESETS } from "./rulesets.ts";
import type { BenchmarkConfig, DraftConfig } from "../config/schema/schema.ts";
import { narrowInteger } from "../rng/narrow-integer.ts";

export const submissionRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  const pattern = config.settings.load_pattern.type;
  if (config.audit !== null && pattern !== "max_throughput" && pattern !== "concurrency") {
    problems.push({
      path: "settings.load_pattern.type",
      message:
        `Output-caching audit requires a load pattern where achieved QPS reflects SUT capacity ` +
        `(max_throughput, concurrency); got '${pattern}', which would mask a caching-induced ` +
        `speedup`,
    });
  }
  const ref = config.submission_ref;
  const registered = ref ? RULESETS.get(ref.ruleset) : undefined;
  if (ref && registered) {
    const rule = registered.models.get(ref.model);
    if (!rule) {
      problems.push({
        path: "submission_ref.model",
        message: `Model ${ref.model} not found in rules for round ${registered.version} (models: ${[...registered.models.keys()].join(", ")})`,
      });
    } else if (ref.priority !== null && !rule.caps[ref.priority]) {
      problems.push({
        path: "submission_ref.priority",
        message: `Model ${ref.model} does not support optimization priority ${ref.priority} (supports: ${Object.keys(rule.caps).join(", ")})`,
      });
    }
  }
  if (config.type !== "submission") return problems;
  if (config.benchmark_mode === null) {
    problems.push({ path: "benchmark_mode", message: "type: submission needs benchmark_mode: offline or online" });
  }
  const ruleset = config.submission_ref?.ruleset;
  if (ruleset !== undefined && !RULESETS.has(ruleset)) {
    problems.push({
      path: "submission_ref.ruleset",
      message:
        `'${ruleset}' is not registered; a submission must pin official RNG seeds and cannot fall ` +
        `back to defaults (registered: ${RULESET_NAMES.join(", ")})`,
    });
  }
  return problems;
};

/**
 * A registered ruleset's seeds replace whatever the config set, as upstream: the scheduler seed
 * for arrivals, the sample-index seed for the dataloader and the warmup.
 */
export function pinRulesetSeeds(config: DraftConfig): void {
  const ruleset = config.submission_ref ? RULESETS.get(config.submission_ref.ruleset) : undefined;
  if (!ruleset) return;
  config.settings.runtime.scheduler_random_seed = narrowInteger(ruleset.schedulerSeed);
  config.settings.runtime.dataloader_random_seed = narrowInteger(ruleset.sampleIndexSeed);
  config.settings.warmup.warmup_random_seed = narrowInteger(ruleset.sampleIndexSeed);
}

/** The ruleset, model and priority a run is judged by; null without a registered ruleset and model. */
export function submissionSettings(
  config: Pick<BenchmarkConfig, "submission_ref">,
): { ruleset: string; model: string; priority: Priority } | null {
  const ref = config.submission_ref;
  const rule = ref ? RULESETS.get(ref.ruleset)?.models.get(ref.model) : undefined;
  if (!ref || !rule) return null;
  return { ruleset: ref.ruleset, model: ref.model, priority: ref.priority ?? (Object.keys(rule.caps)[0] as Priority) };
}

/**
 * Why a planned run cannot be VALID under its ruleset (too few queries, too short a minimum
 * duration), with the numbers it needs; empty when nothing rules it out before it starts.
 */
export function plannedTooSmall(config: BenchmarkConfig): string[] {
  const settings = submissionSettings(config);
  const rule = settings ? RULESETS.get(settings.ruleset)?.models.get(settings.model) : undefined;
  if (!settings || !rule) return [];
  const { n_samples_to_issue: count, min_duration_ms: minDuration } = config.settings.runtime;
  const problems: string[] = [];
  const where = `${settings.ruleset} (${settings.model})`;
  if (count !== null && count < rule.minSampleCount) {
    problems.push(
      `${where} requires at least ${rule.minSampleCount} queries; this run issues ${count} (--num-samples ${rule.minSampleCount} or more)`,
    );
  }
  if (minDuration < rule.minDurationMs) {
    problems.push(
      `${where} requires at least ${rule.minDurationMs / 1000} s; this run's minimum duration ` +
        `is ${minDuration / 1000} s (--duration ${rule.minDurationMs / 1000}s or more)`,
    );
  }
  return problems;
}
