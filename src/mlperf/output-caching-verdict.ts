/**
 * @module mlperf/output-caching-verdict — MLPerf TEST04's pass rule, as mlcommons/endpoints
 * applies it: both phases must complete at least (1 − threshold) of what they asked for, and the
 * phase that repeats one sample must not be `threshold` or more faster than the reference phase of
 * distinct samples (a server that caches outputs would be). The float steps keep upstream's order,
 * so the boundary cases fall the same way (exactly ref × 1.1 fails).
 */

export interface PhaseStats {
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

/** Python's `%` formatting of a fraction as a whole percentage: 0.1 → "10%". */
function percent(threshold: number): string {
  return `${Math.round(threshold * 100)}%`;
}

export function outputCachingVerdict(reference: PhaseStats, audit: PhaseStats, threshold: number): OutputCachingResult {
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
        `${audit.completed}/${audit.requested} (threshold ${percent(threshold)})`,
    );
  }
  const limit = reference.qps * (1 + threshold);
  const passed = audit.qps < limit;
  return result(
    passed,
    `audit_qps=${audit.qps.toFixed(4)} ${passed ? "<" : ">="} ref_qps * (1 + ${percent(threshold)}) = ${limit.toFixed(4)}`,
  );
}
