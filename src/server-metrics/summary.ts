/**
 * @module server-metrics/summary — the server's own metrics over the measured window.
 *
 * Known names of vLLM, SGLang, TGI and llama.cpp map to a small common set (KNOWN_GAUGES): per scrape, a
 * gauge's series are grouped by engine (ranks of one engine counted once, RANK_LABELS), then
 * summed over engines (requests on every engine) or, for a usage ratio, averaged;
 * then min/avg/max over the scrapes inside the window. The server's TTFT comes from its
 * histogram: the buckets' growth over the window, all series added, read at a quantile by
 * linear interpolation within the bucket, as PromQL's histogram_quantile does. The counters'
 * figures (prefix-cache hits, token rates, speculative acceptance) are server-metrics/counter-rates. Pure.
 */
import { COUNTER_NAMES, counterFigures } from "./counter-rates.ts";
import { histogramBucket, histogramQuantile } from "./histogram.ts";
import type { ServerMetricsSummary } from "./summary-block.ts";

/** events.db `run` key: the scraped page's URL (credentials hidden); present when scraping ran. */
export const SERVER_METRICS_URL_META_KEY = "server_metrics_url";
/**
 * events.db `run` key: JSON `{baselineNs, finalNs}`, the instants of the scrapes taken just before the
 * performance phase started and just after it ended (null: that scrape failed).
 */
export const SERVER_METRICS_BOUNDS_META_KEY = "server_metrics_bounds";

/** How the window's scrapes went: worked, failed, and the failures by message. */
export interface ScrapeCounts {
  ok: number;
  failed: number;
  errors: Record<string, number>;
}

/** The scrapes that bound the window, when the run took them (see SERVER_METRICS_BOUNDS_META_KEY). */
export interface ScrapeBounds {
  baselineNs: number | null;
  finalNs: number | null;
}

export interface ScrapedRow {
  tNs: number;
  name: string;
  labels: string;
  value: number | null;
}

interface GaugeSpec {
  key: string;
  combine: "sum" | "mean";
  /** Engine names, first found wins. */
  names: readonly string[];
}

const KNOWN_GAUGES: readonly GaugeSpec[] = [
  {
    key: "running",
    combine: "sum",
    names: [
      "vllm:num_requests_running",
      "sglang:num_running_reqs",
      "tgi_batch_current_size",
      "llamacpp:requests_processing",
    ],
  },
  {
    key: "waiting",
    combine: "sum",
    names: ["vllm:num_requests_waiting", "sglang:num_queue_reqs", "tgi_queue_size", "llamacpp:requests_deferred"],
  },
  {
    key: "kv_cache_usage",
    combine: "mean",
    names: ["vllm:kv_cache_usage_perc", "vllm:gpu_cache_usage_perc", "sglang:token_usage"],
  },
  { key: "prefix_cache_hit_rate", combine: "mean", names: ["sglang:cache_hit_rate", "vllm:gpu_prefix_cache_hit_rate"] },
  /** llama.cpp's average of busy slots per decode step: how many requests each step batched. */
  { key: "batch_per_step", combine: "mean", names: ["llamacpp:n_busy_slots_per_decode"] },
];
const TTFT_HISTOGRAMS = ["vllm:time_to_first_token_seconds", "sglang:time_to_first_token_seconds"];
/** Every name the summary reads (the report reads only these back). */
export const SUMMARY_METRIC_NAMES: readonly string[] = [
  ...KNOWN_GAUGES.flatMap((g) => g.names),
  ...TTFT_HISTOGRAMS.map((h) => `${h}_bucket`),
  ...COUNTER_NAMES,
];

type GaugeStats = ServerMetricsSummary["gauges"][string];

/** Rows grouped by scrape instant, in time order. */
function byScrape(rows: readonly ScrapedRow[]): ScrapedRow[][] {
  const groups = new Map<number, ScrapedRow[]>();
  for (const r of rows) (groups.get(r.tNs) ?? (groups.set(r.tNs, []).get(r.tNs) as ScrapedRow[])).push(r);
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([, g]) => g);
}

/**
 * Labels that tell apart the ranks of one engine, not engines: SGLang reports its scheduler gauges
 * from the first attention-TP rank of each DP group, and from every rank with
 * --enable-metrics-for-all-schedulers (the same running count once per tp_rank). Series that
 * differ only in these are one engine, counted once (their max); dp_rank and vLLM's engine are engines.
 */
const RANK_LABELS = ["tp_rank", "pp_rank", "attn_tp_rank", "moe_ep_rank"];

/** A series' labels without its rank labels: one key per engine (and, for a histogram, per bucket). */
function engineKey(labels: Record<string, string>): string {
  for (const k of RANK_LABELS) delete labels[k];
  return JSON.stringify(labels);
}

function engineValues(series: readonly ScrapedRow[]): number[] {
  const engines = new Map<string, number>();
  for (const r of series) {
    const key = engineKey(JSON.parse(r.labels) as Record<string, string>);
    engines.set(key, Math.max(engines.get(key) ?? -Infinity, r.value as number));
  }
  return [...engines.values()];
}

/** A gauge's value at each scrape that has it (its series combined), with the engine name used. */
function gaugeValues(
  spec: GaugeSpec,
  scrapes: readonly ScrapedRow[][],
): { source: string; tNs: number[]; values: number[] } | null {
  const tNs: number[] = [];
  const values: number[] = [];
  let source: string | null = null;
  for (const scrape of scrapes) {
    const name: string | undefined = source ?? spec.names.find((n) => scrape.some((r) => r.name === n));
    if (!name) continue;
    source = name;
    const series = engineValues(scrape.filter((r) => r.name === name && r.value !== null));
    if (series.length === 0) continue;
    const total = series.reduce((a, b) => a + b, 0);
    tNs.push((scrape[0] as ScrapedRow).tNs);
    values.push(spec.combine === "sum" ? total : total / series.length);
  }
  return source && values.length > 0 ? { source, tNs, values } : null;
}

/** One scrape's known gauges (running, waiting, kv_cache_usage, …), its series combined as the summary does, by key. */
export function scrapeGauges(
  samples: readonly { name: string; labels: string; value: number }[],
): Record<string, number> {
  const rows = samples.map((s) => ({ ...s, tNs: 0, value: Number.isNaN(s.value) ? null : s.value }));
  const gauges: Record<string, number> = {};
  for (const spec of KNOWN_GAUGES) {
    const found = gaugeValues(spec, [rows]);
    if (found) gauges[spec.key] = found.values[0] as number;
  }
  return gauges;
}

function gaugeStats(spec: GaugeSpec, scrapes: readonly ScrapedRow[][]): GaugeStats | null {
  const found = gaugeValues(spec, scrapes);
  if (!found) return null;
  const { source, values } = found;
  return {
    source,
    min: Math.min(...values),
    avg: values.reduce((a, b) => a + b, 0) / values.length,
    max: Math.max(...values),
    samples: values.length,
  };
}

/** Each known gauge over the whole run, for charts: scrape instants (run clock, ns) and values. */
export type GaugeTimeline = Record<string, { tNs: number[]; values: number[] }>;

export function gaugeTimeline(rows: readonly ScrapedRow[]): GaugeTimeline {
  const scrapes = byScrape(rows);
  const out: GaugeTimeline = {};
  for (const spec of KNOWN_GAUGES) {
    const found = gaugeValues(spec, scrapes);
    if (found) out[spec.key] = { tNs: found.tNs, values: found.values };
  }
  return out;
}

/** Cumulative bucket counts by upper bound, the engines' series added (the ranks of one engine counted once, as for gauges). */
function buckets(scrape: readonly ScrapedRow[], name: string): Map<number, number> {
  const perEngine = new Map<string, { bound: number; count: number }>();
  for (const r of scrape) {
    if (r.name !== `${name}_bucket` || r.value === null) continue;
    const labels = JSON.parse(r.labels) as Record<string, string>;
    const bound = labels.le === "+Inf" ? Number.POSITIVE_INFINITY : Number(labels.le);
    const key = engineKey(labels);
    perEngine.set(key, { bound, count: Math.max(perEngine.get(key)?.count ?? -Infinity, r.value) });
  }
  const out = new Map<number, number>();
  for (const { bound, count } of perEngine.values()) out.set(bound, (out.get(bound) ?? 0) + count);
  return out;
}

function ttft(
  before: readonly ScrapedRow[] | undefined,
  last: readonly ScrapedRow[] | undefined,
  warmupFirstTokensNs: ArrayLike<number>,
): ServerMetricsSummary["ttft_ms"] {
  if (!last) return null;
  const name = TTFT_HISTOGRAMS.find((n) => last.some((r) => r.name === `${n}_bucket`));
  if (!name) return null;
  const end = buckets(last, name);
  const start = before ? buckets(before, name) : new Map<number, number>();
  const growth = [...end.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([bound, count]): [number, number] => [bound, count - (start.get(bound) ?? 0)]);
  const at = (q: number) => {
    const s = histogramQuantile(q, growth);
    return s === null ? null : s * 1000;
  };
  const bucket = (q: number): [number, number | null] | null => {
    const b = histogramBucket(q, growth);
    return b && [b[0] * 1000, b[1] === null ? null : b[1] * 1000];
  };
  const [fromNs, toNs] = [before?.[0]?.tNs ?? -Infinity, (last[0] as ScrapedRow).tNs];
  let warmup = 0;
  for (let i = 0; i < warmupFirstTokensNs.length; i++)
    if ((warmupFirstTokensNs[i] as number) > fromNs && (warmupFirstTokensNs[i] as number) <= toNs) warmup++;
  return {
    source: name,
    count: growth.at(-1)?.[1] ?? 0,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    warmup_requests: warmup,
    buckets: { p50: bucket(0.5), p90: bucket(0.9), p99: bucket(0.99) },
  };
}

/**
 * The summary over [startNs, endNs]: `rows` are the scraped samples of SUMMARY_METRIC_NAMES
 * (any time; the last scrape before the window is the histograms' and counters' baseline);
 * `warmupFirstTokensNs`: when each warmup request's first token (else its end) arrived.
 */
export function summarizeServerMetrics(
  rows: readonly ScrapedRow[],
  startNs: number,
  endNs: number,
  scrapeCounts: ScrapeCounts,
  url: string,
  bounds: ScrapeBounds = { baselineNs: null, finalNs: null },
  warmupFirstTokensNs: ArrayLike<number> = [],
): ServerMetricsSummary {
  const all = byScrape(rows);
  const at = (tNs: number | null) => (tNs === null ? undefined : all.find((s) => (s[0] as ScrapedRow).tNs === tNs));
  const inside = all.filter((s) => (s[0] as ScrapedRow).tNs >= startNs && (s[0] as ScrapedRow).tNs <= endNs);
  // Growth is measured from the scrape taken just before the phase and up to the one just after
  // it. Without them (a failed scrape, an older events.db): from the last scrape before the
  // window, else its first — never from zero, which would count the server's whole past — to its last.
  const before = at(bounds.baselineNs) ?? all.filter((s) => (s[0] as ScrapedRow).tNs < startNs).at(-1) ?? inside[0];
  const last = at(bounds.finalNs) ?? inside.at(-1);
  const gauges: Record<string, GaugeStats> = {};
  for (const spec of KNOWN_GAUGES) {
    const stats = gaugeStats(spec, inside);
    if (stats) gauges[spec.key] = stats;
  }
  return {
    url,
    scrapes: scrapeCounts.ok,
    failed_scrapes: scrapeCounts.failed,
    failed_scrape_errors: { ...scrapeCounts.errors },
    gauges,
    ...counterFigures(before, last),
    ttft_ms: ttft(before, last, warmupFirstTokensNs),
  };
}
