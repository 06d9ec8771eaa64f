/**
 * @module dashboard/server-gauges — the server's running / waiting requests and KV-cache use, from its latest scrape.
 *
 * `--server-metrics` already scrapes the page for events.db; the dashboard keeps the last scrape's
 * known gauges (server-metrics/summary's names for vLLM, SGLang, TGI and llama.cpp, combined
 * across engines as the summary does). A usage ratio is shown as a percentage.
 */
import type { MetricSample } from "../server-metrics/exposition.ts";
import { scrapeGauges } from "../server-metrics/summary.ts";

export interface ServerGauges {
  running: number | null;
  waiting: number | null;
  kvCachePct: number | null;
}

export function serverGaugesOf(samples: readonly MetricSample[]): ServerGauges {
  const g = scrapeGauges(samples);
  return {
    running: g.running ?? null,
    waiting: g.waiting ?? null,
    kvCachePct: g.kv_cache_usage === undefined ? null : g.kv_cache_usage * 100,
  };
}
