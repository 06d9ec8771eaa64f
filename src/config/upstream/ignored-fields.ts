/**
 * @module config/upstream/ignored-fields — upstream fields set where upstream itself ignores them, each
 * named in one warning line: upstream's files must still run, so they are not refused, but
 * nothing is silently ignored either. Covers load-pattern knobs outside their pattern, warmup
 * knobs with warmup off, profiling URLs without an engine, `benchmark_mode` outside submissions,
 * an accuracy drain without accuracy datasets, and request parameters the api_type's body has no
 * place for (SGLang's /generate takes only the length and the three sampling knobs; a completion
 * has no chat template).
 */
import { isPoolingApi } from "../../dataset/pooling-api.ts";
import type { TestMode } from "../flags.ts";
import { RULESETS } from "../../mlperf/rulesets.ts";
import type { BenchmarkConfig } from "../schema/schema.ts";
import { ModelParamsSchema } from "../schema/model-params.ts";

type ModelParams = BenchmarkConfig["model_params"];

const DEFAULT_MAX_NEW_TOKENS = ModelParamsSchema.parse({}).max_new_tokens;

const SAMPLING_PARAMS = [
  "temperature",
  "top_k",
  "top_p",
  "seed",
  "repetition_penalty",
  "presence_penalty",
  "frequency_penalty",
] as const;

/** The model_params each api_type's request body leaves out (dataset/request-body, dataset/sglang-body). */
const NOT_SENT: Readonly<Record<string, readonly (keyof ModelParams)[]>> = {
  sglang: ["seed", "repetition_penalty", "presence_penalty", "frequency_penalty", "chat_template_kwargs"],
  openai_completions: ["chat_template_kwargs"],
  // Ours: the Responses API has no chat_template_kwargs (dataset/responses-body).
  openai_responses: ["chat_template_kwargs"],
  // ours: embeddings and rerank take no sampling (dataset/embeddings-body, dataset/rerank-body).
  openai_embeddings: [...SAMPLING_PARAMS, "chat_template_kwargs"],
  rerank: [...SAMPLING_PARAMS, "chat_template_kwargs"],
};

const WARMUP_KNOBS = { n_requests: null, salt: false, drain: false, warmup_random_seed: 42 } as const;

function unsentParams(config: BenchmarkConfig): string[] {
  const apiType = config.endpoint_config.api_type;
  const dropped = NOT_SENT[apiType] ?? [];
  const sources: [string, Partial<ModelParams> | null][] = [
    ["model_params", config.model_params],
    ...config.datasets.map(
      (d, i) =>
        [`datasets[${i}].generation_config_override`, d.generation_config_override as Partial<ModelParams> | null] as [
          string,
          Partial<ModelParams> | null,
        ],
    ),
  ];
  return sources.flatMap(([prefix, params]) =>
    dropped
      .filter((key) => params?.[key] !== null && params?.[key] !== undefined)
      .map(
        (key) =>
          `${prefix}.${key} is not sent: api_type ${apiType}'s request body has no place for it${isPoolingApi(apiType) ? "" : " (as in mlcommons/endpoints)"}`,
      ),
  );
}

/** One line each, without the `warning: ` prefix. */
export function ignoredFieldWarnings(config: BenchmarkConfig, mode: TestMode): string[] {
  const warnings: string[] = [];
  const { load_pattern: pattern, warmup, profiling, drain } = config.settings;
  // Accuracy-only runs set target_concurrency to 1 themselves (one request at a time).
  if (
    pattern.target_concurrency !== null &&
    pattern.type !== "concurrency" &&
    pattern.type !== "agentic_inference" &&
    mode !== "acc"
  ) {
    warnings.push(
      `settings.load_pattern.target_concurrency ${pattern.target_concurrency} is not used by ` +
        `the ${pattern.type} pattern, as in mlcommons/endpoints (--load-pattern concurrency uses ` +
        `it)`,
    );
  }
  if (!pattern.use_legacy_loadgen_qps_metrics && pattern.type !== "poisson") {
    warnings.push(
      `settings.load_pattern.use_legacy_loadgen_qps_metrics false applies to poisson only; not used by ${pattern.type}, as in mlcommons/endpoints`,
    );
  }
  if (!warmup.enabled) {
    // A registered ruleset pins warmup_random_seed itself.
    const pinned = config.submission_ref !== null && RULESETS.has(config.submission_ref.ruleset);
    const set = Object.entries(WARMUP_KNOBS).filter(
      ([key, initial]) =>
        warmup[key as keyof typeof WARMUP_KNOBS] !== initial && !(pinned && key === "warmup_random_seed"),
    );
    if (set.length > 0)
      warnings.push(
        `${set.map(([key]) => `settings.warmup.${key}`).join(", ")}: not used while settings.warmup.enabled is false (--warmup turns it on)`,
      );
  }
  if (profiling.urls !== null && profiling.urls.length > 0 && profiling.engine === null) {
    warnings.push(
      "settings.profiling.urls is not used without settings.profiling.engine (e.g. vllm), as in mlcommons/endpoints",
    );
  }
  if (config.benchmark_mode !== null && config.type !== "submission") {
    warnings.push(
      `benchmark_mode ${config.benchmark_mode} is read for type submission only; type ${config.type} decides, as in mlcommons/endpoints`,
    );
  }
  if (drain.accuracy_timeout_s !== null && !config.datasets.some((d) => d.type === "accuracy")) {
    warnings.push("settings.drain.accuracy_timeout_s is not used: there is no accuracy dataset");
  }
  warnings.push(...unsentParams(config));
  // The limit always has a value (its default): only one set away from it was asked for.
  if (isPoolingApi(config.endpoint_config.api_type) && config.model_params.max_new_tokens !== DEFAULT_MAX_NEW_TOKENS)
    warnings.push(
      `model_params.max_new_tokens is not sent: api_type ${config.endpoint_config.api_type} generates no tokens`,
    );
  return warnings;
}
