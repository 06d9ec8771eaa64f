/**
 * @module report/repeat-metrics — the headline metrics a set of repeats spreads, each read from a run's result_summary.json.
 *
 * One list, so repeats.json, its text and `compare` of two sets of repeats name the same metrics
 * alike: throughput (requests, output tokens, per GPU, per user, goodput), TTFT, TPOT, ITL and
 * latency at p50/p90/p99 in ms, the error rate in percent, and the cost per million output and
 * per million input + output tokens. A metric a run does not define (TPOT without streaming, per
 * GPU without `--gpus`, a cost without `--gpu-hour-cost`) is null for that run.
 */
export type Direction = "higher_is_better" | "lower_is_better";

interface RepeatMetric {
  /** The key in repeats.json's `metrics`, e.g. `ttft_p99_ms`. */
  key: string;
  /** How text names it, e.g. `TTFT p99`. */
  label: string;
  unit: string;
  direction: Direction;
  read: (summary: Record<string, unknown>) => number | null;
}

function at(summary: Record<string, unknown>, path: readonly string[]): number | null {
  let node: unknown = summary;
  for (const key of path)
    node = typeof node === "object" && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  return typeof node === "number" && Number.isFinite(node) ? node : null;
}

const NS_PER_MS = 1e6;

const rate = (key: string, label: string, unit: string, path: readonly string[]): RepeatMetric => ({
  key,
  label,
  unit,
  direction: "higher_is_better",
  read: (s) => at(s, path),
});

/** A dollar figure of result_summary.json's `cost` (metrics/gpu-cost): lower is better. */
const cost = (key: string, label: string): RepeatMetric => ({
  key,
  label,
  unit: "USD",
  direction: "lower_is_better",
  read: (s) => at(s, ["cost", key]),
});

function percentilesMs(series: string, label: string): RepeatMetric[] {
  return ["50", "90", "99"].map((p) => ({
    key: `${series}_p${p}_ms`,
    label: `${label} p${p}`,
    unit: "ms",
    direction: "lower_is_better",
    read: (s) => {
      const ns = at(s, [series, "percentiles", `${p}.0`]);
      return ns === null ? null : ns / NS_PER_MS;
    },
  }));
}

/** Failed ÷ issued × 100; 0 for a run that issued nothing and failed nothing. */
function errorRatePct(s: Record<string, unknown>): number | null {
  const issued = at(s, ["n_samples_issued"]);
  const failed = at(s, ["n_samples_failed"]);
  if (issued === null || failed === null) return null;
  return issued === 0 ? (failed === 0 ? 0 : null) : (100 * failed) / issued;
}

export const REPEAT_METRICS: readonly RepeatMetric[] = [
  rate("qps", "QPS", "req/s", ["qps"]),
  rate("tps", "output throughput", "tok/s", ["tps"]),
  rate("output_tps_per_gpu", "output throughput per GPU", "tok/s/GPU", ["output_tps_per_gpu"]),
  rate("interactivity", "interactivity", "tok/s/user", ["interactivity"]),
  rate("goodput_qps", "goodput", "req/s", ["goodput", "requests_per_s"]),
  ...percentilesMs("ttft", "TTFT"),
  ...percentilesMs("tpot", "TPOT"),
  ...percentilesMs("itl", "ITL"),
  ...percentilesMs("latency", "latency"),
  { key: "error_rate_pct", label: "error rate", unit: "%", direction: "lower_is_better", read: errorRatePct },
  cost("usd_per_million_output_tokens", "cost per 1M output tokens"),
  cost("usd_per_million_tokens", "cost per 1M tokens (input + output)"),
];
