/**
 * @module config/rules/sample-count — how many performance samples a run issues, as upstream's
 * `total_samples_to_issue`: an explicit count wins; an agentic run issues every client turn; a zero
 * duration means one pass; otherwise `ceil(qps × duration × 1.1)`, at least the minimum count, padded
 * up to whole passes over the dataset.
 */
import type { BenchmarkConfig } from "../schema/schema.ts";

/** Rate assumed when there is no target QPS (also for offline runs), as in upstream. */
const DEFAULT_QPS = 10;
/** Upstream's default head-room on top of rate × duration. */
const DEFAULT_PADDING_FACTOR = 1.1;

interface SampleCountInput {
  nSamplesToIssue?: number | null;
  minDurationMs: number;
  targetQps?: number | null;
  /** Rows in the performance dataset (client turns for an agentic run). */
  datasetSize: number;
  /** Upstream's `min_sample_count`: 1 for a plain run, the round's minimum under a ruleset. */
  minSampleCount?: number;
  paddingFactor?: number;
  /** Pad up to a multiple of the dataset size (upstream's `align_to_dataset_size`). */
  alignToDatasetSize?: boolean;
  /** `load_pattern.type: agentic_inference`: QPS × duration means nothing there. */
  agenticInference?: boolean;
}

export function totalSamplesToIssue({
  nSamplesToIssue,
  minDurationMs,
  targetQps,
  datasetSize,
  minSampleCount = 1,
  paddingFactor = DEFAULT_PADDING_FACTOR,
  alignToDatasetSize = true,
  agenticInference = false,
}: SampleCountInput): number {
  if (nSamplesToIssue !== null && nSamplesToIssue !== undefined) return nSamplesToIssue;
  if (agenticInference) return datasetSize;
  if (minDurationMs === 0) return Math.max(minSampleCount, datasetSize);
  const qps = targetQps ?? DEFAULT_QPS;
  // Upstream's operations in upstream's order, with no epsilon: 10 QPS × 600 s × 1.1 is 6600.000000000001 in
  // binary there too, so upstream issues 6601, padded to 6700 over 100 rows, and so must we.
  const expectedSamples = qps * (minDurationMs / 1000);
  let result = Math.max(minSampleCount, Math.ceil(expectedSamples * paddingFactor));
  const remainder = datasetSize > 0 ? result % datasetSize : 0;
  if (alignToDatasetSize && remainder !== 0) result += datasetSize - remainder;
  return result;
}

/** `totalSamplesToIssue` with the values taken from a validated config. */
export function samplesToIssueForConfig(config: BenchmarkConfig, datasetSize: number): number {
  const { runtime, load_pattern: pattern } = config.settings;
  return totalSamplesToIssue({
    nSamplesToIssue: runtime.n_samples_to_issue,
    minDurationMs: runtime.min_duration_ms,
    targetQps: pattern.target_qps,
    datasetSize,
    agenticInference: pattern.type === "agentic_inference",
  });
}
