/**
 * @module report/server-metrics-text — report.txt's and the console's lines for the server's own
 * metrics over the window (server-metrics/summary), beside the client's TTFT.
 */
import type { TokenRates } from "../server-metrics/counter-rates.ts";
import type { ServerMetricsSummary } from "../server-metrics/summary-block.ts";
import type { Rollup } from "../metrics/series-rollup.ts";
import { fixed2, nsAsMs } from "./text-format.ts";

/** What each common key means, for report.txt and report.html. */
export const SERVER_GAUGE_LABELS: Record<string, string> = {
  running: "requests running",
  waiting: "requests waiting",
  kv_cache_usage: "KV-cache use",
  prefix_cache_hit_rate: "prefix-cache hit rate",
  batch_per_step: "requests batched per decode step",
};

/**
 * Why the summary has no figures: no scrape in the window worked (the most frequent failure, and
 * for a page slower than the interval what to do), or the page has none of the names mapped.
 */
export function noFiguresReason(s: ServerMetricsSummary): string {
  const [error, count] = Object.entries(s.failed_scrape_errors ?? {})[0] ?? [];
  if (s.scrapes === 0 && error !== undefined) {
    const slow = error.startsWith("no answer within")
      ? "; a page this slow needs a longer --server-metrics-interval"
      : "";
    return `no scrape in the window worked: ${error} (${count} of ${s.failed_scrapes})${slow}; each attempt is in events.db (server_scrapes)`;
  }
  return "none of the known names (vLLM, SGLang, TGI, llama.cpp) on the page; every sample is in events.db (server_metrics)";
}

/** The server's own prefill and decode rates over the window, and per second it was busy where it says so. */
export function tokenRatesText(r: TokenRates): string {
  const busy = (v: number | null) => (v === null ? "" : `; ${fixed2(v)} per busy second`);
  return (
    `server prefill ${fixed2(r.prefill_tokens_per_s)} tokens/s${busy(r.prefill_tokens_per_busy_s)}, ` +
    `decode ${fixed2(r.decode_tokens_per_s)} tokens/s${busy(r.decode_tokens_per_busy_s)} (${r.source})`
  );
}

/** A histogram bucket as "20–40" (ms), "> 10000" for the +Inf bucket. */
export function bucketText(bucket: [number, number | null] | null): string {
  if (!bucket) return "N/A";
  return bucket[1] === null ? `> ${fixed2(bucket[0])}` : `${fixed2(bucket[0])}–${fixed2(bucket[1])}`;
}

/** ", N of them warmup requests …" when warmup requests got their first token inside the window, else "". */
export function warmupShare(warmup: number | undefined): string {
  return warmup ? `, ${warmup} of them warmup requests still in flight when measuring began` : "";
}

export function serverMetricsLines(s: ServerMetricsSummary, clientTtft: Rollup): string[] {
  const failed = s.failed_scrapes > 0 ? `, ${s.failed_scrapes} failed` : "";
  const lines = [`Server metrics (${s.url}; ${s.scrapes} scrapes in the window${failed}):`];
  for (const [key, g] of Object.entries(s.gauges)) {
    lines.push(
      `  ${SERVER_GAUGE_LABELS[key] ?? key}: min ${fixed2(g.min)}, avg ${fixed2(g.avg)}, max ${fixed2(g.max)} (${g.source})`,
    );
  }
  if (s.prefix_cache_hit_rate_window !== null)
    lines.push(`  prefix-cache hit rate over the window: ${fixed2(s.prefix_cache_hit_rate_window * 100)} %`);
  if (s.spec_acceptance_rate_window !== null)
    lines.push(`  speculative draft tokens accepted over the window: ${fixed2(s.spec_acceptance_rate_window * 100)} %`);
  if (s.token_rates) lines.push(`  ${tokenRatesText(s.token_rates)}`);
  if (s.ttft_ms && s.ttft_ms.count > 0) {
    const t = s.ttft_ms;
    const client = clientTtft.percentiles?.["50.0"];
    const beside = typeof client === "number" ? `; client TTFT p50 ${nsAsMs(client)} ms` : "";
    const value = (p: "p50" | "p90" | "p99") => `${fixed2(t[p])} (${bucketText(t.buckets[p])})`;
    lines.push(
      `  server TTFT p50/p90/p99: ${value("p50")} / ${value("p90")} / ${value("p99")} ms over ` +
        `${t.count} requests${warmupShare(t.warmup_requests)} (from its histogram: interpolated, ` +
        `and the bucket it lies in)${beside}`,
    );
  }
  if (Object.keys(s.gauges).length === 0 && !s.ttft_ms && !s.token_rates) lines.push(`  ${noFiguresReason(s)}`);
  return lines;
}
