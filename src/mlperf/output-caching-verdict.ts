/**
 * @module mlperf/output-caching-verdict — MLPerf TEST04's pass rule, as mlcommons/endpoints
 * applies it: both phases must complete at least (1 − threshold) of what they asked for, and the
 * phase that repeats one sample must not be `threshold` or more faster than the reference phase of
 * distinct samples (a server that caches outputs would be). The float steps keep upstream's order,
 * so the boundary cases fall the same way (exactly ref × 1.1 fails), and the reason is formatted
 * as Python formats it (`.4f`, `.0%`: ties to even).
 */
import { ExecutionError } from "../errors.ts";
import { floatRepr, pyFixed, pyPercent } from "./python-values.ts";

interface PhaseStats {
  qps: number;
  completed: number;
  requested: number;
}

export interface OutputCachingResult {
  test: "output_caching_test";
  passed: boolean;
  ref_qps: number;
  audit_qps: number;
  threshold: number;
  ref_completed: number;
  ref_requested: number;
  audit_completed: number;
  audit_requested: number;
  reason: string;
}

/** What a phase's report gives the verdict (its result_summary's fields). */
export interface PhaseReport {
  qps: number | null;
  n_samples_completed: number;
}

/** Upstream's `AuditRunStats.from_report`: a phase without a positive QPS cannot be compared (a plain Error, as its ValueError). */
export function phaseStats(report: PhaseReport, requested: number): PhaseStats {
  if (report.qps === null) throw new Error("Report has no duration — cannot compute QPS");
  if (report.qps <= 0)
    throw new Error(
      `Report has non-positive throughput (qps=${floatRepr(report.qps)}); the run completed no samples, so an output-caching comparison is impossible`,
    );
  return { qps: report.qps, completed: report.n_samples_completed, requested };
}

export function outputCachingVerdict(reference: PhaseStats, audit: PhaseStats, threshold = 0.1): OutputCachingResult {
  // Upstream's key order: test, passed, the numbers, reason.
  const result = (passed: boolean, reason: string): OutputCachingResult => ({
    test: "output_caching_test",
    passed,
    ref_qps: reference.qps,
    audit_qps: audit.qps,
    threshold,
    ref_completed: reference.completed,
    ref_requested: reference.requested,
    audit_completed: audit.completed,
    audit_requested: audit.requested,
    reason,
  });
  const minCompletion = 1 - threshold;
  const complete = (p: PhaseStats) => p.completed >= p.requested * minCompletion;
  if (!complete(reference) || !complete(audit)) {
    return result(
      false,
      `Phase incomplete: reference ${reference.completed}/${reference.requested}, audit ` +
        `${audit.completed}/${audit.requested} (threshold ${pyPercent(threshold)})`,
    );
  }
  const limit = reference.qps * (1 + threshold);
  const passed = audit.qps < limit;
  return result(
    passed,
    `audit_qps=${pyFixed(audit.qps, 4)} ${passed ? "<" : ">="} ref_qps * (1 + ${pyPercent(threshold)}) = ${pyFixed(limit, 4)}`,
  );
}

/**
 * Upstream's `OutputCachingAudit.verify` as its orchestrator surfaces it: exactly the reference and
 * the repeated phase, in that order; a phase that cannot be compared is an ExecutionError (exit 4).
 */
export function verifyOutputCachingPhases(
  phases: readonly { report: PhaseReport; requested: number }[],
  threshold: number,
): OutputCachingResult {
  try {
    const [reference, audit] = phases;
    if (phases.length !== 2 || !reference || !audit)
      throw new Error(
        `Output-caching verify expects exactly 2 phases (reference, output_caching); got ${phases.length}`,
      );
    return outputCachingVerdict(
      phaseStats(reference.report, reference.requested),
      phaseStats(audit.report, audit.requested),
      threshold,
    );
  } catch (error) {
    throw new ExecutionError(`Audit verification failed: ${(error as Error).message}`, { cause: error });
  }
}
