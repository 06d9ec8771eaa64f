/**
 * @module metrics/steady-state/stability — does a run settle? A trend test per series over the
 * run's steady window, and how long a run would need to be for its SLO verdict to hold. Pure.
 *
 * The rule (docs/sweeps.md): the window is cut into equal intervals; each series — the mean
 * in flight, the median TTFT (latency when nothing streamed) of the requests sent in each, and
 * the server's mean waiting count with --server-metrics — is rising when Mann–Kendall finds an
 * upward trend at one-sided 95 % AND the Theil–Sen rise over the window is material: at least
 * a quarter of the series' median level (and a whole request for counts). The second half keeps a
 * statistically significant wobble of a few percent, which a stable run shows in one series of
 * twenty, from failing a step. Any rising series makes the run `unstable`; fewer than six
 * intervals with values judge nothing (`too_short`).
 */
import { z } from "zod";
import { mannKendall, median, theilSen } from "./mann-kendall.ts";

const TREND_SERIES = ["in_flight", "ttft", "latency", "server_waiting"] as const;
export type TrendSeriesName = (typeof TREND_SERIES)[number];

/** One value per interval of the window, at the interval's middle (s since the run's first send). */
export interface IntervalSeries {
  name: TrendSeriesName;
  midS: readonly number[];
  values: readonly number[];
  /** The smallest rise over the window that counts (1 for request counts, 0 for times). */
  minRise: number;
}

const num = z.number().nullable();

/** One series' trend, as the steady_state block's `trends` hold it (metrics/steady-state/steady-state). */
export const TrendSchema = z.strictObject({
  series: z.enum(TREND_SERIES),
  /** Intervals with a value. */
  intervals: z.number().int().min(0),
  /** Theil–Sen slope, the series' unit per second (ms/s for times). */
  slope_per_s: num,
  z: num,
  p_value: num,
  /** The rise over the window as a share (%) of the series' median; null when the median is 0. */
  rise_pct: num,
  rising: z.boolean(),
});

export type Trend = z.infer<typeof TrendSchema>;

export const StabilityVerdictSchema = z.enum(["stable", "unstable", "too_short"]);
export type StabilityVerdict = z.infer<typeof StabilityVerdictSchema>;

/** One-sided significance of Mann–Kendall's rise. */
const TREND_ALPHA = 0.05;
/** Fewer intervals than this judge nothing (Mann–Kendall's normal approximation needs a few). */
const MIN_TREND_INTERVALS = 6;
/** A rise smaller than this share of the series' median is not material. */
const MATERIAL_RISE = 0.25;

export function judgeTrend(s: IntervalSeries): Trend {
  const ys = s.values.filter((v) => Number.isFinite(v));
  const none = { series: s.name, intervals: ys.length, slope_per_s: null, z: null, p_value: null, rise_pct: null };
  if (ys.length < MIN_TREND_INTERVALS) return { ...none, rising: false };
  const mk = mannKendall(s.values);
  const { slope } = theilSen(s.midS, s.values);
  const xs = s.midS.filter((_, i) => Number.isFinite(s.values[i] as number));
  const rise = slope * ((xs[xs.length - 1] as number) - (xs[0] as number));
  const level = median(ys);
  const rising = mk.pRising < TREND_ALPHA && rise > 0 && rise >= Math.max(MATERIAL_RISE * level, s.minRise);
  return {
    series: s.name,
    intervals: ys.length,
    slope_per_s: slope,
    z: mk.z,
    p_value: mk.pRising,
    rise_pct: level > 0 ? (100 * rise) / level : null,
    rising,
  };
}

export function stabilityVerdict(trends: readonly Trend[]): StabilityVerdict {
  if (trends.some((t) => t.rising)) return "unstable";
  return trends.some((t) => t.intervals >= MIN_TREND_INTERVALS) ? "stable" : "too_short";
}

interface StepLengthInput {
  /** The objective on the judged response time (ms) and the share (%) that must meet it. */
  objectiveMs: number;
  percentile: number;
  /** That response time per interval (ms), at the intervals' middles (s since the first send). */
  responseMs: Pick<IntervalSeries, "midS" | "values">;
  /** The in-flight slope (requests/s) and the window's completions/s, for Little's-law fallback. */
  inFlightSlopePerS: number | null;
  qps: number | null;
}

/**
 * Seconds a run at this rate would need for its SLO verdict to reflect the growing queue, or
 * null when the response time is not rising or already over the objective at the start.
 *
 * The response time rises along its Theil–Sen line, so it crosses the objective at
 * t× = (objective − intercept) ÷ slope; requests sent after t× miss it, so a run of length L has
 * a share (L − t×) ÷ L missing, which passes the `p` share only while L < t× ÷ (p/100). Where the
 * response time shows no rise, the queue's own does, and each request more in flight adds
 * 1 ÷ qps of waiting (Little's law): slope = in-flight slope ÷ qps.
 */
export function stepLengthToJudgeS(input: StepLengthInput): number | null {
  const { midS, values } = input.responseMs;
  const fit = theilSen(midS, values);
  let { slope, intercept } = fit;
  if (!(slope > 0) && input.inFlightSlopePerS !== null && input.inFlightSlopePerS > 0 && input.qps) {
    slope = (1000 * input.inFlightSlopePerS) / input.qps;
    const i = values.findIndex((v) => Number.isFinite(v));
    if (i < 0) return null;
    intercept = (values[i] as number) - slope * (midS[i] as number);
  }
  if (!(slope > 0) || !Number.isFinite(intercept)) return null;
  const crossS = (input.objectiveMs - intercept) / slope;
  return crossS > 0 ? crossS / (input.percentile / 100) : null;
}
