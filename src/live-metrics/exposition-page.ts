/**
 * @module live-metrics/exposition-page — the live page as Prometheus text exposition (version 0.0.4), a pure function of a snapshot.
 *
 * Each series of live-metrics/live-metric-names is written in that list's order with its HELP and
 * TYPE lines; a histogram as cumulative `_bucket` lines (`le` in seconds, then `+Inf`), `_sum` and
 * `_count`. A series with nothing to count yet is left out, as client libraries do for labelled
 * series; the phase gauge is always there, so a scraper sees the run from its first scrape.
 */
import { cumulativeCounts, type LiveHistogramSnapshot } from "./live-histogram.ts";
import { LIVE_METRICS, type LiveMetricName } from "./live-metric-names.ts";
import type { LiveSnapshot, PhaseFigures } from "./live-state.ts";

/** The page's Content-Type. */
export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

type Labels = Readonly<Record<string, string>>;
interface Sample {
  labels: Labels;
  value: number;
  /** A histogram's part: `_bucket` (labels carry `le`), `_sum` or `_count`; "" for a plain series. */
  suffix?: string;
}

/** Label values escape backslash, double quote and newline (the format's only escapes). */
const escapeLabel = (v: string) => v.replaceAll("\\", "\\\\").replaceAll('"', '\\"').replaceAll("\n", "\\n");
const escapeHelp = (v: string) => v.replaceAll("\\", "\\\\").replaceAll("\n", "\\n");

function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Number.POSITIVE_INFINITY) return "+Inf";
  if (value === Number.NEGATIVE_INFINITY) return "-Inf";
  return String(value);
}

function labelText(labels: Labels): string {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length === 0 ? "" : `{${parts.join(",")}}`;
}

function histogramSamples(h: LiveHistogramSnapshot, labels: Labels): Sample[] {
  const cumulative = cumulativeCounts(h);
  const buckets = h.layout.boundsS.map((bound, i) => ({
    labels: { ...labels, le: String(bound) },
    value: cumulative[i] as number,
    suffix: "_bucket",
  }));
  return [
    ...buckets,
    { labels: { ...labels, le: "+Inf" }, value: h.count, suffix: "_bucket" },
    { labels, value: h.sumS, suffix: "_sum" },
    { labels, value: h.count, suffix: "_count" },
  ];
}

const perPhase =
  (value: (p: PhaseFigures) => number) =>
  (s: LiveSnapshot): Sample[] =>
    s.requests.map((p) => ({ labels: { phase: p.phase }, value: value(p) }));

const perPhaseHistogram =
  (pick: (p: PhaseFigures) => LiveHistogramSnapshot) =>
  (s: LiveSnapshot): Sample[] =>
    s.requests.flatMap((p) => histogramSamples(pick(p), { phase: p.phase }));

/** Each series' samples; keyed by name so that a series added to the list without a producer does not compile. */
const SERIES: Record<LiveMetricName, (s: LiveSnapshot) => Sample[]> = {
  inference_endpoint_phase: (s) => s.phases.map((phase) => ({ labels: { phase }, value: phase === s.current ? 1 : 0 })),
  inference_endpoint_requests_planned: perPhase((p) => p.planned),
  inference_endpoint_requests_issued_total: perPhase((p) => p.issued),
  inference_endpoint_requests_completed_total: perPhase((p) => p.completed),
  inference_endpoint_requests_failed_total: (s) =>
    s.requests.flatMap((p) =>
      Object.entries(p.failed).map(([kind, n]) => ({ labels: { phase: p.phase, kind }, value: n })),
    ),
  inference_endpoint_requests_in_flight: perPhase((p) => p.inFlight),
  inference_endpoint_ttft_seconds: perPhaseHistogram((p) => p.ttft),
  inference_endpoint_tpot_seconds: perPhaseHistogram((p) => p.tpot),
  inference_endpoint_latency_seconds: perPhaseHistogram((p) => p.latency),
  inference_endpoint_schedule_lag_seconds: perPhaseHistogram((p) => p.scheduleLag),
  inference_endpoint_output_tokens_total: perPhase((p) => p.outputTokens),
  inference_endpoint_input_tokens_total: perPhase((p) => p.inputTokens),
  inference_endpoint_worker_timer_lateness_seconds: (s) =>
    s.workers.map((w) => ({ labels: { worker: String(w.worker) }, value: w.latenessS })),
  inference_endpoint_worker_cpu_ratio: (s) =>
    s.workers.map((w) => ({ labels: { worker: String(w.worker) }, value: w.cpuRatio })),
};

/** The page for `snapshot`; `constant` labels (a shard's `shard`) go first on every sample. */
export function renderExposition(snapshot: LiveSnapshot, constant: Labels = {}): string {
  const lines: string[] = [];
  for (const metric of LIVE_METRICS) {
    const samples = SERIES[metric.name](snapshot);
    if (samples.length === 0) continue;
    lines.push(`# HELP ${metric.name} ${escapeHelp(metric.help)}`, `# TYPE ${metric.name} ${metric.type}`);
    for (const { labels, value, suffix = "" } of samples)
      lines.push(`${metric.name}${suffix}${labelText({ ...constant, ...labels })} ${formatValue(value)}`);
  }
  return `${lines.join("\n")}\n`;
}
