/**
 * @module config/rules/sample-count — how many performance samples a run issues (upstream's rule): an
 * explicit count wins; otherwise enough for `min_duration` at the target rate plus 10 %, rounded
 * up to whole passes over the dataset; a zero duration means one pass.
 */
import type { BenchmarkConfig } from "../schema/schema.ts";

/** Rate assumed when there is no target QPS (also for offline runs), as in upstream. */
const DEFAULT_QPS = 10;
/** Head-room on top of rate × duration. */
const DURATION_HEADROOM = 1.1;

interface SampleCountInput {
  nSamplesToIssue?: number | null;
  minDurationMs: number;
  targetQps?: number | null;
  /** Rows in the performance dataset. */
  datasetSize: number;
}

export function totalSamplesToIssue({
  nSamplesToIssue,
  minDurationMs,
  targetQps,
  datasetSize,
}: SampleCountInput): number {
  if (nSamplesToIssue !== null && nSamplesToIssue !== undefined) return nSamplesToIssue;
  if (minDurationMs === 0) return Math.max(1, datasetSize);
  const qps = targetQps ?? DEFAULT_QPS;
  // The epsilon absorbs binary rounding (10 × 1 s × 1.1 = 11.000000000000002 must give 11, not 12).
  const needed = Math.ceil(qps * (minDurationMs / 1000) * DURATION_HEADROOM - 1e-9);
  if (datasetSize <= 0) return needed;
  return Math.ceil(needed / datasetSize) * datasetSize;
}

/** `totalSamplesToIssue` with the values taken from a validated config. */
export function samplesToIssueForConfig(config: BenchmarkConfig, datasetSize: number): number {
  const { runtime, load_pattern: pattern } = config.settings;
  return totalSamplesToIssue({
    nSamplesToIssue: runtime.n_samples_to_issue,
    minDurationMs: runtime.min_duration_ms,
    targetQps: pattern.target_qps,
    datasetSize,
  });
}
