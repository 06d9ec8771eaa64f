/**
 * @module report/error-bound-text — the client's error bound (metrics/client-error-bound) in one line,
 * for report.txt and report.html: how much later than the bytes' arrival this run's stamps may be.
 */
import type { ClientErrorBound } from "../metrics/client-error-bound.ts";
import { fixed2 } from "./text-format.ts";

/** "p50 ≤ 1.02 ms, p99 ≤ 1.10 ms (ok; from the workers' loop lateness over 400 stamps; probe …)". */
export function errorBoundText(b: ClientErrorBound): string {
  const weighed = b.stamps > 0 ? `over ${b.stamps} stamps` : "over its windows";
  const probe = b.probe
    ? `; a raw-socket probe beside the run (${b.probe.requests} requests) saw TTFT p50/p99 ` +
      `${fixed2(b.probe.ttft_p50_ms)} / ${fixed2(b.probe.ttft_p99_ms)} ms, the run ${fixed2(b.probe.run_ttft_p50_ms)} / ` +
      `${fixed2(b.probe.run_ttft_p99_ms)} ms`
    : "";
  return (
    `stamps at most p50 ${fixed2(b.p50_ms)} ms, p99 ${fixed2(b.p99_ms)} ms after their bytes arrived ` +
    `(read side ${b.verdict}; workers' loop lateness ${weighed} p50/p99 ${fixed2(b.loop_lateness_p50_ms)} / ` +
    `${fixed2(b.loop_lateness_p99_ms)} ms${probe})`
  );
}

/** The report.txt line. */
export function errorBoundLine(b: ClientErrorBound): string {
  return `Client error bound: ${errorBoundText(b)}`;
}
