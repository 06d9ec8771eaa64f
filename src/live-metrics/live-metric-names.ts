/**
 * @module live-metrics/live-metric-names — every series of the live page (`--live-metrics`): name, type, labels, meaning.
 *
 * The one list: the page renders each of these (live-metrics/exposition-page), docs/metrics.md's
 * table is generated from it, and the Grafana example is checked against it. Names follow
 * Prometheus' conventions: the unit in the name, `_total` on counters. Every series also carries
 * `shard` on a sharded run.
 */
import { LAG_BOUNDS_S, LATENCY_BOUNDS_S, TPOT_BOUNDS_S } from "./live-histogram.ts";

type LiveMetricType = "counter" | "gauge" | "histogram";

interface LiveMetric {
  name: string;
  type: LiveMetricType;
  /** Labels besides `shard`. */
  labels: readonly string[];
  help: string;
  /** Histograms: the bucket bounds, seconds. */
  boundsS?: readonly number[];
}

const PHASE = ["phase"] as const;

export const LIVE_METRICS = [
  {
    name: "inference_endpoint_phase",
    type: "gauge",
    labels: PHASE,
    help: "1 for the run's current phase, 0 for the others; `starting` before the first, `finishing` once every request is recorded",
  },
  {
    name: "inference_endpoint_requests_planned",
    type: "gauge",
    labels: PHASE,
    help: "requests the phase's plan holds (this shard's part)",
  },
  {
    name: "inference_endpoint_requests_issued_total",
    type: "counter",
    labels: PHASE,
    help: "attempts recorded plus those in flight (in flight is estimated from the plan while the phase runs)",
  },
  {
    name: "inference_endpoint_requests_completed_total",
    type: "counter",
    labels: PHASE,
    help: "successful attempts recorded (events.db rows without an error kind)",
  },
  {
    name: "inference_endpoint_requests_failed_total",
    type: "counter",
    labels: ["phase", "kind"],
    help: "failed attempts recorded, by error kind (events.db rows by `error_kind`; a retried attempt counts)",
  },
  {
    name: "inference_endpoint_requests_in_flight",
    type: "gauge",
    labels: PHASE,
    help: "requests due and not yet recorded (a closed loop: its busy slots), at most the run's in-flight limit; 0 once the phase ended",
  },
  {
    name: "inference_endpoint_ttft_seconds",
    type: "histogram",
    labels: PHASE,
    help: "time to first token of successful streamed requests",
    boundsS: LATENCY_BOUNDS_S,
  },
  {
    name: "inference_endpoint_tpot_seconds",
    type: "histogram",
    labels: PHASE,
    help: "time per output token after the first chunk, from the chunks' tokens (the report may count them with a tokenizer)",
    boundsS: TPOT_BOUNDS_S,
  },
  {
    name: "inference_endpoint_latency_seconds",
    type: "histogram",
    labels: PHASE,
    help: "send to last byte of successful requests",
    boundsS: LATENCY_BOUNDS_S,
  },
  {
    name: "inference_endpoint_schedule_lag_seconds",
    type: "histogram",
    labels: PHASE,
    help: "how late each sent request left against its scheduled instant",
    boundsS: LAG_BOUNDS_S,
  },
  {
    name: "inference_endpoint_output_tokens_total",
    type: "counter",
    labels: PHASE,
    help: "output tokens of successful requests as the server's usage reported them (a tokenizer's counts come after the run)",
  },
  {
    name: "inference_endpoint_input_tokens_total",
    type: "counter",
    labels: PHASE,
    help: "prompt tokens of successful requests, as known when they were recorded",
  },
  {
    name: "inference_endpoint_worker_timer_lateness_seconds",
    type: "gauge",
    labels: ["worker"],
    help: "the worker's worst event-loop timer lateness in its latest 250 ms window (the read side's own delay)",
  },
  {
    name: "inference_endpoint_worker_cpu_ratio",
    type: "gauge",
    labels: ["worker"],
    help: "the worker process's CPU use in its latest 250 ms window, as a fraction of one core",
  },
] as const satisfies readonly LiveMetric[];

export type LiveMetricName = (typeof LIVE_METRICS)[number]["name"];

/** Every series name the page can carry: a histogram's as its `_bucket`, `_sum` and `_count`. */
export function liveSeriesNames(): string[] {
  return LIVE_METRICS.flatMap((m: LiveMetric) =>
    m.type === "histogram" ? [`${m.name}_bucket`, `${m.name}_sum`, `${m.name}_count`] : [m.name],
  );
}
