/**
 * @module metrics/series-rollup — one metric series summarised in upstream's result_summary.json shape.
 *
 * `{total, min, max, median, avg, std_dev, percentiles, early_stopping_percentiles?, histogram}`,
 * or `{}` when the series has no values. Percentiles are exact "lower" order statistics;
 * `median` is the p50 entry (an observed value); `std_dev` is the sample standard deviation
 * (n − 1 denominator, 0 for one value). Non-finite inputs mean "not measured" and are skipped;
 * non-finite outputs are written as null.
 */
import { earlyStoppingEstimate, isEarlyStoppingPercentile } from "./early-stopping.ts";
import { finiteOrNull } from "./json-numbers.ts";
import { logHistogram, type Histogram } from "./log-histogram.ts";
import { lowerPercentile, PERCENTILE_GRID, percentileKey, sortedFinite, type SeriesArray } from "./percentiles.ts";

export interface SeriesRollup {
  total: number | null;
  min: number | null;
  max: number | null;
  median: number | null;
  avg: number | null;
  std_dev: number | null;
  /** Keys "99.9", "99.0", … "1.0" (PERCENTILE_GRID). */
  percentiles: Record<string, number | null>;
  /** Keys of the grid percentiles 50 ≤ p < 100; null where there are too few samples. */
  early_stopping_percentiles?: Record<string, number | null>;
  histogram: Histogram;
}

/** The rollup of a series with no values. */
type EmptyRollup = Record<string, never>;

export type Rollup = SeriesRollup | EmptyRollup;

interface RollupOptions {
  /** Add MLPerf early-stopping estimates (used for ttft, tpot and latency). */
  earlyStopping: boolean;
}

/** True when the rollup has values (is not `{}`). */
export function hasValues(rollup: Rollup): rollup is SeriesRollup {
  return "histogram" in rollup;
}

/**
 * Sample standard deviation, two-pass (mean first, then squared deviations): stable for ns
 * values around 1e9–1e12, where Σx² − (Σx)²/n in doubles would cancel catastrophically.
 */
export function sampleStdDev(values: SeriesArray, mean: number): number {
  if (values.length < 2) return 0;
  let sumSq = 0;
  for (let i = 0; i < values.length; i++) {
    const deviation = (values[i] as number) - mean;
    sumSq += deviation * deviation;
  }
  return Math.sqrt(sumSq / (values.length - 1));
}

/** Early-stopping estimates of ascending `sorted` for each eligible grid percentile. */
function earlyStoppingPercentiles(sorted: SeriesArray): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const p of PERCENTILE_GRID) {
    if (isEarlyStoppingPercentile(p)) out[percentileKey(p)] = finiteOrNull(earlyStoppingEstimate(sorted, p).estimate);
  }
  return out;
}

/** Summarise `values` (any order; NaN = not measured) in the result_summary.json series shape. */
export function rollupSeries(values: Float64Array, opts: RollupOptions): Rollup {
  return rollupSorted(sortedFinite(values), opts);
}

/** `rollupSeries` of values already finite and ascending (see sorted-series.ts). */
export function rollupSorted(sorted: SeriesArray, opts: RollupOptions): Rollup {
  const n = sorted.length;
  if (n === 0) return {};
  let total = 0;
  for (let i = 0; i < n; i++) total += sorted[i] as number;
  const avg = total / n;
  const percentiles: Record<string, number | null> = {};
  for (const p of PERCENTILE_GRID) percentiles[percentileKey(p)] = finiteOrNull(lowerPercentile(sorted, p));
  const rollup: SeriesRollup = {
    total: finiteOrNull(total),
    min: finiteOrNull(sorted[0]),
    max: finiteOrNull(sorted[n - 1]),
    median: finiteOrNull(lowerPercentile(sorted, 50)),
    avg: finiteOrNull(avg),
    std_dev: finiteOrNull(sampleStdDev(sorted, avg)),
    percentiles,
    histogram: logHistogram(sorted),
  };
  if (!opts.earlyStopping) return rollup;
  // Key order as in upstream: early_stopping_percentiles right after percentiles.
  const { histogram, ...head } = rollup;
  return { ...head, early_stopping_percentiles: earlyStoppingPercentiles(sorted), histogram };
}
