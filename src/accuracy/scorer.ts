/**
 * @module accuracy/scorer — what a scorer is given and what it returns.
 *
 * `scoreDataset` extracts answers, then hands a scorer the samples that have a usable response;
 * the scorer returns how many passed (a sum of per-sample scores in [0, 1]). Samples with no or
 * an empty response never reach it: they are wrong by definition. A scorer may ask for the failed
 * ones too (`scoresEveryResponse`), and for the ones that never completed (`scoresMissing`).
 */
import type { CodeExecutionOptions } from "./code-bench/execution-options.ts";

export interface ExtractedSample {
  datasetIndex: number;
  repeat: number;
  /** The extractor's answer; null when it found none. */
  extracted: string | null;
  /** The response text as it came (null when the request failed). */
  response: string | null;
  /** The row's ground-truth cell, as loaded. */
  groundTruth: unknown;
  row: Readonly<Record<string, unknown>>;
  /** True for an issued sample that never completed (given only to a scorer with `scoresMissing`). */
  missing?: boolean;
}

export interface ScorerContext {
  groundTruthColumn: string;
  codeExecution: CodeExecutionOptions | undefined;
  /** `accuracy_config.extras`, defaults filled in (accuracy/scoring-setup). */
  extras: Readonly<Record<string, unknown>>;
}

export type Breakdown = Readonly<Record<string, number | null | Readonly<Record<string, number>>>>;

export interface ScorerOutcome {
  /** Σ per-sample scores over the samples given. */
  passed: number;
  /** False when some samples could not be judged (they count as wrong). */
  complete: boolean;
  /** Sub-scores: by subset (numbers), or nested by kind (BFCL's category and subset scores). */
  breakdown?: Breakdown;
  /** A score that is not a fraction of samples (rouge's measures, a hierarchical F1): replaces passed ÷ issued. */
  score?: number | Record<string, string | number>;
}

export interface Scorer {
  /** Score every response, failed and empty ones too (as text ""), not only the usable ones. */
  scoresEveryResponse?: boolean;
  /** Also score the issued samples that never completed (`missing: true`, response null), as BFCL's scorer does. */
  scoresMissing?: boolean;
  /** Still score when nothing was issued (the scorer's own empty result, e.g. BFCL's zero breakdown), instead of null. */
  scoresNothingIssued?: boolean;
  /** Validates options before anything is scored; throws InputError. */
  preflight?: (ctx: ScorerContext) => void;
  score: (samples: readonly ExtractedSample[], ctx: ScorerContext) => Promise<ScorerOutcome>;
}
