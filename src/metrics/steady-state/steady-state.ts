/**
 * @module metrics/steady-state/steady-state — the `steady_state` block of result_summary.json:
 * the plateau window (plateau-window.ts), the headline figures of the requests that completed
 * inside it, and whether the run settled (stability.ts). Pure over a phase's columns.
 *
 * Throughput inside the window is over the successful requests that completed in it, as
 * (n − 1) ÷ the span from their first completion to their last (output tokens scaled alike), so
 * neither the ramp-up's empty slots nor the drain's tail dilute it; the latency figures are
 * over the same requests.
 *
 * The trend series (trend-intervals.ts) cover the sends from the window's start — or from a
 * tenth of the way through the sending, if that is sooner — to the last send: past it nothing
 * arrives, and a queue draining is no sign of one growing; before it, a run that settles has
 * ramped up, while a queue that never settles reaches its "plateau" only late, and judging
 * from there would hide most of its growth.
 */
import { DEFAULT_SLO_PERCENTILE } from "../../config/slo.ts";
import type { SloObjectives } from "../goodput.ts";
import type { PhaseColumns } from "../phase-columns.ts";
import { z } from "zod";
import { LATENCY_HEADLINE_SHAPE, latencyHeadlineMs } from "../latency-headline.ts";
import { isSuccessful, latencyNsAt, tpotNs, ttftNsAt } from "../request-values.ts";
import { lowerPercentile } from "../percentiles.ts";
import { inFlightSteps } from "./in-flight.ts";
import { plateauWindow } from "./plateau-window.ts";
import { intervalSeries, type GaugeSamples } from "./trend-intervals.ts";
import { judgeTrend, StabilityVerdictSchema, stabilityVerdict, stepLengthToJudgeS, TrendSchema } from "./stability.ts";

const num = z.number().nullable();

/**
 * result_summary.json's `steady_state` block: its shape, declared once (docs/metrics.md, "Steady state").
 * The headline latency figures are over the successful requests that completed inside the window.
 */
export const SteadyStateSchema = z.strictObject({
  rule: z.literal("in_flight_plateau"),
  plateau_in_flight: z.number().int().min(1),
  /** The window, ns on the run's clock (as events.db), and its length. */
  start_ns: z.number(),
  end_ns: z.number(),
  duration_s: z.number(),
  /** What the rule trimmed: first send → window start, window end → last completion. */
  ramp_up_s: z.number(),
  drain_s: z.number(),
  /** First send → last send: how long the step offered its load. */
  sending_s: z.number(),
  /** Successful requests that completed inside the window. */
  requests: z.number().int().min(0),
  qps: num,
  output_tps: num,
  ...LATENCY_HEADLINE_SHAPE,
  stability: StabilityVerdictSchema,
  trends: z.array(TrendSchema),
  /** Unstable with a TTFT or latency objective: seconds a run would need for the SLO to see the queue (stability.ts). */
  step_length_to_judge_s: num,
});

export type SteadyState = z.infer<typeof SteadyStateSchema>;

/** The share of the sending span the trend series may skip as ramp-up at most. */
const RAMP_UP_SHARE = 0.1;

const ms = (sortedNs: Float64Array, p: number) => (sortedNs.length > 0 ? lowerPercentile(sortedNs, p) / 1e6 : null);
const sortedOf = (values: number[]) => Float64Array.from(values.filter((v) => Number.isFinite(v))).sort();

/** The steady-state block of a concurrency or rate run's phase; null when nothing was in flight for any time. */
export function steadyStateOf(
  cols: PhaseColumns,
  opts: { waiting?: GaugeSamples | null; slo?: SloObjectives | null } = {},
): SteadyState | null {
  const steps = inFlightSteps(cols.sentNs, cols.doneNs);
  const w = plateauWindow(steps);
  if (!w) return null;
  const ttft: number[] = [];
  const tpot: number[] = [];
  const latency: number[] = [];
  let outputTokens = 0;
  let lastSendNs = Number.NEGATIVE_INFINITY;
  let [firstDoneNs, lastDoneNs] = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
  for (let i = 0; i < cols.count; i++) {
    const sent = cols.sentNs[i] as number;
    if (sent > lastSendNs) lastSendNs = sent;
    const done = cols.doneNs[i] as number;
    if (!(done >= w.startNs && done <= w.endNs) || !isSuccessful(cols, i)) continue;
    ttft.push(ttftNsAt(cols, i));
    tpot.push(tpotNs(cols, i));
    latency.push(latencyNsAt(cols, i));
    firstDoneNs = Math.min(firstDoneNs, done);
    lastDoneNs = Math.max(lastDoneNs, done);
    const tokens = cols.outputTokens[i] as number;
    if (Number.isFinite(tokens)) outputTokens += tokens;
  }
  const durationS = (w.endNs - w.startNs) / 1e9;
  const sorted = { ttft: sortedOf(ttft), tpot: sortedOf(tpot), latency: sortedOf(latency) };
  const trendStartNs = Math.min(w.startNs, w.runStartNs + RAMP_UP_SHARE * (lastSendNs - w.runStartNs));
  const series = intervalSeries(
    cols,
    steps,
    trendStartNs,
    Math.min(w.endNs, lastSendNs),
    w.runStartNs,
    opts.waiting ?? null,
  );
  const tested = series ? [series.inFlight, series.ttft ?? series.latency, series.waiting] : [];
  const trends = tested.filter((t) => t !== null).map(judgeTrend);
  const stability = stabilityVerdict(trends);
  // n − 1 gaps between the window's first and last completion (as LoadGen's legacy QPS counts them):
  // a closed loop whose slots all finish together is then not counted a round short.
  const completionSpanS = (lastDoneNs - firstDoneNs) / 1e9;
  const ratePerCompletion =
    latency.length > 1 && completionSpanS > 0 ? (latency.length - 1) / completionSpanS / latency.length : null;
  const qps = ratePerCompletion === null ? null : ratePerCompletion * latency.length;
  const objective = opts.slo?.ttft_ms != null ? "ttft" : opts.slo?.latency_ms != null ? "latency" : null;
  const response = objective && series ? series[objective] : null;
  return {
    rule: "in_flight_plateau",
    plateau_in_flight: w.plateauInFlight,
    start_ns: w.startNs,
    end_ns: w.endNs,
    duration_s: durationS,
    ramp_up_s: (w.startNs - w.runStartNs) / 1e9,
    drain_s: (w.runEndNs - w.endNs) / 1e9,
    sending_s: (lastSendNs - w.runStartNs) / 1e9,
    requests: latency.length,
    qps,
    output_tps: ratePerCompletion === null ? null : ratePerCompletion * outputTokens,
    ...latencyHeadlineMs((name, p) => ms(sorted[name], p)),
    stability,
    trends,
    step_length_to_judge_s:
      stability === "unstable" && response && objective
        ? stepLengthToJudgeS({
            objectiveMs: (objective === "ttft" ? opts.slo?.ttft_ms : opts.slo?.latency_ms) as number,
            percentile: opts.slo?.percentile ?? DEFAULT_SLO_PERCENTILE,
            responseMs: response,
            inFlightSlopePerS: trends.find((t) => t.series === "in_flight")?.slope_per_s ?? null,
            qps,
          })
        : null,
  };
}
