/**
 * @module run/prepare-workload — from a validated config to what the workers will send.
 *
 * Loads the performance dataset, builds every request body once (workers index them by row),
 * resolves endpoint URLs and derives the phases' plans. Pure apart from reading the dataset.
 */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema.ts";
import { totalSamplesToIssue } from "../config/sample-count.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { loadDatasetAsync } from "../dataset/load-dataset-async.ts";
import { isSyntheticDataset, syntheticDataset } from "../dataset/synthetic-dataset.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";
import { buildRequestBody, joinEndpointUrl, routeFor, type ApiType } from "../dataset/request-body.ts";
import { InputError } from "../errors.ts";
import { buildPhasePlan, type LoadPattern } from "../plan/phase-plan.ts";
import type { SessionPhase } from "./session.ts";

export interface Workload {
  dataset: Dataset;
  bodies: string[];
  endpointUrls: string[];
  streaming: boolean;
  apiType: ApiType;
  pattern: LoadPattern;
  phases: SessionPhase[];
}

const FOREVER_MS = 2_147_483_647;

function performanceDataset(config: BenchmarkConfig): DatasetConfig {
  const spec = config.datasets.find((d) => d.type === "performance");
  if (!spec?.path) throw new InputError("no performance dataset given", { hint: "add --dataset PATH (e.g. --dataset datasets/dummy_1k.jsonl)" });
  return spec;
}

function seconds(value: number | null | undefined): number {
  return value == null ? FOREVER_MS : Math.min(FOREVER_MS, Math.round(value * 1000));
}

export async function prepareWorkload(config: BenchmarkConfig, tokenizer: TextTokenizer | null = null): Promise<Workload> {
  const spec = performanceDataset(config);
  const dataset = isSyntheticDataset(spec)
    ? syntheticDataset(spec, config.settings.runtime.dataloader_random_seed, tokenizer)
    : await loadDatasetAsync({
      path: spec.path as string, format: spec.format ?? null, parser: spec.parser ?? null, name: spec.name,
      samples: spec.samples, template: spec.template, split: spec.split, config: spec.config,
    });
  const apiType = config.endpoint_config.api_type as ApiType;
  const params = config.model_params;
  const streaming = params.streaming === "on";
  const bodies = dataset.rows.map((row) =>
    buildRequestBody(row, {
      apiType, model: params.name, maxNewTokens: params.max_new_tokens, minNewTokens: params.min_new_tokens,
      skipSpecialTokens: params.skip_special_tokens, streaming, temperature: params.temperature, topP: params.top_p,
      topK: params.top_k, seed: params.seed, repetitionPenalty: params.repetition_penalty,
      presencePenalty: params.presence_penalty, frequencyPenalty: params.frequency_penalty,
      chatTemplateKwargs: params.chat_template_kwargs as Record<string, unknown> | null,
    }),
  );
  const { runtime, load_pattern: lp, drain, warmup } = config.settings;
  const pattern: LoadPattern = {
    type: lp.type as LoadPattern["type"], targetQps: lp.target_qps, targetConcurrency: lp.target_concurrency, burstiness: lp.burstiness,
    maxConcurrency: lp.max_concurrency, rampUpS: lp.ramp_up_s, rampStartQps: lp.ramp_start_qps,
  };
  const count = totalSamplesToIssue({
    nSamplesToIssue: runtime.n_samples_to_issue, minDurationMs: runtime.min_duration_ms, targetQps: lp.target_qps, datasetSize: dataset.rows.length,
  });
  const phases: SessionPhase[] = [];
  if (warmup.enabled) {
    const warmupSeed = warmup.warmup_random_seed;
    phases.push({
      kind: "warmup",
      drainTimeoutMs: seconds(drain.warmup_timeout_s),
      maxDurationMs: 0,
      plan: buildPhasePlan({ phase: "warmup", pattern, count: warmup.n_requests ?? dataset.rows.length, datasetSize: dataset.rows.length, schedulerSeed: warmupSeed, dataloaderSeed: warmupSeed + 1 }),
    });
  }
  phases.push({
    kind: "performance",
    drainTimeoutMs: seconds(drain.performance_timeout_s),
    maxDurationMs: runtime.max_duration_ms,
    plan: buildPhasePlan({ phase: "performance", pattern, count, datasetSize: dataset.rows.length, schedulerSeed: runtime.scheduler_random_seed, dataloaderSeed: runtime.dataloader_random_seed }),
  });
  const route = routeFor(apiType);
  const endpointUrls = config.endpoint_config.endpoints.map((base) => joinEndpointUrl(base, route));
  return { dataset, bodies, endpointUrls, streaming, apiType, pattern, phases };
}
