/** @module run/configured-dataset — loads one dataset entry of the config: a file, hf:// or the synthetic `random`. */
import type { BenchmarkConfig, DatasetConfig } from "../config/schema.ts";
import type { Dataset } from "../dataset/load-dataset.ts";
import { loadDatasetAsync } from "../dataset/load-dataset-async.ts";
import { isSyntheticDataset, syntheticDataset } from "../dataset/synthetic-dataset.ts";
import type { TextTokenizer } from "../tokens/load-tokenizer.ts";

export async function loadConfiguredDataset(spec: DatasetConfig, config: BenchmarkConfig, tokenizer: TextTokenizer | null): Promise<Dataset> {
  if (isSyntheticDataset(spec)) return syntheticDataset(spec, config.settings.runtime.dataloader_random_seed, tokenizer);
  return loadDatasetAsync({
    // A predefined dataset may be named without a path (YAML `name: gpqa::gptoss`).
    path: spec.path ?? spec.name,
    generateParams: spec.generate_params, format: spec.format ?? null, parser: spec.parser ?? null, name: spec.name,
    maxRows: spec.max_rows, template: spec.template, split: spec.split, config: spec.config,
  });
}
