/**
 * @module config/upstream/own-fields — the config fields that are ours, not upstream's, and the report's
 * config.yaml without those of them at their defaults.
 *
 * Upstream's tools (its compliance checker, `validate-yaml`) load a run's config.yaml with a
 * schema that refuses unknown keys. Leaving out our fields that hold their defaults lets them load
 * every run that used none of ours; a field that was set stays, since the run depended on it.
 * docs/upstream-config.md lists the same fields under "Fields of our own" (a test checks that).
 */
import { getPath, isPlainObject } from "../object-path.ts";
import { DatasetConfigSchema } from "../schema/dataset.ts";
import { listLeaves } from "../schema/walk.ts";

export const OWN_FIELDS = [
  "submission_ref.priority",
  "run_timeout_s",
  "shard",
  "shards",
  "start_at",
  "start_barrier",
  "accuracy.allow_code_execution",
  "accuracy.lcb_service",
  "accuracy.timeout_per_test_s",
  "slo.ttft_ms",
  "slo.tpot_ms",
  "slo.ttfo_ms",
  "slo.latency_ms",
  "slo.percentile",
  "gpus",
  "gpu_hour_cost_usd",
  "runs",
  "server_metrics.url",
  "server_metrics.interval_s",
  "endpoint_config.headers",
  "model_params.extra_body",
  "model_params.model_mix",
  "model_params.batch_size",
  "live_metrics",
  "ui",
  "settings.load_pattern.burstiness",
  "settings.load_pattern.max_concurrency",
  "settings.load_pattern.ramp_up_s",
  "settings.load_pattern.ramp_start_qps",
  "settings.load_pattern.trace_speedup",
  "settings.client.request_timeout_s",
  "settings.client.record_ids",
  "settings.client.think_tags",
  "settings.client.calibrate",
  "settings.client.stall_timeout_s",
  "settings.client.max_response_mb",
  "settings.client.retries",
  "datasets[].max_rows",
  "datasets[].template",
  "datasets[].split",
  "datasets[].config",
  "datasets[].isl",
  "datasets[].osl",
  "datasets[].prefix",
  "datasets[].images",
  "datasets[].image_size",
  "datasets[].image_format",
  "datasets[].turns",
  "datasets[].agentic_inference.history",
  "datasets[].generation_config_override.extra_body",
] as const;

/** Top-level sections that are ours as a whole: dropped once none of their fields is left. */
const OWN_SECTIONS = ["accuracy", "slo", "server_metrics"] as const;

const DATASET = "datasets[].";

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/** Deletes `path` in `node` when it holds `initial`. */
function dropIfDefault(node: unknown, path: readonly string[], initial: unknown): void {
  const parent = getPath(node, path.slice(0, -1));
  const key = path.at(-1) as string;
  if (isPlainObject(parent) && key in parent && same(parent[key], initial)) delete parent[key];
}

/**
 * A copy of `config` (plain data, e.g. from redactSecrets) without our own fields that hold their
 * defaults; sections of ours left empty go too.
 */
export function withoutOwnDefaults(config: unknown): unknown {
  if (!isPlainObject(config)) return config;
  const copy = structuredClone(config);
  const top = new Map(listLeaves().map((leaf) => [leaf.path, leaf.defaultValue]));
  const datasetDefaults = DatasetConfigSchema.parse({ agentic_inference: {} }) as Record<string, unknown>;
  for (const field of OWN_FIELDS) {
    if (field.startsWith(DATASET)) {
      const path = field.slice(DATASET.length).split(".");
      const datasets = Array.isArray(copy.datasets) ? copy.datasets : [];
      for (const dataset of datasets) dropIfDefault(dataset, path, getPath(datasetDefaults, path));
    } else if (top.has(field)) dropIfDefault(copy, field.split("."), top.get(field));
  }
  for (const section of OWN_SECTIONS) {
    const value = copy[section];
    if (isPlainObject(value) && Object.values(value).every((v) => v === null || v === undefined)) delete copy[section];
  }
  return copy;
}
