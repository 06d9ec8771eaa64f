/**
 * @module dataset/load-dataset-async — `loadDataset` plus the one step that needs the network:
 * an `hf://` dataset that is not in the local cache is downloaded (its Parquet conversion)
 * first, unless `HF_HUB_OFFLINE` is set; a predefined dataset name (`gpqa::gptoss`, as upstream
 * tool names them) that is not an existing path goes to `loadPredefinedDataset`. Everything else
 * is the synchronous loader.
 */
import { existsSync } from "node:fs";
import { InputError } from "../errors.ts";
import { isHfUri } from "./dataset-format.ts";
import { findHfSnapshot, isHfOffline, notCachedError, parseHfUri, PARQUET_REVISION } from "./hf-cache.ts";
import { downloadHfParquet, type FetchLike } from "./hf-download.ts";
import { loadDataset, type Dataset, type DatasetSpec, type LoadOptions } from "./load-dataset.ts";
import { isBfclName, loadBfclDataset } from "./predefined/bfcl/load-bfcl.ts";
import { parseGenerateParams } from "./predefined/generate-params.ts";
import { isPredefinedDataset, loadPredefinedDataset } from "./predefined/load-predefined.ts";

interface AsyncLoadOptions extends LoadOptions {
  /** HTTP client for hub downloads; defaults to the global `fetch`. */
  fetch?: FetchLike;
}

/** `generate_params` reach predefined datasets (source, variant, seed, max_samples). */
type AsyncDatasetSpec = DatasetSpec & { generateParams?: unknown };

/** Downloads an uncached hf:// dataset when allowed, then loads it like `loadDataset`. */
export async function loadDatasetAsync(spec: AsyncDatasetSpec, options: AsyncLoadOptions = {}): Promise<Dataset> {
  const env = options.env ?? process.env;
  if (isBfclName(spec.name ?? "") || (isBfclName(spec.path) && !existsSync(spec.path))) {
    return loadBfclDataset(isBfclName(spec.path) ? spec.path : (spec.name as string), spec.generateParams, {
      env,
      maxRows: spec.maxRows,
      datasetName: spec.name,
      path: spec.path,
    });
  }
  if (isPredefinedDataset(spec.path) && !existsSync(spec.path)) {
    const params = parseGenerateParams(spec.generateParams, spec.name || spec.path);
    // As upstream, a config's parser is not applied to a predefined dataset (config-warnings says so).
    const { name, maxRows, template } = spec;
    return loadPredefinedDataset(spec.path, {
      ...params,
      variant: params.variant ?? spec.config,
      name,
      maxRows,
      template,
      env,
      fetch: options.fetch,
    });
  }
  if (isHfUri(spec.path)) {
    const ref = parseHfUri(spec.path);
    if (findHfSnapshot(ref, env) === null) {
      if (isHfOffline(env)) throw notCachedError(ref, env);
      if (ref.revision !== null && ref.revision !== PARQUET_REVISION) {
        throw new InputError(
          `${ref.uri}: revision '${ref.revision}' is not cached, and the hub serves Parquet only for its latest version`,
          {
            hint: `drop @${ref.revision} to download the latest Parquet conversion, or download the revision with huggingface-cli`,
          },
        );
      }
      await downloadHfParquet(ref, { env, fetch: options.fetch, config: spec.config, split: spec.split });
    }
  }
  return loadDataset(spec, { env });
}
