/**
 * @module server-metrics/counter-rates — what the server's counters say about the window: prefix-cache
 * hits, its own prefill and decode token rates, speculative acceptance (pure).
 *
 * Each figure is a counter's growth from the scrape before the window to the one after it, all
 * its series added. Engines name the same counters differently; the first pair a page carries
 * wins. A figure the page does not carry is null ("not reported by the server"), never zero.
 */
import { z } from "zod";
import type { ScrapedRow } from "./summary.ts";

/** A ratio of two counters' growth: `part` ÷ `whole`, or ÷ (`part` + `whole`) when the engine counts the rest apart. */
interface RatioSpec {
  part: string;
  whole: string;
  wholeExcludesPart?: true;
}

/** vLLM v1's prefix-cache counters (its first releases named them `gpu_…`); llama.cpp counts cached and processed prompt tokens apart. */
const PREFIX_CACHE: readonly RatioSpec[] = [
  { part: "vllm:prefix_cache_hits_total", whole: "vllm:prefix_cache_queries_total" },
  { part: "vllm:gpu_prefix_cache_hits_total", whole: "vllm:gpu_prefix_cache_queries_total" },
  { part: "llamacpp:prompt_tokens_cached_total", whole: "llamacpp:prompt_tokens_total", wholeExcludesPart: true },
];

/** Draft tokens accepted ÷ proposed (vLLM and llama.cpp use the same names under their prefixes). */
const SPEC_ACCEPTANCE: readonly RatioSpec[] = [
  { part: "vllm:spec_decode_num_accepted_tokens_total", whole: "vllm:spec_decode_num_draft_tokens_total" },
  { part: "llamacpp:spec_decode_num_accepted_tokens_total", whole: "llamacpp:spec_decode_num_draft_tokens_total" },
];

/** Prompt (prefill) and generated (decode) token counters; `busy`: seconds the engine spent on each, where it counts them. */
const TOKEN_COUNTERS = [
  { prefill: "vllm:prompt_tokens_total", decode: "vllm:generation_tokens_total" },
  { prefill: "sglang:prompt_tokens_total", decode: "sglang:generation_tokens_total" },
  {
    prefill: "llamacpp:prompt_tokens_total",
    decode: "llamacpp:tokens_predicted_total",
    busy: { prefill: "llamacpp:prompt_seconds_total", decode: "llamacpp:tokens_predicted_seconds_total" },
  },
] as const;

/** Every counter this module reads. */
export const COUNTER_NAMES: readonly string[] = [
  ...[...PREFIX_CACHE, ...SPEC_ACCEPTANCE].flatMap((r) => [r.part, r.whole]),
  ...TOKEN_COUNTERS.flatMap((c) => [c.prefill, c.decode, ...("busy" in c ? [c.busy.prefill, c.busy.decode] : [])]),
];

const num = z.number().nullable();

/** The counters' figures, as result_summary.json's `server_metrics` block holds them (server-metrics/summary). */
export const COUNTER_FIGURES_SHAPE = {
  /** Prefix-cache hits ÷ lookups over the window (vLLM's blocks, llama.cpp's prompt tokens). */
  prefix_cache_hit_rate_window: num,
  /** Accepted ÷ proposed draft tokens over the window. */
  spec_acceptance_rate_window: num,
  token_rates: z
    .strictObject({
      source: z.string(),
      /** Prompt tokens the server processed (cached ones not counted where it counts them apart), per second of the window. */
      prefill_tokens_per_s: z.number(),
      decode_tokens_per_s: z.number(),
      /** Tokens per second the engine was busy with each (llama.cpp counts its busy seconds), else null. */
      prefill_tokens_per_busy_s: num,
      decode_tokens_per_busy_s: num,
    })
    .nullable(),
};

type CounterFigures = z.infer<z.ZodObject<typeof COUNTER_FIGURES_SHAPE>>;
export type TokenRates = NonNullable<CounterFigures["token_rates"]>;

/** A counter's growth between two scrapes (all its series added); null when the later scrape lacks it. */
function counterGrowth(before: readonly ScrapedRow[] | undefined, last: readonly ScrapedRow[], name: string) {
  const sum = (scrape: readonly ScrapedRow[] | undefined) =>
    scrape?.filter((r) => r.name === name).reduce((a, r) => a + (r.value ?? 0), 0) ?? 0;
  if (!last.some((r) => r.name === name)) return null;
  return sum(last) - sum(before);
}

function ratio(specs: readonly RatioSpec[], before: readonly ScrapedRow[] | undefined, last: readonly ScrapedRow[]) {
  const spec = specs.find((s) => last.some((r) => r.name === s.whole));
  if (!spec) return null;
  const part = counterGrowth(before, last, spec.part);
  const whole = counterGrowth(before, last, spec.whole);
  if (part === null || whole === null) return null;
  const total = spec.wholeExcludesPart ? part + whole : whole;
  return total > 0 ? part / total : null;
}

function tokenRates(before: readonly ScrapedRow[] | undefined, last: readonly ScrapedRow[]): TokenRates | null {
  const counters = TOKEN_COUNTERS.find((c) => last.some((r) => r.name === c.decode));
  const fromNs = before?.[0]?.tNs;
  const toNs = last[0]?.tNs;
  if (!counters || fromNs === undefined || toNs === undefined || toNs <= fromNs) return null;
  const seconds = (toNs - fromNs) / 1e9;
  const prefill = counterGrowth(before, last, counters.prefill) ?? 0;
  const decode = counterGrowth(before, last, counters.decode) ?? 0;
  const perBusy = (tokens: number, name: string | undefined) => {
    const busy = name === undefined ? null : counterGrowth(before, last, name);
    return busy !== null && busy > 0 ? tokens / busy : null;
  };
  const busy = "busy" in counters ? counters.busy : undefined;
  return {
    source: counters.decode,
    prefill_tokens_per_s: prefill / seconds,
    decode_tokens_per_s: decode / seconds,
    prefill_tokens_per_busy_s: perBusy(prefill, busy?.prefill),
    decode_tokens_per_busy_s: perBusy(decode, busy?.decode),
  };
}

/** The counters' figures from the scrape before the window (`before`) to the one after it (`last`). */
export function counterFigures(before: readonly ScrapedRow[] | undefined, last: readonly ScrapedRow[] | undefined) {
  if (!last) return { prefix_cache_hit_rate_window: null, spec_acceptance_rate_window: null, token_rates: null };
  return {
    prefix_cache_hit_rate_window: ratio(PREFIX_CACHE, before, last),
    spec_acceptance_rate_window: ratio(SPEC_ACCEPTANCE, before, last),
    token_rates: tokenRates(before, last),
  } satisfies CounterFigures;
}
