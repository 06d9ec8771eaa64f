/**
 * @module config/rules-submission — `submission_ref` and `type: submission`: a benchmark mode, a
 * registered ruleset, and no `audit:` block until the audits exist (a run without them would
 * look audited). `pinRulesetSeeds` overwrites the seeds as upstream does, for every type.
 */
import type { ConfigProblem } from "./config-error.ts";
import type { Rule } from "./rule-context.ts";
import { RULESET_NAMES, RULESETS } from "./rulesets.ts";
import type { DraftConfig } from "./schema.ts";
import { narrowInteger } from "./schema-primitives.ts";

export const submissionRule: Rule = (config) => {
  const problems: ConfigProblem[] = [];
  if (config.audit !== null) {
    problems.push({
      path: "audit",
      message: `the ${config.audit.test} audit (MLPerf TEST04) is not implemented yet; remove the block and run the audit with mlcommons/endpoints`,
    });
  }
  if (config.type !== "submission") return problems;
  if (config.benchmark_mode === null) {
    problems.push({ path: "benchmark_mode", message: "type: submission needs benchmark_mode: offline or online" });
  }
  const ruleset = config.submission_ref?.ruleset;
  if (ruleset !== undefined && !RULESETS.has(ruleset)) {
    problems.push({
      path: "submission_ref.ruleset",
      message: `'${ruleset}' is not registered; a submission must pin official RNG seeds and cannot fall back to defaults (registered: ${RULESET_NAMES.join(", ")})`,
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
