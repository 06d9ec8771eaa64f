/**
 * @module metrics/series-rollup — one metric series summarised in upstream's result_summary.json shape.
 *
 * `{total, min, max, median, avg, std_dev, percentiles, early_stopping_percentiles?, histogram}`.
 * A series with no values is `{}`, or, with early stopping on, `{early_stopping_percentiles}` with
 * every estimate null (as upstream: an empty series still says the feature was on). Percentiles
 * are exact "lower" order statistics; `median` is the p50 entry (an observed value); `std_dev` is
 * the sample standard deviation (n − 1 denominator, 0 for one value) by upstream's formulas.
 * Non-finite inputs mean "not measured" and are skipped; non-finite outputs are written as null.
 */
import { earlyStoppingEstimate, isEarlyStoppingPercentile } from "./early-stopping.ts";
import { finiteOrNull } from "./json-numbers.ts";
import { z } from "zod";
import { logHistogram } from "./log-histogram.ts";
import { lowerPercentile, PERCENTILE_GRID, percentileKey, sortedFinite, type SeriesArray } from "./percentiles.ts";

const num = z.number().nullable();
const keyed = z.record(z.string(), num);

const SeriesRollupSchema = z.strictObject({
  total: num,
  min: num,
  max: num,
  median: num,
  avg: num,
  std_dev: num,
  /** Keys "99.9", "99.0", … "1.0" (PERCENTILE_GRID). */
  percentiles: keyed,
  /** Keys of the grid percentiles 50 ≤ p < 100; null where there are too few samples. */
  early_stopping_percentiles: keyed.optional(),
  histogram: z.strictObject({
    buckets: z.array(z.tuple([z.number(), z.number()])),
    counts: z.array(z.number().int().min(0)),
  }),
});

export type SeriesRollup = z.infer<typeof SeriesRollupSchema>;

/** The rollup of a series with no values: nothing, or the early-stopping keys with no estimates. */
type EmptyRollup = { [K in Exclude<keyof SeriesRollup, "early_stopping_percentiles">]?: never } & {
  early_stopping_percentiles?: Record<string, null>;
};

export type Rollup = SeriesRollup | EmptyRollup;

/**
 * A rollup in result_summary.json (`ttft`, `latency`, …): a series' figures, or, with no values,
 * `{}` or `{early_stopping_percentiles}` with every estimate null (as upstream). Typed as Rollup,
 * whose empty form has the series' keys as `never`, so that a reader can ask `r.total` of either;
 * the JSON shape is the union here (test/metrics/series-rollup checks the two agree).
 */
export const RollupSchema = z.union([
  SeriesRollupSchema,
  z.strictObject({ early_stopping_percentiles: z.record(z.string(), z.null()).optional() }),
]) as unknown as z.ZodType<Rollup>;

interface RollupOptions {
  /** Add MLPerf early-stopping estimates (used for ttft, tpot and latency). */
  earlyStopping: boolean;
  /** A series of fractional values (TPOT): upstream's float standard deviation even when every value is whole. */
  float?: boolean;
}

/** True when the rollup has values (is not `{}`). */
export function hasValues(rollup: Rollup): rollup is SeriesRollup {
  return "histogram" in rollup;
}

/** Whole values below 2^40 (about 18 minutes in ns) split into 20-bit halves, whose products stay below 2^40. */
const HALF = 2 ** 20;
const SPLIT_LIMIT = 2 ** 40;
/** Sums of 4,096 such products stay below 2^53, exact in a double, before they move into a bigint. */
const EXACT_BLOCK = 4096;

/** Σx and Σx² of whole values in [0, 2^40), exactly: a bigint step per block rather than per value. */
function splitSums(values: SeriesArray): [bigint, bigint] {
  let total = 0n;
  let sumSq = 0n;
  for (let start = 0; start < values.length; start += EXACT_BLOCK) {
    const end = Math.min(values.length, start + EXACT_BLOCK);
    let [sum, highs, cross, lows] = [0, 0, 0, 0];
    for (let i = start; i < end; i++) {
      const v = values[i] as number;
      const high = Math.floor(v / HALF);
      const low = v - high * HALF;
      sum += v;
      highs += high * high;
      cross += high * low;
      lows += low * low;
    }
    total += BigInt(sum);
    sumSq += (BigInt(highs) << 40n) + (BigInt(cross) << 21n) + BigInt(lows);
  }
  return [total, sumSq];
}

/** Σx and Σx² of any safe integers, exactly, a bigint step per value. */
function bigintSums(values: SeriesArray): [bigint, bigint] {
  let total = 0n;
  let sumSq = 0n;
  for (let i = 0; i < values.length; i++) {
    const v = BigInt(values[i] as number);
    total += v;
    sumSq += v * v;
  }
  return [total, sumSq];
}

/**
 * Sample standard deviation as upstream computes it from Σx and Σx²: for whole values exactly,
 * √(n·Σx² − (Σx)²) / √(n(n − 1)) in integers; else √((Σx² − (Σx)²/n) / (n − 1)) in doubles.
 */
export function sampleStdDev(values: SeriesArray, opts: { float?: boolean } = {}): number {
  const n = values.length;
  if (n < 2) return 0;
  let whole = !opts.float;
  let splittable = true;
  for (let i = 0; whole && i < n; i++) {
    const v = values[i] as number;
    whole = Number.isSafeInteger(v);
    splittable &&= v >= 0 && v < SPLIT_LIMIT;
  }
  if (whole) {
    const [total, sumSq] = splittable ? splitSums(values) : bigintSums(values);
    const numerator = BigInt(n) * sumSq - total * total;
    return Math.sqrt(Number(numerator > 0n ? numerator : 0n)) / Math.sqrt(n * (n - 1));
  }
  let total = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i] as number;
    total += v;
    sumSq += v * v;
  }
  return Math.sqrt(Math.max(0, (sumSq - (total * total) / n) / (n - 1)));
}

/** Early-stopping estimates of ascending `sorted` for each eligible grid percentile (all null when empty). */
function earlyStoppingPercentiles(sorted: SeriesArray): Record<string, number | null> {
  const out: Record<string, number | null> = {};
  for (const p of PERCENTILE_GRID) {
    if (isEarlyStoppingPercentile(p)) out[percentileKey(p)] = finiteOrNull(earlyStoppingEstimate(sorted, p).estimate);
  }
  return out;
}

/** The grid's early-stopping keys, each null: what an empty series reports with early stopping on. */
function noEstimates(): Record<string, null> {
  const out: Record<string, null> = {};
  for (const p of PERCENTILE_GRID) if (isEarlyStoppingPercentile(p)) out[percentileKey(p)] = null;
  return out;
}

/** Summarise `values` (any order; NaN = not measured) in the result_summary.json series shape. */
export function rollupSeries(values: Float64Array, opts: RollupOptions): Rollup {
  return rollupSorted(sortedFinite(values), opts);
}

/** `rollupSeries` of values already finite and ascending (see sorted-series.ts). */
export function rollupSorted(sorted: SeriesArray, opts: RollupOptions): Rollup {
  const n = sorted.length;
  if (n === 0) return opts.earlyStopping ? { early_stopping_percentiles: noEstimates() } : {};
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
    std_dev: finiteOrNull(sampleStdDev(sorted, opts)),
    percentiles,
    histogram: logHistogram(sorted),
  };
  if (!opts.earlyStopping) return rollup;
  // Key order as in upstream: early_stopping_percentiles right after percentiles.
  const { histogram, ...head } = rollup;
  return { ...head, early_stopping_percentiles: earlyStoppingPercentiles(sorted), histogram };
}
