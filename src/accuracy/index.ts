/**
 * @module accuracy — scoring of accuracy datasets: extractors, scorers, the results file and its text.
 *
 * The public surface for the run, report and CLI code; everything else in this folder is internal.
 */
export type {
  AccuracyEntry,
  AccuracyResults,
  DatasetType,
  ResponseCounts,
  ResponseForScoring,
  ScoreInput,
} from "./accuracy-entry.ts";
export {
  ACCURACY_RESULTS_FILE,
  averageAccuracy,
  buildAccuracyResults,
  writeAccuracyResults,
} from "./accuracy-results-file.ts";
export { accuracyLines, formatScore, renderAccuracyTable, renderAccuracyText } from "./accuracy-text.ts";
export type { CodeExecutionOptions } from "./code-bench/execution-options.ts";
export { extractorNames, getExtractor, type Extractor } from "./extractor-registry.ts";
export { scoreDataset } from "./score-dataset.ts";
export { getScorer, scorerNames } from "./scorer-registry.ts";
