/**
 * @module report/html/metric-values — the charted distributions, as the sorted series the summary used.
 *
 * The same rows and formulas as result_summary.json (metrics/request-values.ts), read from the
 * same SortedSeries, so the charts agree with the numbers and no series is sorted twice: TTFT,
 * TPOT and latency over successful requests, ITL over their spread token gaps, scheduled latency
 * over every sent request, errors included.
 */
import type { SortedSeries } from "../../metrics/sorted-series.ts";
import type { SeriesArray } from "../../metrics/percentiles.ts";

export interface MetricValues {
  /** Chart name suffix: "ttft" → data-chart="cdf-ttft" and "histogram-ttft". */
  name: string;
  label: string;
  /** Unit after conversion from ns, for axis labels. */
  unit: string;
  /** What one histogram count is. */
  countLabel: string;
  /** Finite values in ns, ascending. */
  sortedNs: SeriesArray;
}

/** The five charted distributions, in page order (some may be empty). */
export function distributionValues(series: SortedSeries): MetricValues[] {
  return [
    { name: "ttft", label: "TTFT", unit: "ms", countLabel: "requests", sortedNs: series.get("ttft") },
    { name: "tpot", label: "TPOT", unit: "ms/token", countLabel: "requests", sortedNs: series.get("tpot") },
    { name: "itl", label: "ITL", unit: "ms", countLabel: "token gaps", sortedNs: series.get("itl") },
    { name: "latency", label: "Latency", unit: "ms", countLabel: "requests", sortedNs: series.get("latency") },
    { name: "scheduled-latency", label: "Scheduled latency", unit: "ms", countLabel: "requests", sortedNs: series.get("scheduledLatency") },
  ];
}
