/**
 * Fields that do nothing where they are set: ours are refused naming the field, upstream's (which
 * upstream itself ignores there) get one warning line. Table-driven over YAML configs.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../../src/config/build-config.ts";
import { ConfigError } from "../../../src/config/config-error.ts";
import { configWarnings } from "../../../src/config/rules/config-warnings.ts";
import { setPath } from "../../../src/config/object-path.ts";

const BASE = {
  type: "online",
  model_params: { name: "m" },
  datasets: [{ path: "d.jsonl" }],
  settings: { load_pattern: { type: "poisson", target_qps: 10 } },
  endpoint_config: { endpoints: ["http://127.0.0.1:8000"] },
};

/** BASE with each `path: value` set (`datasets[0].x` sets the first dataset's x). */
function configWith(fields: Record<string, unknown>): Record<string, unknown> {
  const yaml = structuredClone(BASE) as Record<string, unknown> & { datasets: Record<string, unknown>[] };
  for (const [path, value] of Object.entries(fields)) {
    if (path.startsWith("datasets[0]."))
      setPath(yaml.datasets[0] as Record<string, unknown>, path.slice("datasets[0].".length), value);
    else setPath(yaml, path, value);
  }
  return yaml;
}

function verdict(fields: Record<string, unknown>): { problems: string[]; warnings: string[] } {
  try {
    return {
      problems: [],
      warnings: configWarnings(buildConfig({ command: "from-config", yaml: configWith(fields), overrides: {} })),
    };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return { problems: error.problems.map((p) => `${p.path}: ${p.message}`), warnings: [] };
  }
}

const SCORED = { eval_method: "string_match", extractor: "identity_extractor" };
const AGENTIC = {
  "settings.load_pattern": { type: "agentic_inference", target_concurrency: 2 },
  "datasets[0].agentic_inference": {},
};

describe("config/context rules", () => {
  test.each([
    [
      "a performance dataset's accuracy_config without a scorer",
      { "datasets[0].accuracy_config": { ground_truth: "answer" } },
      "datasets[0].accuracy_config.eval_method: a performance dataset's accuracy_config needs a scorer",
    ],
    [
      "a scored conversation dataset other than inline",
      { ...AGENTIC, "datasets[0].accuracy_config": SCORED },
      "datasets[0].accuracy_config.eval_method: a conversation run is scored by agentic_inference_inline only",
    ],
    [
      "a scored trace",
      { "settings.load_pattern": { type: "trace" }, "datasets[0].accuracy_config": SCORED },
      "datasets[0].accuracy_config: a trace replay is not scored",
    ],
    [
      "a scored performance dataset on a shard",
      { shard: "0/2", "datasets[0].accuracy_config": SCORED },
      "shard: a sharded run measures performance only",
    ],
    [
      "isl on a file",
      { "datasets[0].isl": "128" },
      "datasets[0].isl: isl= applies to the random dataset only (a file dataset's",
    ],
    [
      "osl on a predefined dataset",
      { "datasets[0].path": "gpqa", "datasets[0].osl": "64" },
      "datasets[0].osl: osl= applies to the random dataset only (a predefined dataset's",
    ],
    [
      "prefix on a file",
      { "datasets[0].prefix": 16 },
      "datasets[0].prefix: prefix= applies to the random dataset only",
    ],
    [
      "a template on random",
      {
        "datasets[0].path": "random",
        "datasets[0].isl": "8",
        "datasets[0].osl": "4",
        "datasets[0].template": "Q: {prompt}",
      },
      "datasets[0].template: builds a prompt from a file's columns; the random dataset's prompts are generated to isl=",
    ],
    ["split on a file", { "datasets[0].split": "test" }, "datasets[0].split: selects a Hugging Face split"],
    [
      "split on a predefined dataset",
      { "datasets[0].path": "gpqa", "datasets[0].split": "test" },
      "datasets[0].split: selects a Hugging Face split",
    ],
    ["config on a file", { "datasets[0].config": "main" }, "datasets[0].config: selects a Hugging Face config"],
    [
      "config on random",
      { "datasets[0].path": "random", "datasets[0].config": "main" },
      "datasets[0].config: selects a Hugging Face config",
    ],
    [
      "burstiness with poisson",
      { "settings.load_pattern.burstiness": 0.5 },
      "settings.load_pattern.burstiness: applies to --load-pattern gamma, not 'poisson'",
    ],
    [
      "ramp_start_qps without a ramp",
      { "settings.load_pattern.ramp_start_qps": 2 },
      "settings.load_pattern.ramp_start_qps: is the rate a ramp starts from",
    ],
    [
      "ramp_start_qps on a concurrency ramp",
      { "settings.load_pattern": { type: "concurrency", target_concurrency: 4, ramp_up_s: 5, ramp_start_qps: 2 } },
      "settings.load_pattern.ramp_start_qps: is the rate a ramp starts from",
    ],
    [
      "allow_code_execution without a code_bench dataset",
      { "accuracy.allow_code_execution": true },
      "accuracy.allow_code_execution: applies to a dataset scored by code_bench_scorer",
    ],
    [
      "lcb_service without a code_bench dataset",
      { "accuracy.lcb_service": "ws://h:1/evaluate" },
      "accuracy.lcb_service: applies to a dataset scored by code_bench_scorer",
    ],
    [
      "timeout_per_test_s without a code_bench dataset",
      { "accuracy.timeout_per_test_s": 3 },
      "accuracy.timeout_per_test_s: applies to a dataset scored by code_bench_scorer",
    ],
  ])("refuses %s", (_title, fields, problem) => {
    expect(verdict(fields).problems.some((p) => p.startsWith(problem))).toBe(true);
  });

  test.each([
    [
      "target_concurrency with poisson",
      { "settings.load_pattern.target_concurrency": 8 },
      "settings.load_pattern.target_concurrency 8 is not used by the poisson pattern",
    ],
    [
      "use_legacy_loadgen_qps_metrics false with concurrency",
      {
        "settings.load_pattern": { type: "concurrency", target_concurrency: 2, use_legacy_loadgen_qps_metrics: false },
      },
      "settings.load_pattern.use_legacy_loadgen_qps_metrics false applies to poisson only",
    ],
    [
      "warmup knobs with warmup off",
      { "settings.warmup": { n_requests: 5, salt: true } },
      "settings.warmup.n_requests, settings.warmup.salt: not used while settings.warmup.enabled is false",
    ],
    [
      "profiling urls without an engine",
      { "settings.profiling.urls": ["http://h:1"] },
      "settings.profiling.urls is not used without settings.profiling.engine",
    ],
    [
      "benchmark_mode on an online config",
      { benchmark_mode: "offline" },
      "benchmark_mode offline is read for type submission only",
    ],
    [
      "an accuracy drain without accuracy datasets",
      { "settings.drain.accuracy_timeout_s": 60 },
      "settings.drain.accuracy_timeout_s is not used: there is no accuracy dataset",
    ],
    [
      "sglang and a seed",
      { "endpoint_config.api_type": "sglang", "model_params.seed": 5 },
      "model_params.seed is not sent: api_type sglang's request body has no place for it",
    ],
    [
      "sglang and a penalty override",
      { "endpoint_config.api_type": "sglang", "datasets[0].generation_config_override": { presence_penalty: 0.5 } },
      "datasets[0].generation_config_override.presence_penalty is not sent: api_type sglang's",
    ],
    [
      "completions and chat_template_kwargs",
      {
        "endpoint_config.api_type": "openai_completions",
        "model_params.chat_template_kwargs": { enable_thinking: false },
      },
      "model_params.chat_template_kwargs is not sent: api_type openai_completions's",
    ],
    [
      "responses and chat_template_kwargs",
      {
        "endpoint_config.api_type": "openai_responses",
        "model_params.chat_template_kwargs": { enable_thinking: false },
      },
      "model_params.chat_template_kwargs is not sent: api_type openai_responses's",
    ],
  ])("warns of %s", (_title, fields, warning) => {
    const { problems, warnings } = verdict(fields);
    expect(problems).toEqual([]);
    expect(warnings.filter((w) => w.startsWith(warning))).toHaveLength(1);
  });

  test.each([
    ["a scored performance dataset", { "datasets[0].accuracy_config": SCORED }],
    [
      "a conversation run scored inline",
      { ...AGENTIC, "datasets[0].accuracy_config": { eval_method: "agentic_inference_inline" } },
    ],
    [
      "random with its lengths",
      { "datasets[0].path": "random", "datasets[0].isl": "128", "datasets[0].osl": "64", "datasets[0].prefix": 8 },
    ],
    [
      "a split and config on hf://",
      { "datasets[0].path": "hf://org/set", "datasets[0].split": "test", "datasets[0].config": "main" },
    ],
    ["config as a predefined dataset's variant", { "datasets[0].path": "gpqa", "datasets[0].config": "gptoss" }],
    ["burstiness with gamma", { "settings.load_pattern": { type: "gamma", target_qps: 5, burstiness: 0.5 } }],
    [
      "a ramp from a start rate",
      { "settings.load_pattern": { type: "poisson", target_qps: 5, ramp_up_s: 10, ramp_start_qps: 1 } },
    ],
    ["seed and penalties with chat", { "model_params.seed": 5, "model_params.presence_penalty": 0.5 }],
    ["warmup knobs with warmup on", { "settings.warmup": { enabled: true, n_requests: 5 } }],
  ])("accepts %s", (_title, fields) => {
    expect(verdict(fields)).toEqual({ problems: [], warnings: [] });
  });
});

describe("config/context rules: flags over an offline YAML", () => {
  const OFFLINE = { ...BASE, type: "offline", settings: {} };
  const problemsFor = (overrides: Record<string, unknown>) => {
    try {
      buildConfig({ command: "from-config", yaml: OFFLINE, overrides });
      return [];
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      return error.problems.map((p) => `${p.path}: ${p.message}`);
    }
  };

  test.each([
    ["settings.load_pattern.target_concurrency", 4],
    ["settings.load_pattern.use_legacy_loadgen_qps_metrics", false],
    ["settings.load_pattern.type", "max_throughput"],
  ])("refuses %s as benchmark offline does", (path, value) => {
    expect(problemsFor({ [path]: value })).toEqual([
      `${path}: does not apply to an offline config (max_throughput), as \`benchmark offline\` has no such flag`,
    ]);
  });

  test("takes --target-qps, which sizes the sample count", () => {
    expect(problemsFor({ "settings.load_pattern.target_qps": 100 })).toEqual([]);
  });
});
