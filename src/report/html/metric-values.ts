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
import { displayUnitOf, metricNamed } from "../../metrics/metric-names.ts";

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
  const chart = (id: string, metricName: string, countLabel: string, sortedNs: SeriesArray): MetricValues => {
    const metric = metricNamed(metricName);
    return { name: id, label: metric.label, unit: displayUnitOf(metric), countLabel, sortedNs };
  };
  return [
    chart("ttft", "ttft", "requests", series.get("ttft")),
    chart("tpot", "tpot", "requests", series.get("tpot")),
    chart("itl", "itl", "token gaps", series.get("itl")),
    chart("latency", "latency", "requests", series.get("latency")),
    chart("scheduled-latency", "scheduled_latency", "requests", series.get("scheduledLatency")),
  ];
}
