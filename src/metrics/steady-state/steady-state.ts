/**
 * @module metrics/steady-state/steady-state — the `steady_state` block of result_summary.json:
 * the plateau window (plateau-window.ts), the headline figures of the requests that completed
 * inside it, and whether the run settled (stability.ts). Pure over a phase's columns.
 *
 * Throughput inside the window is over the successful requests that completed in it, as
 * (n − 1) ÷ the span from their first completion to their last (output tokens scaled alike), so
 * neither the ramp-up's empty slots nor the drain's tail dilute it; the latency figures are
 * over the same requests. The trend series cover the sends from the window's start — or from a tenth of the
 * way through the sending, if that is sooner — to the last send: past it nothing arrives, and
 * a queue draining is no sign of one growing; before it, a run that settles has ramped up,
 * while a queue that never settles reaches its "plateau" only late, and judging from there
 * would hide most of its growth.
 */
import { DEFAULT_SLO_PERCENTILE } from "../../config/slo.ts";
import type { SloObjectives } from "../goodput.ts";
import type { PhaseColumns } from "../phase-columns.ts";
import { isSuccessful, tpotNs } from "../request-values.ts";
import { lowerPercentile } from "../percentiles.ts";
import { inFlightSteps, meanLevel, type InFlightSteps } from "./in-flight.ts";
import { plateauWindow } from "./plateau-window.ts";
import { median } from "./mann-kendall.ts";
import {
  judgeTrend,
  stabilityVerdict,
  stepLengthToJudgeS,
  type IntervalSeries,
  type StabilityVerdict,
  type Trend,
} from "./stability.ts";

export interface SteadyState {
  rule: "in_flight_plateau";
  plateau_in_flight: number;
  /** The window, ns on the run's clock (as events.db), and its length. */
  start_ns: number;
  end_ns: number;
  duration_s: number;
  /** What the rule trimmed: first send → window start, window end → last completion. */
  ramp_up_s: number;
  drain_s: number;
  /** First send → last send: how long the step offered its load. */
  sending_s: number;
  /** Successful requests that completed inside the window. */
  requests: number;
  qps: number | null;
  output_tps: number | null;
  ttft_p50_ms: number | null;
  ttft_p99_ms: number | null;
  tpot_p50_ms: number | null;
  tpot_p99_ms: number | null;
  latency_p50_ms: number | null;
  latency_p99_ms: number | null;
  stability: StabilityVerdict;
  trends: Trend[];
  /** Unstable with a TTFT or latency objective: seconds a run would need for the SLO to see the queue (stability.ts). */
  step_length_to_judge_s: number | null;
}

/** A gauge's samples over the run (server-metrics/summary's timeline), e.g. the waiting count. */
interface GaugeSamples {
  tNs: readonly number[];
  values: readonly number[];
}

/** The window's trend series; TTFT null when nothing streamed (latency is tested instead). */
interface RunSeries {
  inFlight: IntervalSeries;
  ttft: IntervalSeries | null;
  latency: IntervalSeries;
  waiting: IntervalSeries | null;
}

/** Sends per trend interval the split aims for, and the most intervals. */
const SENDS_PER_INTERVAL = 8;
const MAX_INTERVALS = 12;
/** The share of the sending span the trend series may skip as ramp-up at most. */
const RAMP_UP_SHARE = 0.1;

const ms = (sortedNs: Float64Array, p: number) => (sortedNs.length > 0 ? lowerPercentile(sortedNs, p) / 1e6 : null);
const sortedOf = (values: number[]) => Float64Array.from(values.filter((v) => Number.isFinite(v))).sort();

/** The run's trend series over `[fromNs, toNs)` (mid-points in s since `runStartNs`), split so that each interval holds about SENDS_PER_INTERVAL sends. */
function intervalSeries(
  cols: PhaseColumns,
  steps: InFlightSteps,
  fromNs: number,
  toNs: number,
  runStartNs: number,
  waiting: GaugeSamples | null,
): RunSeries | null {
  let sends = 0;
  for (let i = 0; i < cols.count; i++)
    if ((cols.sentNs[i] as number) >= fromNs && (cols.sentNs[i] as number) < toNs) sends++;
  const k = Math.min(MAX_INTERVALS, Math.floor(sends / SENDS_PER_INTERVAL));
  if (k < 1 || !(toNs > fromNs)) return null;
  const width = (toNs - fromNs) / k;
  const midS = Array.from({ length: k }, (_, j) => (fromNs + (j + 0.5) * width - runStartNs) / 1e9);
  const ttft: number[][] = Array.from({ length: k }, () => []);
  const latency: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < cols.count; i++) {
    const sent = cols.sentNs[i] as number;
    const j = Math.floor((sent - fromNs) / width);
    if (!(j >= 0 && j < k) || !isSuccessful(cols, i)) continue;
    (ttft[j] as number[]).push(((cols.firstTokenNs[i] as number) - sent) / 1e6);
    (latency[j] as number[]).push(((cols.doneNs[i] as number) - sent) / 1e6);
  }
  const medians = (groups: number[][]) => groups.map((g) => median(g.filter((v) => Number.isFinite(v))));
  const ttftMedians = medians(ttft);
  const out: RunSeries = {
    inFlight: {
      name: "in_flight",
      midS,
      minRise: 1,
      values: midS.map((_, j) => meanLevel(steps, fromNs + j * width, fromNs + (j + 1) * width)),
    },
    ttft: ttftMedians.some((v) => Number.isFinite(v)) ? { name: "ttft", midS, minRise: 0, values: ttftMedians } : null,
    latency: { name: "latency", midS, minRise: 0, values: medians(latency) },
    waiting: null,
  };
  if (waiting && waiting.tNs.length > 0) {
    const sums = new Array<number>(k).fill(0);
    const counts = new Array<number>(k).fill(0);
    waiting.tNs.forEach((t, s) => {
      const j = Math.floor((t - fromNs) / width);
      if (!(j >= 0 && j < k)) return;
      sums[j] = (sums[j] as number) + (waiting.values[s] as number);
      counts[j] = (counts[j] as number) + 1;
    });
    const values = sums.map((sum, j) => (counts[j] ? sum / (counts[j] as number) : Number.NaN));
    out.waiting = { name: "server_waiting", midS, minRise: 1, values };
  }
  return out;
}

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
    ttft.push((cols.firstTokenNs[i] as number) - sent);
    tpot.push(tpotNs(cols, i));
    latency.push(done - sent);
    firstDoneNs = Math.min(firstDoneNs, done);
    lastDoneNs = Math.max(lastDoneNs, done);
    const tokens = cols.outputTokens[i] as number;
    if (Number.isFinite(tokens)) outputTokens += tokens;
  }
  const durationS = (w.endNs - w.startNs) / 1e9;
  const [ttftS, tpotS, latencyS] = [sortedOf(ttft), sortedOf(tpot), sortedOf(latency)];
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
    ttft_p50_ms: ms(ttftS, 50),
    ttft_p99_ms: ms(ttftS, 99),
    tpot_p50_ms: ms(tpotS, 50),
    tpot_p99_ms: ms(tpotS, 99),
    latency_p50_ms: ms(latencyS, 50),
    latency_p99_ms: ms(latencyS, 99),
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
