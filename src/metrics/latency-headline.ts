/**
 * @module metrics/latency-headline — the six latency figures a set of requests is summed up by:
 * TTFT, TPOT and end-to-end latency at p50 and p99, in ms, under the names the JSON files give them.
 *
 * result_summary.json's `steady_state` block (metrics/steady-state/steady-state) carries them
 * over its window's requests, and every step of sweep.json (sweep/sweep-step) over the step's
 * run, so that `compare`, sweep.html and the steady-state text read one set of names. The
 * figures are declared and built here; each caller says where a percentile comes from.
 */
import { z } from "zod";

const num = z.number().nullable();

/** The six figures in their JSON order, as a zod shape the files' schemas spread; null where the set has no value (no requests, or a failed step). */
export const LATENCY_HEADLINE_SHAPE = {
  ttft_p50_ms: num,
  ttft_p99_ms: num,
  tpot_p50_ms: num,
  tpot_p99_ms: num,
  latency_p50_ms: num,
  latency_p99_ms: num,
};

export type LatencyHeadlineMs = z.infer<z.ZodObject<typeof LATENCY_HEADLINE_SHAPE>>;

type LatencySeries = "ttft" | "tpot" | "latency";

/** The figures in their JSON order, `msAt(series, percentile)` each. */
export function latencyHeadlineMs(
  msAt: (series: LatencySeries, percentile: 50 | 99) => number | null,
): LatencyHeadlineMs {
  return {
    ttft_p50_ms: msAt("ttft", 50),
    ttft_p99_ms: msAt("ttft", 99),
    tpot_p50_ms: msAt("tpot", 50),
    tpot_p99_ms: msAt("tpot", 99),
    latency_p50_ms: msAt("latency", 50),
    latency_p99_ms: msAt("latency", 99),
  };
}
