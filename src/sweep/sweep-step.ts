/**
 * @module sweep/sweep-step — one step of a sweep as sweep.json lists it: what was offered, what
 * was achieved, goodput and its attainment, latency percentiles, the load generator's verdict,
 * throughput per GPU, per user and per dollar, and whether the run settled, from the step's own
 * result_summary. Pure.
 */
import { meetsTarget } from "../metrics/goodput.ts";
import { latencyHeadlineMs, type LatencyHeadlineMs } from "../metrics/latency-headline.ts";
import { percentileKey } from "../metrics/percentiles.ts";
import type { Rollup } from "../metrics/series-rollup.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import type { StepRepeats } from "./step-repeats.ts";
import type { StabilityVerdict } from "../metrics/steady-state/stability.ts";
import { unstableNote } from "./unstable-step.ts";

export type StepKind = "rate" | "concurrency" | "max_throughput";

/** The headline latency figures are the step's run's, as its result_summary has them. */
export interface SweepStep extends LatencyHeadlineMs {
  index: number;
  kind: StepKind;
  /** Offered requests/s (rate), slots (concurrency), or null (max throughput). */
  offered: number | null;
  report_dir: string;
  state: string;
  /** The rate the step's schedule itself offered (a Poisson draw's own rate); null for closed loops. */
  scheduled_qps: number | null;
  achieved_qps: number | null;
  goodput_rps: number | null;
  attainment_pct: number | null;
  /** Requests the attainment is over (finished or failed in the measured window), null without an SLO. */
  judged_requests: number | null;
  /** TTFT, TPOT and latency at the SLO's percentile (`p` of --slo) on judged steps; null off the report's percentile grid (99.9, 99, 97, 95, 90, …). */
  at_slo_percentile: { ttft_ms: number | null; tpot_ms: number | null; latency_ms: number | null } | null;
  load_generator: string | null;
  n_samples_failed: number;
  /** Output tokens/s per GPU (with --gpus), tokens/s per user, and $ per 1M output tokens (with --gpu-hour-cost). */
  output_tps_per_gpu: number | null;
  interactivity: number | null;
  usd_per_million_output_tokens: number | null;
  /**
   * Embeddings and rerank, which generate nothing: $ per 1M input tokens (with --gpu-hour-cost), else null (docs/metrics.md).
   * Optional: a sweep.json written before it has none.
   */
  usd_per_million_input_tokens?: number | null;
  /** The server's own view over the step, when its metrics were scraped (why it bends): */
  server_running_avg: number | null;
  server_waiting_max: number | null;
  server_kv_cache_max: number | null;
  server_ttft_p99_ms: number | null;
  /** Whether the run settled (metrics/steady-state/stability); absent in sweeps written before it, null without a verdict. */
  stability?: StabilityVerdict | null;
  /** An unstable step's estimate of the run length its SLO verdict would need (s); else null. */
  step_length_to_judge_s?: number | null;
  /** Against the SLO (--find), else null: complete, on schedule, not unstable, attainment at least the percentile. */
  passed: boolean | null;
  /** Why the step did not count (fell behind, interrupted, failed), else null. */
  note: string | null;
  /** `sweep --runs N`: the figures above are means over the runs, here with their intervals (sweep/step-repeats). */
  repeats?: StepRepeats;
  /** A grid's cell: its ISL/OSL pair (`isl1024-osl128`, sweep/grid-cells), else null. Optional: a sweep.json written before grids has none. */
  isl_osl?: string | null;
  /** Output tokens/s of the whole endpoint, $ per 1M input + output tokens, and whether the step's own report met its SLO (Pareto points, report/pareto). */
  output_tps?: number | null;
  usd_per_million_tokens?: number | null;
  slo_met?: boolean | null;
}

const ms = (rollup: Rollup, key: string): number | null => {
  const v = rollup.percentiles?.[key];
  return typeof v === "number" ? v / 1e6 : null;
};

/** A step from its run's summary; `percentile` set when the sweep judges steps against an SLO. */
export function stepOf(
  index: number,
  kind: StepKind,
  offered: number | null,
  reportDir: string,
  s: ResultSummary,
  percentile: number | null,
): SweepStep {
  const fellBehind = s.load_generator === "fell_behind";
  const steady = s.steady_state ?? null;
  const note =
    s.state !== "complete"
      ? `the run was ${s.state}`
      : fellBehind
        ? "the load generator fell behind its schedule"
        : steady?.stability === "unstable" && percentile !== null
          ? unstableNote(steady)
          : null;
  const attainment = s.goodput?.attainment_pct ?? null;
  return {
    index,
    kind,
    offered,
    report_dir: reportDir,
    state: s.state,
    // Successful requests over the run's duration, the window goodput uses too (a Poisson run's headline QPS may be LoadGen's legacy one, failures included).
    scheduled_qps: s.scheduled_qps ?? null,
    achieved_qps: s.qps_native ?? s.qps,
    goodput_rps: s.goodput?.requests_per_s ?? null,
    attainment_pct: attainment,
    judged_requests: s.goodput?.completed ?? null,
    ...latencyHeadlineMs((series, p) => ms(s[series], percentileKey(p))),
    at_slo_percentile:
      percentile === null
        ? null
        : {
            ttft_ms: ms(s.ttft, percentileKey(percentile)),
            tpot_ms: ms(s.tpot, percentileKey(percentile)),
            latency_ms: ms(s.latency, percentileKey(percentile)),
          },
    load_generator: s.load_generator,
    n_samples_failed: s.n_samples_failed,
    output_tps_per_gpu: s.output_tps_per_gpu ?? null,
    interactivity: s.interactivity ?? null,
    usd_per_million_output_tokens: s.cost?.usd_per_million_output_tokens ?? null,
    usd_per_million_input_tokens: s.cost?.usd_per_million_input_tokens ?? null,
    server_running_avg: s.server_metrics?.gauges.running?.avg ?? null,
    server_waiting_max: s.server_metrics?.gauges.waiting?.max ?? null,
    server_kv_cache_max: s.server_metrics?.gauges.kv_cache_usage?.max ?? null,
    server_ttft_p99_ms: s.server_metrics?.ttft_ms?.p99 ?? null,
    stability: steady?.stability ?? null,
    step_length_to_judge_s: steady?.step_length_to_judge_s ?? null,
    // The same judgement as the step's own report (goodput.target_met), at the search's share.
    passed: percentile === null ? null : note === null && meetsTarget(attainment, percentile),
    note,
    isl_osl: null,
    output_tps: s.tps ?? null,
    usd_per_million_tokens: s.cost?.usd_per_million_tokens ?? null,
    slo_met: s.goodput?.target_met ?? null,
  };
}

/** A step whose run ended in an error before it had a summary; `judged`: a search's rate step, which then did not pass. */
export function failedStep(
  index: number,
  kind: StepKind,
  offered: number | null,
  reportDir: string,
  message: string,
  judged: boolean,
): SweepStep {
  return {
    index,
    kind,
    offered,
    report_dir: reportDir,
    state: "failed",
    scheduled_qps: null,
    achieved_qps: null,
    goodput_rps: null,
    attainment_pct: null,
    judged_requests: null,
    ...latencyHeadlineMs(() => null),
    at_slo_percentile: null,
    load_generator: null,
    n_samples_failed: 0,
    output_tps_per_gpu: null,
    interactivity: null,
    usd_per_million_output_tokens: null,
    usd_per_million_input_tokens: null,
    server_running_avg: null,
    server_waiting_max: null,
    server_kv_cache_max: null,
    server_ttft_p99_ms: null,
    stability: null,
    step_length_to_judge_s: null,
    passed: judged ? false : null,
    note: message,
    isl_osl: null,
    output_tps: null,
    usd_per_million_tokens: null,
    slo_met: null,
  };
}
