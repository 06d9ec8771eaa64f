/**
 * @module config/rules/config-warnings — what a valid config does differently from what a reader may
 * expect, said once before the run (and by validate-yaml): fields mlcommons/endpoints stores and
 * never uses, fields set where it ignores them (config/upstream/ignored-fields), and a ruleset it cannot pin.
 */
import { isExternalScorer } from "../../accuracy/scoring-setup.ts";
import { isPredefinedDataset } from "../../dataset/predefined/predefined-registry.ts";
import { datasetSource } from "./dataset-options.ts";
import type { TestMode } from "../flags.ts";
import { ignoredFieldWarnings } from "../upstream/ignored-fields.ts";
import { noEffectWarnings } from "../upstream/no-effect-fields.ts";
import { RULESETS } from "../../mlperf/rulesets.ts";
import type { BenchmarkConfig } from "../schema/schema.ts";

/** One line each, without the `warning: ` prefix. */
export function configWarnings(config: BenchmarkConfig, mode: TestMode = "perf"): string[] {
  const warnings: string[] = [];
  if (config.timeout !== null) {
    warnings.push(
      `timeout ${config.timeout} is stored and not used, as in mlcommons/endpoints; --run-timeout ${config.timeout} (run_timeout_s) stops a run`,
    );
  }
  config.datasets.forEach((d, index) => {
    if (mode === "perf" && isExternalScorer(d.accuracy_config?.eval_method)) {
      warnings.push(
        `datasets[${index}] '${d.name}' (${d.accuracy_config?.eval_method}) is skipped in perf ` +
          `mode, as in mlcommons/endpoints; --mode acc or both would refuse it here (its service is ` +
          `not supported yet)`,
      );
    }
    if (d.samples !== null) {
      warnings.push(
        `datasets[${index}].samples ${d.samples} is stored and not used, as in ` +
          `mlcommons/endpoints; max_rows: ${d.samples} uses only the first ${d.samples} rows`,
      );
    }
    const source = d.path ?? d.name;
    // Upstream's random dataset is one of its predefined datasets: its parser is not applied either.
    if (d.parser !== null && (isPredefinedDataset(source) || datasetSource(d) === "random")) {
      warnings.push(
        `datasets[${index}].parser is not applied to the predefined dataset '${source}', as in mlcommons/endpoints`,
      );
    }
    if (source === "random" && d.generate_params !== null && d.isl === null) {
      warnings.push(
        `datasets[${index}] is upstream's random dataset: prompt lengths follow its distribution, ` +
          `but the prompts are words of our own, not its numpy-drawn token ids`,
      );
    } else if (d.generate_params !== null && !isPredefinedDataset(source)) {
      warnings.push(
        `datasets[${index}].generate_params is read by predefined datasets only; '${source}' is not one, so it is not used (as in mlcommons/endpoints)`,
      );
    }
  });
  const ruleset = config.submission_ref?.ruleset;
  // For type submission an unknown ruleset is an error (rules-submission); for the rest, upstream's warning.
  if (ruleset !== undefined && !RULESETS.has(ruleset)) {
    warnings.push(`submission_ref.ruleset '${ruleset}' is not registered; skipping ruleset seed overrides.`);
  }
  warnings.push(...ignoredFieldWarnings(config, mode));
  warnings.push(...noEffectWarnings(config));
  return warnings;
}

/** The seeds a registered ruleset pinned, for the plan and validate-yaml. */
export function pinnedSeedsLine(config: BenchmarkConfig): string | undefined {
  const ruleset = config.submission_ref?.ruleset;
  if (ruleset === undefined || !RULESETS.has(ruleset)) return undefined;
  const { runtime } = config.settings;
  return (
    `ruleset ${ruleset} pins seeds: scheduler_random_seed=${runtime.scheduler_random_seed}, ` +
    `dataloader_random_seed=warmup_random_seed=${runtime.dataloader_random_seed}`
  );
}
