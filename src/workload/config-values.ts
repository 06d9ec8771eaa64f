/** @module workload/config-values — values the run derives from the config, each in one place. */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import type { ApiType, RequestBodyParams } from "../dataset/request-body.ts";
import type { LoadPattern } from "../load-pattern/schedule.ts";

const FOREVER_MS = 2_147_483_647;

/** Seconds (null = forever) as a timer-safe number of ms. */
export function timeoutMs(seconds: number | null | undefined): number {
  return seconds == null ? FOREVER_MS : Math.min(FOREVER_MS, Math.round(seconds * 1000));
}

export function loadPatternOf(config: BenchmarkConfig): LoadPattern {
  const lp = config.settings.load_pattern;
  return {
    type: lp.type as LoadPattern["type"],
    targetQps: lp.target_qps,
    targetConcurrency: lp.target_concurrency,
    burstiness: lp.burstiness,
    maxConcurrency: lp.max_concurrency,
    rampUpS: lp.ramp_up_s,
    rampStartQps: lp.ramp_start_qps,
  };
}

type ModelParams = BenchmarkConfig["model_params"];
type Override = NonNullable<DatasetConfig["generation_config_override"]>;

function isMapping(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * `model_params` with a dataset's `generation_config_override` merged over them, as upstream:
 * mappings (`chat_template_kwargs`, `osl_distribution`, our `extra_body`) key by key, every other value replaced;
 * a key the override leaves out keeps the top-level value.
 */
function effectiveModelParams(params: ModelParams, override: Override | null): ModelParams {
  if (!override) return params;
  const merged: Record<string, unknown> = { ...params };
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined) continue;
    const base = merged[key];
    merged[key] = isMapping(base) && isMapping(value) ? { ...base, ...value } : value;
  }
  return merged as ModelParams;
}

/** The model parameters a dataset's requests carry, as request-body parameters (top-level ones without a dataset). */
export function requestParams(config: BenchmarkConfig, dataset: DatasetConfig | null = null): RequestBodyParams {
  const p = effectiveModelParams(config.model_params, dataset?.generation_config_override ?? null);
  return {
    apiType: config.endpoint_config.api_type as ApiType,
    model: p.name,
    maxNewTokens: p.max_new_tokens,
    minNewTokens: p.min_new_tokens,
    skipSpecialTokens: p.skip_special_tokens,
    streaming: p.streaming === "on",
    temperature: p.temperature,
    topP: p.top_p,
    topK: p.top_k,
    seed: p.seed,
    repetitionPenalty: p.repetition_penalty,
    presencePenalty: p.presence_penalty,
    frequencyPenalty: p.frequency_penalty,
    chatTemplateKwargs: p.chat_template_kwargs as Record<string, unknown> | null,
    extraBody: p.extra_body as Record<string, unknown> | null,
  };
}

/**
 * Requests the run sends, when the config alone fixes it (an explicit sample count, warmup off
 * or of a fixed size, no accuracy datasets); null when a dataset's length decides.
 */
export function knownRequestCount(config: BenchmarkConfig): number | null {
  const { runtime, warmup } = config.settings;
  if (config.datasets.some((d) => d.type !== "performance")) return null;
  if (runtime.n_samples_to_issue === null || runtime.n_samples_to_issue === undefined) return null;
  if (!warmup.enabled) return runtime.n_samples_to_issue;
  return warmup.n_requests === null || warmup.n_requests === undefined
    ? null
    : runtime.n_samples_to_issue + warmup.n_requests;
}
