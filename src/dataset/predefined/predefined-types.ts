/**
 * @module dataset/predefined/predefined-types — what a predefined dataset declares:
 * where its data lives, how a raw row becomes a benchmark row, its model presets and the
 * accuracy settings a run uses unless the config says otherwise.
 */
import type { FileRows } from "../file-rows.ts";
import type { Dataset } from "../load-dataset.ts";

/** Scoring defaults of a predefined dataset, used when `accuracy_config` is absent. */
export interface AccuracyDefaults {
  evalMethod: string;
  extractor: string;
  groundTruthColumn: string;
  numRepeats: number;
}

/** A loaded predefined dataset: request-ready rows plus its scoring defaults. */
export type PredefinedDataset = Dataset & {
  accuracyDefaults: AccuracyDefaults;
  /** The variant loaded (`release_v6`, `diamond`); null for a dataset without variants. */
  variant: string | null;
};

/** Rows read from a source, with where they came from (for messages and `Dataset.path`). */
export interface SourceRows extends FileRows {
  path: string;
}

/**
 * Builds a row's prompt from the transformed columns (all strings): the prompt text, or the
 * columns the preset sets (`prompt` as content parts, `system`, cnn_dailymail's `chat_template`).
 */
export type PresetPrompt = (row: Readonly<Record<string, string>>) => string | Readonly<Record<string, unknown>>;

/** A config and split of the hub repository, fetched as the hub's Parquet conversion. */
interface HubPart {
  config: string;
  split: string;
}

interface VariantSpec {
  default: string;
  allowed: readonly string[];
  /** Turns what the user wrote (`gpqa_main`, `MAIN`) into a variant name; identity if absent. */
  normalise?: (raw: string) => string;
}

export interface PredefinedDefinition {
  id: string;
  /** `org/name` of the Hugging Face dataset repository the data comes from. */
  hubRepo: string;
  variants: VariantSpec | null;
  /** An environment variable naming the source when none is given (upstream's, for DeepSeek-R1). */
  sourceEnv?: string;
  /** Why `max_samples` is refused for this dataset, when it is. */
  maxSamplesRefusal?: string;
  /** Sub-directory of upstream's `dataset_cache/` that holds its prepared copy. */
  cacheSubdir(variant: string): string;
  /**
   * Reads the variant's rows from a directory: a hub snapshot, the hub's Parquet conversion,
   * or a prepared cache directory. Null when the directory does not hold them.
   */
  readDirectory(root: string, variant: string): SourceRows | null;
  /** Source rows → benchmark columns (strings, but DeepSeek-R1's `input_tokens` stay ids). `seed` drives any shuffling. */
  transform(source: SourceRows, seed: number): Record<string, unknown>[];
  presets: Readonly<Record<string, PresetPrompt>>;
  accuracyDefaults: AccuracyDefaults;
  /** Hub parts to download when nothing local is found; null when the hub has no usable copy. */
  hubParts(variant: string): HubPart[] | null;
  /** How to get the data onto this machine, for the "not found" hint. */
  howToProvide(variant: string): string;
}

/** Options of `loadPredefinedDataset` (beyond the name). */
export interface PredefinedOptions {
  /** Environment for HF_HOME, HF_HUB_CACHE, HF_HUB_OFFLINE, HF_TOKEN; default `process.env`. */
  env?: Readonly<Record<string, string | undefined>>;
  /** A local file or directory, or `hf://datasets/…`, to read instead of the usual places. */
  source?: string | null;
  /** Dataset variant, e.g. `main` for GPQA or `release_v5` for LiveCodeBench. */
  variant?: string | null;
  /** Seed for shuffling and sub-sampling (upstream's default is 0). */
  seed?: number;
  /** Keep a seeded random subset of this many source rows, as upstream's `max_samples`. */
  maxSamples?: number | null;
  /** Keep the first N rows after the transform (`max_rows=`). */
  maxRows?: number | null;
  /** Dataset name to report; default the name as given, e.g. `gpqa::gptoss`. */
  name?: string | null;
  /** Builds `prompt` from `{column}` placeholders instead of a preset (`template=`). */
  template?: string | null;
  /** `{target: column}` remap applied after the preset (`parser=`). */
  parser?: Record<string, string> | null;
  /** Upstream's prepared-dataset directory; default `./dataset_cache`. */
  cacheDir?: string;
  /** HTTP client for hub downloads; default the global `fetch`. */
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
}
