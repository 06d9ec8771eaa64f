import { describe, expect, test } from "bun:test";
import { getPath } from "../../../src/config/object-path.ts";
import { BenchmarkConfigSchema } from "../../../src/config/schema/schema.ts";

const parse = (input: Record<string, unknown>) => BenchmarkConfigSchema.safeParse({ type: "offline", ...input });
const at = (value: unknown, path: string) => getPath(value, path.split("."));

describe("config/schema/schema", () => {
  const defaults = BenchmarkConfigSchema.parse({ type: "offline" });

  test.each([
    ["name", ""],
    ["version", "1.0"],
    ["submission_ref", null],
    ["model_params.name", ""],
    ["model_params.max_new_tokens", 1024],
    ["model_params.min_new_tokens", 1],
    ["model_params.skip_special_tokens", true],
    ["model_params.streaming", "auto"],
    ["model_params.temperature", null],
    ["model_params.osl_distribution", null],
    ["datasets", []],
    ["settings.runtime.min_duration_ms", 600_000],
    ["settings.runtime.max_duration_ms", 0],
    ["settings.runtime.n_samples_to_issue", null],
    ["settings.runtime.scheduler_random_seed", 42],
    ["settings.runtime.dataloader_random_seed", 42],
    ["settings.load_pattern.type", "max_throughput"],
    ["settings.load_pattern.target_qps", null],
    ["settings.load_pattern.use_legacy_loadgen_qps_metrics", true],
    ["settings.client.num_workers", -1],
    ["settings.client.max_connections", -1],
    ["settings.client.warmup_connections", -1],
    ["settings.client.max_concurrent_warmup_connects", 128],
    ["settings.client.auto_warmup_budget_fraction", 0.25],
    ["settings.client.transport.recv_buffer_size", 16_777_216],
    ["settings.client.worker_initialization_timeout", 60],
    ["settings.client.max_idle_time", 4],
    ["settings.client.worker_gc_mode", "relaxed"],
    ["settings.client.insecure", false],
    ["settings.client.request_timeout_s", null],
    ["settings.drain.warmup_timeout_s", 240],
    ["settings.drain.performance_timeout_s", 240],
    ["settings.drain.accuracy_timeout_s", null],
    ["settings.drain.metrics_drain_timeout_s", 0],
    ["settings.drain.metrics_tokenizer_workers", 4],
    ["settings.warmup.enabled", false],
    ["settings.warmup.n_requests", null],
    ["settings.warmup.salt", false],
    ["settings.warmup.drain", false],
    ["settings.warmup.warmup_random_seed", 42],
    ["settings.profiling.engine", null],
    ["settings.early_stopping.enabled", true],
    ["settings.service_ready_timeout_s", 30],
    ["endpoint_config.endpoints", []],
    ["endpoint_config.api_key", null],
    ["endpoint_config.api_type", "openai"],
    ["report_dir", null],
    ["timeout", null],
    ["verbose", false],
    ["enable_cpu_affinity", true],
    ["audit", null],
  ])("defaults %s to %p", (path, expected) => {
    expect(at(defaults, path)).toEqual(expected);
  });

  test.each([
    [{ metrics: { collect: ["ttft"] } }, "metrics"],
    [{ model_params: { nme: "x" } }, "nme"],
    [{ settings: { client: { workers: 4 } } }, "workers"],
    [{ settings: { runtime: { duration: 5 } } }, "duration"],
    [{ endpoint_config: { url: "http://x" } }, "url"],
    [{ datasets: [{ path: "a.jsonl", samles: 5 }] }, "samles"],
  ])("rejects the unknown key in %p", (input, key) => {
    const result = parse(input);
    expect(result.success).toBe(false);
    expect(JSON.stringify(result.error?.issues)).toContain(key);
  });

  test("requires type", () => {
    expect(BenchmarkConfigSchema.safeParse({}).success).toBe(false);
  });

  test.each([
    [{ model_params: { name: "  llama  " } }, "model_params.name", "llama"],
    [
      { settings: { load_pattern: { type: " poisson ", target_qps: "12.5" } } },
      "settings.load_pattern.target_qps",
      12.5,
    ],
    [{ settings: { warmup: { enabled: "true" } } }, "settings.warmup.enabled", true],
    [{ settings: { warmup: { enabled: "no" } } }, "settings.warmup.enabled", false],
    [{ settings: { client: { num_workers: "8" } } }, "settings.client.num_workers", 8],
    [{ model_params: { streaming: true } }, "model_params.streaming", "on"],
    [{ model_params: { streaming: false } }, "model_params.streaming", "off"],
    [{ settings: { runtime: { min_duration_ms: "10m" } } }, "settings.runtime.min_duration_ms", 600_000],
    [{ settings: { runtime: { min_duration_ms: "1.5m" } } }, "settings.runtime.min_duration_ms", 90_000],
    [{ settings: { runtime: { max_duration_ms: "500ms" } } }, "settings.runtime.max_duration_ms", 500],
    [{ settings: { runtime: { min_duration_ms: 1000 } } }, "settings.runtime.min_duration_ms", 1000],
    [{ version: 2 }, "version", "2"],
    [{ endpoint_config: { endpoints: "http://a:1" } }, "endpoint_config.endpoints", ["http://a:1"]],
    [
      { model_params: { chat_template_kwargs: '{"thinking":false}' } },
      "model_params.chat_template_kwargs",
      { thinking: false },
    ],
    [{ settings: { client: { log_level: "debug" } } }, "settings.client.log_level", "DEBUG"],
    [{ endpoint_config: { api_key: "  " } }, "endpoint_config.api_key", null],
    [{ model_params: { tokenizer_name: "" } }, "model_params.tokenizer_name", null],
  ])("coerces %p", (input, path, expected) => {
    const result = parse(input);
    expect(result.error?.issues).toBeUndefined();
    expect(at(result.data, path)).toEqual(expected);
  });

  test.each([
    [{ settings: { client: { num_workers: 0 } } }],
    [{ settings: { client: { num_workers: -2 } } }],
    [{ settings: { client: { max_connections: 0 } } }],
    [{ settings: { client: { num_workers: 1.5 } } }],
    [{ settings: { load_pattern: { target_qps: 0 } } }],
    [{ settings: { load_pattern: { target_qps: "abc" } } }],
    [{ settings: { load_pattern: { type: "ramp" } } }],
    [{ settings: { runtime: { min_duration_ms: -1 } } }],
    [{ settings: { runtime: { min_duration_ms: "soon" } } }],
    [{ settings: { runtime: { n_samples_to_issue: 0 } } }],
    [{ settings: { warmup: { n_requests: 0 } } }],
    [{ settings: { drain: { warmup_timeout_s: 0 } } }],
    [{ settings: { drain: { metrics_drain_timeout_s: -1 } } }],
    [{ endpoint_config: { api_type: "anthropic" } }],
    [{ model_params: { max_new_tokens: 0 } }],
    [{ model_params: { streaming: "maybe" } }],
    [{ timeout: 0 }],
    [{ settings: { client: { request_timeout_s: -1 } } }],
    [{ audit: { test: "output_caching_test" } }],
    [{ datasets: [{ path: "a", generation_config_override: { name: "other" } }] }],
  ])("rejects %p", (input) => {
    expect(parse(input).success).toBe(false);
  });

  test.each([
    ["x.jsonl", { name: "x", type: "performance", path: "x.jsonl" }],
    ["acc:data/gpqa.csv,format=csv", { name: "gpqa", type: "accuracy", format: ".csv" }],
    ["perf:/abs/dir/,format=huggingface,name=hf", { name: "hf", path: "/abs/dir/", format: "huggingface" }],
  ])("accepts the dataset string %p", (spec, expected) => {
    const result = parse({ datasets: [spec] });
    expect(result.data?.datasets[0]).toMatchObject(expected);
  });

  test("derives a dataset name from its path", () => {
    const result = parse({ datasets: [{ path: "datasets/dummy_1k.jsonl" }] });
    expect(result.data?.datasets[0]?.name).toBe("dummy_1k");
  });
});
