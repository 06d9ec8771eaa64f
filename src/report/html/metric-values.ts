/**
 * @module report/html/metric-values — per-request values of the charted distributions, from phase columns.
 *
 * The same rows and formulas as metrics/summarize-phase.ts (DESIGN §5), so the charts agree with
 * result_summary.json: TTFT, TPOT and latency over successful requests, ITL over their spread
 * token gaps, scheduled latency over every sent request, errors included. Values are ns; NaN
 * (not measured) is left for the caller's `sortedFinite` to drop.
 */
import type { PhaseColumns } from "../../metrics/phase-columns.ts";
import { requestValues } from "../../metrics/request-values.ts";

export interface MetricValues {
  /** Chart name suffix: "ttft" → data-chart="cdf-ttft" and "histogram-ttft". */
  name: string;
  label: string;
  /** Unit after conversion from ns, for axis labels. */
  unit: string;
  /** What one histogram count is. */
  countLabel: string;
  valuesNs: Float64Array;
}

/** The five charted distributions, in page order (some may be empty). */
export function distributionValues(cols: PhaseColumns): MetricValues[] {
  const v = requestValues(cols);
  return [
    { name: "ttft", label: "TTFT", unit: "ms", countLabel: "requests", valuesNs: v.ttftNs },
    {
      name: "tpot",
      label: "TPOT",
      unit: "ms/token",
      countLabel: "requests",
      valuesNs: v.tpotNs,
    },
    { name: "itl", label: "ITL", unit: "ms", countLabel: "token gaps", valuesNs: cols.itlNs },
    { name: "latency", label: "Latency", unit: "ms", countLabel: "requests", valuesNs: v.latencyNs },
    {
      name: "scheduled-latency",
      label: "Scheduled latency",
      unit: "ms",
      countLabel: "requests",
      valuesNs: v.scheduledLatencyNs,
    },
  ];
}
