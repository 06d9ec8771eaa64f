/**
 * @module mlperf/output-caching-plan — TEST04's two phases, as mlcommons/endpoints plans them: a
 * `reference` phase of `samples` distinct queries, then an `output_caching` phase of
 * `audit_samples` (default: `samples`) queries that all repeat row `sample_index`; and its checks
 * before either runs. The reference phase must not wrap around the dataset (a repeated row would
 * make the baseline cacheable), the repeated row must exist, and the load pattern must let QPS
 * show the server's capacity (a paced arrival rate would hide a caching speedup).
 */

interface OutputCachingSettings {
  samples: number;
  audit_samples: number | null;
  sample_index: number;
}

export interface AuditPhase {
  label: "reference" | "output_caching";
  count: number;
  /** The one row every query repeats; null: distinct rows without replacement. */
  fixedRow: number | null;
}

/** The load patterns whose achieved QPS is bounded by the server, not by the schedule. */
const CAPACITY_PATTERNS = ["max_throughput", "concurrency"] as const;

export function outputCachingPhases(audit: OutputCachingSettings): AuditPhase[] {
  return [
    { label: "reference", count: audit.samples, fixedRow: null },
    { label: "output_caching", count: audit.audit_samples ?? audit.samples, fixedRow: audit.sample_index },
  ];
}

/** Upstream's `validate`: why the audit cannot run on this dataset and load pattern, or null. */
export function outputCachingSetupProblem(
  audit: OutputCachingSettings,
  datasetSize: number,
  loadPattern: string,
): string | null {
  if (!(CAPACITY_PATTERNS as readonly string[]).includes(loadPattern))
    return (
      `Output-caching audit requires a load pattern where achieved QPS reflects SUT capacity ` +
      `(${CAPACITY_PATTERNS.join(", ")}); got '${loadPattern}', which would mask a caching-induced speedup`
    );
  for (const phase of outputCachingPhases(audit)) {
    if (phase.fixedRow === null) {
      if (phase.count > datasetSize)
        return (
          `Audit phase '${phase.label}': n_samples=${phase.count} exceeds dataset size ${datasetSize}; ` +
          `a distinct-sample phase would wrap and re-issue samples`
        );
    } else if (!(phase.fixedRow >= 0 && phase.fixedRow < datasetSize)) {
      return (
        `Audit phase '${phase.label}': sample_index=${phase.fixedRow} is out of range [0, ${datasetSize}) ` +
        `for dataset with ${datasetSize} samples`
      );
    }
  }
  return null;
}
