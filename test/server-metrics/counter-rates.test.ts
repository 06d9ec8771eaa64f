/**
 * @module test/server-metrics/counter-rates.test — the server's counters over a window, from two
 * pages a real llama.cpp server wrote (test/fixtures/server-metrics: one request, then three more
 * with a shared prompt) and from hand-made vLLM rows.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { counterFigures } from "../../src/server-metrics/counter-rates.ts";
import { parseExposition } from "../../src/server-metrics/exposition.ts";
import { summarizeServerMetrics, type ScrapedRow } from "../../src/server-metrics/summary.ts";

const FIXTURES = join(import.meta.dir, "..", "fixtures", "server-metrics");

function scrapeOf(file: string, tNs: number): ScrapedRow[] {
  return parseExposition(readFileSync(join(FIXTURES, file), "utf8")).map((s) => ({ tNs, ...s }));
}

const before = scrapeOf("llamacpp-before.txt", 0);
const after = scrapeOf("llamacpp-after.txt", 2e9);

describe("server-metrics/counter-rates on llama.cpp's page", () => {
  test("prefix-cache hits are cached ÷ (cached + processed) prompt tokens: 85 ÷ (85 + 32)", () => {
    expect(counterFigures(before, after).prefix_cache_hit_rate_window).toBeCloseTo(85 / 117, 12);
  });

  test("token rates over the 2 s window, and per second the engine was busy with each", () => {
    expect(counterFigures(before, after).token_rates).toEqual({
      source: "llamacpp:tokens_predicted_total",
      prefill_tokens_per_s: 16,
      decode_tokens_per_s: 24,
      prefill_tokens_per_busy_s: 32 / (0.005327 - 0.002331),
      decode_tokens_per_busy_s: 48 / (0.030579 - 0.008006),
    });
  });

  test("no draft tokens proposed: no acceptance rate (not reported, never 0 %)", () => {
    expect(counterFigures(before, after).spec_acceptance_rate_window).toBeNull();
  });

  test("requests_processing and requests_deferred are the running and waiting gauges; busy slots per decode the batch", () => {
    const s = summarizeServerMetrics([...before, ...after], 0, 2e9, { ok: 2, failed: 0, errors: {} }, "u");
    expect(Object.fromEntries(Object.entries(s.gauges).map(([k, g]) => [k, g.source]))).toEqual({
      running: "llamacpp:requests_processing",
      waiting: "llamacpp:requests_deferred",
      batch_per_step: "llamacpp:n_busy_slots_per_decode",
    });
  });
});

describe("server-metrics/counter-rates on vLLM's names", () => {
  const row = (tNs: number, name: string, value: number): ScrapedRow => ({ tNs, name, labels: "{}", value });
  test.each([
    ["speculative acceptance", "spec_acceptance_rate_window", 0.75],
    ["prefix-cache hits", "prefix_cache_hit_rate_window", 0.5],
  ] as const)("%s: the part's growth over the whole's", (_name, key, expected) => {
    const rows = [
      row(0, "vllm:spec_decode_num_accepted_tokens_total", 10),
      row(0, "vllm:spec_decode_num_draft_tokens_total", 20),
      row(0, "vllm:prefix_cache_hits_total", 100),
      row(0, "vllm:prefix_cache_queries_total", 100),
      row(1e9, "vllm:spec_decode_num_accepted_tokens_total", 40),
      row(1e9, "vllm:spec_decode_num_draft_tokens_total", 60),
      row(1e9, "vllm:prefix_cache_hits_total", 150),
      row(1e9, "vllm:prefix_cache_queries_total", 200),
    ];
    const figures = counterFigures(
      rows.filter((r) => r.tNs === 0),
      rows.filter((r) => r.tNs === 1e9),
    );
    expect(figures[key]).toBeCloseTo(expected, 12);
    expect(figures.token_rates).toBeNull();
  });
});
