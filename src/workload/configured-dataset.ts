/**
 * @module workload/configured-dataset — loads one dataset entry of the config: a file, hf:// or the
 * synthetic `random`; for gpt-oss behind a token-id API, with its prompts Harmony-tokenised as
 * upstream does (dataset/harmony). A dataset whose every row already carries `input_tokens` needs no
 * Harmony and no tokenizer: upstream skips the step then, and its gpt-oss examples run pre-tokenised
 * MLPerf prompts on hosts that never downloaded the gpt-oss tokenizer.
 */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema/schema.ts";
import { harmonizeRows, todayIso, usesHarmony } from "../dataset/harmony.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { loadDatasetAsync } from "../dataset/load-dataset-async.ts";
import { isTokenIds } from "../dataset/prompt-check.ts";
import { isSyntheticDataset, syntheticDataset } from "../dataset/synthetic-dataset.ts";
import { loadTokenizer, type TextTokenizer } from "../tokens/load-tokenizer.ts";

/** Upstream's Harmony tokenizer when the run has none of its own. */
const HARMONY_TOKENIZER = "openai/gpt-oss-120b";

async function loadRows(
  spec: DatasetConfig,
  config: BenchmarkConfig,
  tokenizer: TextTokenizer | null,
): Promise<Dataset> {
  if (isSyntheticDataset(spec))
    return syntheticDataset(spec, config.settings.runtime.dataloader_random_seed, tokenizer);
  return loadDatasetAsync({
    // A predefined dataset may be named without a path (YAML `name: gpqa::gptoss`).
    path: spec.path ?? spec.name,
    generateParams: spec.generate_params,
    format: spec.format ?? null,
    parser: spec.parser ?? null,
    name: spec.name,
    maxRows: spec.max_rows,
    template: spec.template,
    split: spec.split,
    config: spec.config,
  });
}

export async function loadConfiguredDataset(
  spec: DatasetConfig,
  config: BenchmarkConfig,
  tokenizer: TextTokenizer | null,
): Promise<Dataset> {
  const dataset = await loadRows(spec, config, tokenizer);
  if (!usesHarmony(config.endpoint_config.api_type, config.model_params.name)) return dataset;
  if (dataset.rows.every((row) => isTokenIds(row.input_tokens))) return dataset;
  const rows = harmonizeRows(dataset.rows, tokenizer ?? loadTokenizer(HARMONY_TOKENIZER), todayIso());
  return {
    ...dataset,
    rows,
    columns: dataset.columns.includes("input_tokens") ? dataset.columns : [...dataset.columns, "input_tokens"],
  };
}
