import { describe, expect, test } from "bun:test";
import { type ServerGauges, serverGaugesOf } from "../../src/dashboard/server-gauges.ts";
import type { MetricSample } from "../../src/server-metrics/exposition.ts";

/** A sample as the scraper parses one: labels as sorted JSON. */
const s = (name: string, value: number, labels: Record<string, string> = {}): MetricSample => ({
  name,
  labels: JSON.stringify(Object.fromEntries(Object.entries(labels).sort())),
  value,
});
const none: ServerGauges = { running: null, waiting: null, kvCachePct: null };

describe("dashboard/server-gauges", () => {
  test.each<[string, MetricSample[], ServerGauges]>([
    ["no samples: no gauges", [], none],
    ["a page without known names: no gauges", [s("process_cpu_seconds_total", 12)], none],
    [
      "vLLM: running, waiting, and the KV-cache ratio as a percentage",
      [s("vllm:num_requests_running", 12), s("vllm:num_requests_waiting", 3), s("vllm:kv_cache_usage_perc", 0.415)],
      { running: 12, waiting: 3, kvCachePct: 41.5 },
    ],
    [
      "vLLM's older KV-cache name",
      [s("vllm:gpu_cache_usage_perc", 0.25)],
      { running: null, waiting: null, kvCachePct: 25 },
    ],
    [
      "SGLang's names",
      [s("sglang:num_running_reqs", 7), s("sglang:num_queue_reqs", 1), s("sglang:token_usage", 0.5)],
      { running: 7, waiting: 1, kvCachePct: 50 },
    ],
    [
      "TGI's names",
      [s("tgi_batch_current_size", 5), s("tgi_queue_size", 2)],
      { running: 5, waiting: 2, kvCachePct: null },
    ],
    [
      "llama.cpp's names",
      [s("llamacpp:requests_processing", 4), s("llamacpp:requests_deferred", 6)],
      { running: 4, waiting: 6, kvCachePct: null },
    ],
    [
      "two engines: requests summed, the usage ratio averaged",
      [
        s("vllm:num_requests_running", 3, { engine: "0" }),
        s("vllm:num_requests_running", 5, { engine: "1" }),
        s("vllm:kv_cache_usage_perc", 0.2, { engine: "0" }),
        s("vllm:kv_cache_usage_perc", 0.6, { engine: "1" }),
      ],
      { running: 8, waiting: null, kvCachePct: 40 },
    ],
    [
      "ranks of one engine count once",
      [
        s("vllm:num_requests_running", 9, { engine: "0", tp_rank: "0" }),
        s("vllm:num_requests_running", 9, { engine: "0", tp_rank: "1" }),
      ],
      { running: 9, waiting: null, kvCachePct: null },
    ],
    ["a NaN gauge is no value", [s("vllm:num_requests_waiting", Number.NaN)], none],
  ])("%s", (_name, samples, expected) => {
    const got = serverGaugesOf(samples);
    expect({ ...got, kvCachePct: got.kvCachePct === null ? null : Math.round(got.kvCachePct * 1e9) / 1e9 }).toEqual(
      expected,
    );
  });
});
