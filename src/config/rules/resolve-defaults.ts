/** @module config/rules/resolve-defaults — defaults that depend on other fields, as upstream derives them. */
import { effectiveKind, type RuleContext } from "./rule-context.ts";
import { pinRulesetSeeds } from "../../mlperf/rules-submission.ts";
import type { DraftConfig } from "../schema/schema.ts";
import { AgenticInferenceSchema } from "../schema/dataset.ts";
import { isPoolingApi } from "../../dataset/pooling-api.ts";

/** Fills derived values in place, before the cross-field rules run and the config is frozen. */
export function resolveDefaults(config: DraftConfig, { mode }: RuleContext): void {
  if (config.model_params.name === "" && config.submission_ref) config.model_params.name = config.submission_ref.model;
  pinRulesetSeeds(config);
  if (config.name === "") config.name = `${config.type}_benchmark`;
  if (config.model_params.streaming === "auto") {
    // Embeddings and rerank never stream (config/rules/pooling): auto is off for them.
    const never = isPoolingApi(config.endpoint_config.api_type);
    config.model_params.streaming = never || effectiveKind(config) === "offline" ? "off" : "on";
  }
  // Ours: `--load-pattern agentic_inference --dataset …` replays the dataset's conversations with upstream's defaults.
  const perf = config.datasets.find((d) => d.type === "performance");
  if (config.settings.load_pattern.type === "agentic_inference" && perf && perf.agentic_inference === null)
    perf.agentic_inference = AgenticInferenceSchema.parse({});
  forwardConcurrencyToSweBench(config);
  if (mode === "acc") {
    // Accuracy-only runs issue in a deterministic order: one worker, one connection, one in flight.
    config.settings.client.num_workers = 1;
    config.settings.client.max_connections = 1;
    config.settings.load_pattern.target_concurrency = 1;
  }
}

/**
 * As upstream's BenchmarkConfig validator: a closed loop's target_concurrency (concurrency or
 * agentic_inference, non-zero) becomes each swe_bench_scorer dataset's `extras.workers` when that
 * is unset or null; before `--mode acc` pins the concurrency to 1, as upstream's run setup pins it after.
 */
function forwardConcurrencyToSweBench(config: DraftConfig): void {
  const { type, target_concurrency: concurrency } = config.settings.load_pattern;
  if ((type !== "concurrency" && type !== "agentic_inference") || !concurrency) return;
  for (const dataset of config.datasets) {
    const accuracy = dataset.accuracy_config;
    if (accuracy?.eval_method === "swe_bench_scorer" && accuracy.extras?.workers == null)
      accuracy.extras = { ...(accuracy.extras ?? {}), workers: concurrency };
  }
}
