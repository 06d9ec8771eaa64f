/**
 * @module accuracy/accuracy-entry — the input to scoring and the entry it produces.
 *
 * `AccuracyEntry` is one element of `accuracy_scores` in accuracy/accuracy_results.json, with
 * upstream's keys, in its order, and only those: the extractor by its class name upstream
 * (`ABCDExtractor`), the ground-truth column as configured, response counts on accuracy datasets
 * only (the performance entry's failures are in result_summary.json).
 */
import type { Rollup } from "../metrics/series-rollup.ts";
import type { CodeExecutionOptions } from "./code-bench/execution-options.ts";
import type { Breakdown } from "./scorer.ts";

export type { CodeExecutionOptions };

export type DatasetType = "accuracy" | "performance";

/** One issued sample's outcome, as read from the run's records. */
export interface ResponseForScoring {
  /** Row of the loaded dataset this sample was built from. */
  datasetIndex: number;
  /** 0-based pass number when the dataset is issued `num_repeats` times. */
  repeat: number;
  /** The output text (reasoning + content + tool calls); null when the request failed. */
  text: string | null;
  outputTokens: number | null;
  /** True when the request never completed (cancelled, its worker lost): upstream's sample with no COMPLETE event. */
  lost?: boolean;
}

export interface ScoreInput {
  datasetName: string;
  datasetType: DatasetType;
  /** `accuracy_config.eval_method`, e.g. "pass_at_1". */
  evalMethod: string;
  /** `accuracy_config.extractor`, e.g. "abcd_extractor"; null for none. */
  extractor: string | null;
  /** The column the scorer reads: `accuracy_config.ground_truth` (default "ground_truth"). */
  groundTruthColumn: string;
  /** `accuracy_config.ground_truth` as configured (null: unset), the entry's ground_truth_column; absent: groundTruthColumn. */
  groundTruthSetting?: string | null;
  /** The loaded dataset's rows; `datasetIndex` points into these. */
  rows: readonly Record<string, unknown>[];
  numRepeats: number;
  /** Samples issued for this dataset (the denominator). */
  issued: number;
  /** Responses of issued samples; an issued sample with no entry here is "missing". */
  responses: readonly ResponseForScoring[];
  /** Wall-clock duration of the dataset's phase, seconds. */
  durationS: number;
  /** Seconds the client tokenizer spent on this phase after the run; absent when it did not count it. */
  tokenizeS?: number;
  /** Needed by `code_bench_scorer` only. */
  codeExecution?: CodeExecutionOptions;
  /** The scorer's `accuracy_config.extras`, defaults filled in. */
  extras?: Readonly<Record<string, unknown>>;
}

/** `issued = scored + empty + missing` (see response-counts.ts). */
export interface ResponseCounts {
  issued: number;
  scored: number;
  empty: number;
  missing: number;
}

export interface AccuracyEntry {
  dataset_name: string;
  /** The extractor's class name upstream (`ABCDExtractor`, accuracy/extractor-registry); null when none is configured. */
  extractor: string | null;
  /** `accuracy_config.ground_truth` as configured; null when unset (the scorer then reads `ground_truth`). */
  ground_truth_column: string | null;
  /** Fraction correct in [0, 1]; null when nothing was issued; rouge: its measures by name. */
  score: number | null | Record<string, string | number>;
  /** Rows in the dataset. */
  unit_samples: number;
  num_repeats: number;
  /** unit_samples × num_repeats; for a performance dataset, the issued count. */
  total_samples: number;
  /** Phase wall clock, 3 decimals. */
  duration_s: number;
  /** False when the scorer could judge only part of the samples (e.g. a partial service result). */
  complete: boolean;
  dataset_type: DatasetType;
  /** Sub-scores by subset, when a scorer has them. */
  breakdown?: Breakdown;
  /** Accuracy datasets only, as upstream. */
  response_counts?: ResponseCounts;
  /** Output tokens of the responses with text, in the performance OSL rollup shape; accuracy datasets only. */
  output_sequence_lengths?: Rollup;
  /** Seconds the client tokenizer spent on the phase (its prompts and responses), when it gave the counts above. */
  osl_tokenize_s?: number;
}

/** `{average_accuracy?, osl_tokenization_s?, accuracy_scores}`: the accuracy_results.json document. */
export interface AccuracyResults {
  average_accuracy?: number;
  /** The entries' osl_tokenize_s summed, when one has it. */
  osl_tokenization_s?: number;
  accuracy_scores: AccuracyEntry[];
}
