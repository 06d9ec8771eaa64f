/**
 * @module test/upstream/config-schema — upstream's tests/unit/config/test_schema.py, case by case,
 * against our schema and `buildConfig` (the counterpart of constructing upstream's `BenchmarkConfig`).
 */
import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { build, problems } from "./build-config-of.ts";
import { BenchmarkConfigSchema } from "../../src/config/schema/schema.ts";
import { resolveTestMode } from "../../src/config/rules/rule-context.ts";
import { samplesToIssueForConfig, totalSamplesToIssue } from "../../src/config/rules/sample-count.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import { configYamlText } from "../../src/config/upstream/config-dump.ts";

const T = "tests/unit/config/test_schema.py";
const X = { endpoint_config: { endpoints: ["http://x"] }, model_params: { name: "M" } };
/** Upstream's `_submission` fixture (TestRulesetSeedOverride): llama-2-70b is not one of the round's models here. */
const V61_SCHED_SEED = 16159082839903944936n;
const V61_SAMPLE_SEED = 2747215439041700203n;

describe("upstream test_schema.py: OSLDistribution and ModelParams", () => {
  test(`${T}:50 test_fixed_distribution`, () => {
    const c = build({
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      model_params: { name: "M", osl_distribution: { type: "fixed", max: 1024 } },
    });
    expect(c.model_params.osl_distribution).toMatchObject({ type: "fixed", max: 1024 });
  });

  test(`${T}:56 test_normal_distribution`, () => {
    const osl = { type: "normal", mean: 1000, std: 200, min: 512, max: 2048 };
    const c = build({
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      model_params: { name: "M", osl_distribution: osl },
    });
    expect(c.model_params.osl_distribution).toMatchObject({ mean: 1000, std: 200 });
  });

  test(`${T}:64 test_partial_construction_preserves_defaults`, () => {
    const c = build({
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      model_params: { name: "M", osl_distribution: { min: 10 } },
    });
    expect(c.model_params.osl_distribution).toMatchObject({ min: 10, type: "original", max: 2048 });
    expect(build({ type: "offline", ...X, datasets: [{ path: "D" }] }).model_params.osl_distribution).toBeNull();
  });

  test(`${T}:74 test_defaults`, () => {
    const c = build({ type: "offline", ...X, datasets: [{ path: "D" }] });
    expect(c.model_params.temperature).toBeNull();
    expect(c.model_params.max_new_tokens).toBe(1024);
  });

  test(`${T}:81 test_with_osl_distribution`, () => {
    const model_params = {
      name: "test",
      temperature: 0.5,
      top_k: 50,
      top_p: 0.9,
      max_new_tokens: 2048,
      osl_distribution: { type: "normal", mean: 1000, std: 200 },
    };
    const c = build({ type: "offline", ...X, model_params, datasets: [{ path: "D" }] });
    expect(c.model_params.temperature).toBe(0.5);
    expect(c.model_params.osl_distribution?.type).toBe("normal");
  });

  test(`${T}:96 test_tokenizer_name_override`, () => {
    const model_params = { name: "qwen/qwen3.6-35b-a3b", tokenizer_name: "Qwen/Qwen3.6-35B-A3B" };
    const c = build({ type: "offline", ...X, model_params, datasets: [{ path: "D" }] });
    expect(c.model_params.tokenizer_name).toBe("Qwen/Qwen3.6-35B-A3B");
    expect(c.model_params.name).toBe("qwen/qwen3.6-35b-a3b");
  });

  test(`${T}:104 test_min_new_tokens_cannot_exceed_max_new_tokens`, () => {
    const model_params = { name: "test", min_new_tokens: 2, max_new_tokens: 1 };
    const yaml = {
      type: "offline",
      ...X,
      model_params,
      datasets: [{ path: "D" }],
      endpoint_config: { endpoints: ["http://x"], api_type: "openai_completions" },
    };
    expect(problems(yaml).join("\n")).toMatch(/min_new_tokens/);
  });

  test(`${T}:111 test_min_new_tokens_defaults_one / :115 test_skip_special_tokens_defaults_true`, () => {
    const c = build({ type: "offline", ...X, datasets: [{ path: "D" }] });
    expect(c.model_params.min_new_tokens).toBe(1);
    expect(c.model_params.skip_special_tokens).toBe(true);
  });
});

describe("upstream test_schema.py: Dataset", () => {
  test(`${T}:129 test_performance_dataset / :144 test_auto_derive_name`, () => {
    expect(
      build({ type: "offline", ...X, datasets: [{ name: "perf", type: "performance", path: "data.jsonl" }] })
        .datasets[0]?.eval_method,
    ).toBeNull();
    expect(build({ type: "offline", ...X, datasets: [{ path: "datasets/my_data.jsonl" }] }).datasets[0]?.name).toBe(
      "my_data",
    );
  });

  test(`${T}:134 test_accuracy_dataset`, () => {
    const ds = { name: "gpqa", type: "accuracy", path: "gpqa.jsonl", eval_method: "exact_match" };
    const parsed = BenchmarkConfigSchema.parse({ type: "offline", ...X, datasets: [{ path: "D" }, ds] });
    expect(parsed.datasets[1]?.eval_method).toBe("exact_match");
  });

  test(`${T}:149 test_generation_config_override_accepts_known_keys`, () => {
    const override = { max_new_tokens: 32768, temperature: 0.0 };
    const acc = {
      name: "acc",
      type: "accuracy",
      path: "acc.jsonl",
      generation_config_override: override,
      accuracy_config: { eval_method: "string_match", extractor: "identity_extractor" },
    };
    const c = build({ type: "offline", ...X, datasets: [{ path: "D" }, acc] });
    expect(c.datasets[1]?.generation_config_override).toMatchObject(override);
  });

  test(`${T}:162 test_generation_config_override_rejects_unknown_key`, () => {
    const text = problems({
      type: "offline",
      ...X,
      datasets: [{ name: "acc", path: "a.jsonl", generation_config_override: { bogus: 1 } }],
    }).join("\n");
    expect(text).toMatch(/bogus/);
  });

  test.each(["name", "streaming", "tokenizer_name"])(
    `${T}:174 test_generation_config_override_rejects_metrics_decoupled_key [%s]`,
    (key) => {
      const text = problems({
        type: "offline",
        ...X,
        datasets: [{ name: "acc", path: "a.jsonl", generation_config_override: { [key]: "whatever" } }],
      }).join("\n");
      expect(text).toMatch(new RegExp(`generation_config_override\\.${key}`));
    },
  );

  test(`${T}:212 test_effective_generation_config_validates_value`, () => {
    const text = problems({
      type: "offline",
      ...X,
      datasets: [{ name: "x", path: "x.jsonl", generation_config_override: { temperature: "hot" } }],
    }).join("\n");
    expect(text).toMatch(/temperature/);
  });
});

describe("upstream test_schema.py: BenchmarkConfig", () => {
  test(`${T}:275 test_minimal_offline`, () => {
    const c = build({
      type: "offline",
      model_params: { name: "test" },
      endpoint_config: { endpoints: ["http://localhost:8000"] },
      datasets: [{ path: "test.jsonl" }],
    });
    expect(c.type).toBe("offline");
  });

  test(`${T}:285 test_submission_with_ref (declared difference: the model must be one of the ruleset's, llama2-70b)`, () => {
    const yaml = {
      type: "submission",
      benchmark_mode: "offline",
      endpoint_config: { endpoints: ["http://localhost:8000"] },
      submission_ref: { model: "llama-2-70b", ruleset: "mlperf-inference-v6.1" },
      datasets: [{ path: "perf.jsonl" }],
    };
    expect(problems(yaml).join("\n")).toMatch(/Model llama-2-70b not found in rules for round v6\.1/);
    const c = build({ ...yaml, submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" } });
    expect(c.model_params.name).toBe("llama2-70b");
    expect(c.submission_ref?.ruleset).toBe("mlperf-inference-v6.1");
  });

  test(`${T}:299 test_multiple_accuracy_datasets (declared difference: refused at validation, where upstream's run setup refuses it)`, () => {
    const yaml = {
      type: "submission",
      benchmark_mode: "offline",
      model_params: { name: "test" },
      endpoint_config: { endpoints: ["http://localhost:8000"] },
      datasets: [
        { name: "gpqa", type: "accuracy", path: "gpqa.jsonl" },
        { name: "aime", type: "accuracy", path: "aime.jsonl" },
      ],
    };
    // The schema takes it, as upstream's model does: two accuracy datasets.
    expect(BenchmarkConfigSchema.parse(yaml).datasets.filter((d) => d.type === "accuracy")).toHaveLength(2);
    // Upstream's `_load_datasets` then stops both modes for want of a performance dataset, and
    // `_resolve_accuracy_components` each dataset for want of accuracy_config.eval_method: here at validation.
    expect(problems(yaml)).toEqual([
      expect.stringMatching(/^datasets: a performance dataset is required/),
      expect.stringMatching(/^datasets\[0\]\.accuracy_config\.eval_method: accuracy datasets need a scorer/),
      expect.stringMatching(/^datasets\[1\]\.accuracy_config\.eval_method: accuracy datasets need a scorer/),
    ]);
    // With scorers and --mode acc — what upstream runs — both accuracy datasets load.
    const scored = { eval_method: "string_match", extractor: "identity_extractor" };
    const runnable = { ...yaml, datasets: yaml.datasets.map((d) => ({ ...d, accuracy_config: scored })) };
    expect(build(runnable, "acc").datasets.filter((d) => d.type === "accuracy")).toHaveLength(2);
  });

  test(`${T}:314 test_duplicate_datasets_rejected`, () => {
    const text = problems({ type: "offline", ...X, datasets: [{ path: "test.jsonl" }, { path: "test.jsonl" }] }).join(
      "\n",
    );
    expect(text).toMatch(/duplicate performance dataset name 'test'/);
  });

  test(`${T}:324 test_explicit_streaming_preserved`, () => {
    const c = build({ type: "offline", ...X, model_params: { name: "M", streaming: "on" }, datasets: [{ path: "D" }] });
    expect(c.model_params.streaming).toBe("on");
  });

  test(`${T}:334 test_offline_rejects_poisson`, () => {
    const yaml = {
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      settings: { load_pattern: { type: "poisson", target_qps: 10 } },
    };
    expect(problems(yaml).join("\n")).toMatch(/max_throughput/);
  });

  test(`${T}:345 test_online_max_throughput_rejected`, () => {
    const yaml = {
      type: "online",
      ...X,
      datasets: [{ path: "D" }],
      settings: { load_pattern: { type: "max_throughput" } },
    };
    expect(problems(yaml).join("\n")).toMatch(/settings\.load_pattern\.type/);
  });

  test.each([
    [355, "test_negative_min_duration_rejected", { min_duration_ms: -1 }, /settings\.runtime\.min_duration_ms/],
    [366, "test_max_lt_min_duration_rejected", { min_duration_ms: 5000, max_duration_ms: 1000 }, /max_duration_ms/],
    [379, "test_max_duration_below_zero_rejected", { max_duration_ms: -1 }, /settings\.runtime\.max_duration_ms/],
  ])(`${T}:%i %s`, (_line, _name, runtime, pattern) => {
    expect(problems({ type: "offline", ...X, datasets: [{ path: "D" }], settings: { runtime } }).join("\n")).toMatch(
      pattern,
    );
  });

  test(`${T}:391 test_submission_bad_benchmark_mode`, () => {
    const yaml = {
      type: "submission",
      benchmark_mode: "eval",
      ...X,
      datasets: [{ path: "D" }],
      submission_ref: { model: "M", ruleset: "R" },
    };
    expect(problems(yaml).join("\n")).toMatch(/benchmark_mode/);
  });
});

describe("upstream test_schema.py: BenchmarkConfig methods", () => {
  test(`${T}:405 test_get_benchmark_mode_offline / :415 _submission / :427 _eval_returns_none: the mode a run is judged by`, () => {
    expect(build({ type: "offline", ...X, datasets: [{ path: "D" }] }).type).toBe("offline");
    const sub = build({
      type: "submission",
      benchmark_mode: "offline",
      ...X,
      datasets: [{ path: "D" }],
      submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" },
    });
    expect(sub.benchmark_mode).toBe("offline");
    // `type: eval` with only a performance dataset loads and runs in perf mode, as upstream's from-config.
    const evalConfig = build({ type: "eval", ...X, datasets: [{ path: "D" }] });
    expect(evalConfig.benchmark_mode).toBeNull();
    expect(resolveTestMode(evalConfig)).toBe("perf");
  });

  test(`${T}:437 test_get_single_dataset: the performance dataset is the one the run loads`, () => {
    const c = build({
      type: "offline",
      ...X,
      datasets: [
        {
          name: "acc",
          type: "accuracy",
          path: "a.jsonl",
          accuracy_config: { eval_method: "string_match", extractor: "identity_extractor" },
        },
        { name: "perf", type: "performance", path: "p.jsonl" },
      ],
    });
    expect(c.datasets.find((d) => d.type === "performance")?.path).toBe("p.jsonl");
  });

  test(`${T}:451 test_get_single_dataset_empty (declared difference: an eval config without datasets is refused at validation, not at run setup)`, () => {
    expect(BenchmarkConfigSchema.parse({ type: "eval", ...X }).datasets).toEqual([]);
    expect(problems({ type: "eval", ...X })).toEqual([
      expect.stringMatching(/^datasets: a performance dataset is required/),
    ]);
  });

  test(`${T}:460 test_get_single_dataset_acc_only (ours: an accuracy-only eval config runs in acc mode)`, () => {
    const acc = {
      name: "acc",
      type: "accuracy",
      path: "a.jsonl",
      accuracy_config: { eval_method: "string_match", extractor: "identity_extractor" },
    };
    const c = build({ type: "eval", ...X, datasets: [acc] });
    expect(c.datasets[0]?.path).toBe("a.jsonl");
    expect(resolveTestMode(c)).toBe("acc");
  });

  test(`${T}:528 test_max_duration_zero_converts_to_none_in_runtime_settings: 0 means no cap`, () => {
    const c = build({
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      settings: { runtime: { max_duration_ms: 0 } },
    });
    expect(c.settings.runtime.max_duration_ms).toBe(0);
  });
});

describe("upstream test_schema.py: api_type and completion controls", () => {
  const common = (api_type: string, model: Record<string, unknown> = {}) => ({
    type: "offline",
    model_params: { name: "M", ...model },
    datasets: [{ path: "D" }],
    endpoint_config: { endpoints: ["http://x:8000"], api_type },
  });

  test(`${T}:639 test_openai_completions_endpoint_resolves_adapter`, () => {
    const c = build(common("openai_completions", { min_new_tokens: 1, skip_special_tokens: false }));
    expect(c.endpoint_config.api_type).toBe("openai_completions");
  });

  test.each([
    ["openai", { min_new_tokens: 0 }, "model_params.min_new_tokens"],
    ["sglang", { min_new_tokens: 0 }, "model_params.min_new_tokens"],
    ["openai", { skip_special_tokens: false }, "model_params.skip_special_tokens"],
    ["sglang", { skip_special_tokens: false }, "model_params.skip_special_tokens"],
    // Upstream's one message names both fields; ours is a problem per field, each naming the API type it needs.
    ["openai", { min_new_tokens: 0, skip_special_tokens: false }, "model_params.skip_special_tokens"],
    ["sglang", { min_new_tokens: 0, skip_special_tokens: false }, "model_params.min_new_tokens"],
  ])(`${T}:677 test_completion_generation_controls_reject_other_api_types [%s %o]`, (api, controls, field) => {
    const text = problems(common(api, controls)).join("\n");
    expect(text).toContain(field);
    for (const key of Object.keys(controls)) expect(text).toContain(`model_params.${key}`);
    expect(text).toContain("openai_completions");
  });

  test.each(["openai", "sglang"])(
    `${T}:687 test_default_completion_generation_controls_allow_other_api_types [%s]`,
    (api) => {
      const c = build(common(api, api === "sglang" ? { name: "openai/gpt-oss-120b" } : {}));
      expect(c.model_params.min_new_tokens).toBe(1);
      expect(c.model_params.skip_special_tokens).toBe(true);
    },
  );
});

describe("upstream test_schema.py: agentic inference", () => {
  const agentic = (concurrency: number | null, ds: Record<string, unknown> = {}) => ({
    type: "online",
    ...X,
    datasets: [{ path: "D", agentic_inference: {}, ...ds }],
    settings: {
      load_pattern: { type: "agentic_inference", ...(concurrency === null ? {} : { target_concurrency: concurrency }) },
    },
  });

  test(`${T}:711 test_agentic_inference_valid_config`, () => {
    const c = build(agentic(16));
    expect(c.settings.load_pattern.type).toBe("agentic_inference");
    expect(c.settings.load_pattern.target_concurrency).toBe(16);
  });

  test(`${T}:770 test_agentic_inference_rejects_removed_stop_on_first_empty_slot_as_extra`, () => {
    expect(problems(agentic(16, { agentic_inference: { stop_on_first_empty_slot: true } })).join("\n")).toMatch(
      /stop_on_first_empty_slot/,
    );
  });

  test(`${T}:717 test_agentic_inference_forwards_concurrency_to_swe_bench_workers`, () => {
    const swe = { name: "swe_bench", type: "accuracy", accuracy_config: { eval_method: "swe_bench_scorer" } };
    const yaml = agentic(16);
    const c = build({ ...yaml, datasets: [...yaml.datasets, swe] });
    expect(c.datasets.find((d) => d.type === "accuracy")?.accuracy_config?.extras).toEqual({ workers: 16 });
  });

  const S = "src/inference_endpoint/config/schema.py";
  const sweBench = (loadPattern: Record<string, unknown>, extras?: Record<string, unknown> | null) =>
    build({
      type: "online",
      ...X,
      datasets: [
        { path: "D" },
        { name: "swe_bench", type: "accuracy", accuracy_config: { eval_method: "swe_bench_scorer", extras } },
      ],
      settings: { load_pattern: loadPattern },
    }).datasets[1]?.accuracy_config?.extras;

  test.each([
    ["concurrency 32 becomes workers", { type: "concurrency", target_concurrency: 32 }, undefined, { workers: 32 }],
    ["beside the other extras", { type: "concurrency", target_concurrency: 8 }, { x: 1 }, { x: 1, workers: 8 }],
    ["a null workers is unset", { type: "concurrency", target_concurrency: 8 }, { workers: null }, { workers: 8 }],
    ["a given workers stays", { type: "concurrency", target_concurrency: 8 }, { workers: 3 }, { workers: 3 }],
    ["not from an open loop's rate", { type: "poisson", target_qps: 5, target_concurrency: 8 }, undefined, null],
  ])(`${S}:1289-1310 SWE-bench workers from target_concurrency: %s`, (_title, loadPattern, extras, expected) => {
    expect(sweBench(loadPattern, extras)).toEqual(expected);
  });

  const sweOffline = (endpoints: string[], dataset: Record<string, unknown>) => ({
    type: "offline",
    model_params: { name: "M" },
    endpoint_config: { endpoints },
    datasets: [dataset],
  });
  const TWO = ["http://endpoint-a:30000", "http://endpoint-b:30000"];
  const SWE = { name: "swe_bench", type: "accuracy", accuracy_config: { eval_method: "swe_bench_scorer" } };

  test(`${T}:853 test_rejects_multiple_endpoints_for_accuracy_dataset`, () => {
    expect(problems(sweOffline(TWO, SWE)).join("\n")).toMatch(/exactly one endpoint URL/);
  });

  test(`${T}:868 test_rejects_multiple_endpoints_for_inline_performance_scoring`, () => {
    const perf = { path: "D", accuracy_config: { eval_method: "swe_bench_scorer" } };
    expect(problems(sweOffline(TWO, perf)).join("\n")).toMatch(/exactly one endpoint URL/);
  });

  test(`${T}:882 test_accepts_one_endpoint (declared difference: the missing performance dataset is refused at validation, where upstream's run setup refuses it)`, () => {
    const found = problems(sweOffline(["http://endpoint:30000"], SWE));
    expect(found.filter((p) => p.includes("endpoint"))).toEqual([]);
    expect(found).toEqual([expect.stringMatching(/a performance dataset is required/)]);
  });

  test(`${T}:781 test_agentic_inference_requires_target_concurrency`, () => {
    expect(problems(agentic(null)).join("\n")).toMatch(/target_concurrency/);
  });

  test(`${T}:788 test_agentic_inference_without_agentic_inference_dataset_rejected (declared difference: the pattern implies the block)`, () => {
    // docs/conversations.md: `--load-pattern agentic_inference --dataset FILE` works from the command line, which upstream's cannot.
    const yaml = {
      type: "online",
      ...X,
      datasets: [{ path: "D" }],
      settings: { load_pattern: { type: "agentic_inference", target_concurrency: 4 } },
    };
    expect(build(yaml).datasets[0]?.agentic_inference).not.toBeNull();
  });

  test(`${T}:807 test_agentic_inference_dataset_without_agentic_inference_load_pattern_rejected`, () => {
    const yaml = {
      type: "online",
      ...X,
      datasets: [{ path: "D", agentic_inference: {} }],
      settings: { load_pattern: { type: "poisson", target_qps: 10 } },
    };
    expect(problems(yaml).join("\n")).toMatch(/agentic_inference/);
  });

  test(`${T}:822 test_agentic_inference_rejects_runtime_num_samples_override`, () => {
    const yaml = {
      ...agentic(4),
      settings: {
        load_pattern: { type: "agentic_inference", target_concurrency: 4 },
        runtime: { n_samples_to_issue: 200 },
      },
    };
    expect(problems(yaml).join("\n")).toMatch(/n_samples_to_issue|num_trajectories_to_issue/);
  });

  test(`${T}:903 test_agentic_inference_uses_dataset_size_ignoring_duration`, () => {
    const yaml = {
      ...agentic(4),
      settings: {
        load_pattern: { type: "agentic_inference", target_concurrency: 4 },
        runtime: { min_duration_ms: 600000 },
      },
    };
    expect(samplesToIssueForConfig(build(yaml), 4316)).toBe(4316);
  });

  test(`${T}:918 test_agentic_inference_clamps_to_dataset_size`, () => {
    const input = {
      nSamplesToIssue: null,
      minDurationMs: 600000,
      targetQps: 10,
      datasetSize: 5,
      minSampleCount: 100,
      agenticInference: true,
    };
    expect(totalSamplesToIssue(input)).toBe(5);
  });

  test(`${T}:935 test_agentic_inference_explicit_n_samples_takes_precedence`, () => {
    const input = {
      nSamplesToIssue: 200,
      minDurationMs: 600000,
      targetQps: 10,
      datasetSize: 4316,
      agenticInference: true,
    };
    expect(totalSamplesToIssue(input)).toBe(200);
  });
});

describe("upstream test_schema.py: profiling", () => {
  test(`${T}:954 test_defaults / :960 test_engine_enum_coercion / :976 test_valid_urls_accepted`, () => {
    const c = build({ type: "offline", ...X, datasets: [{ path: "D" }] });
    expect(c.settings.profiling).toMatchObject({ engine: null, urls: null });
    const set = build({
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      settings: { profiling: { engine: "vllm", urls: ["http://h:8001/v1"] } },
    });
    expect(set.settings.profiling).toMatchObject({ engine: "vllm", urls: ["http://h:8001/v1"] });
  });

  test(`${T}:971 test_url_scheme_rejected_without_scheme`, () => {
    const yaml = {
      type: "offline",
      ...X,
      datasets: [{ path: "D" }],
      settings: { profiling: { engine: "vllm", urls: ["localhost:8000"] } },
    };
    expect(problems(yaml).join("\n")).toMatch(/settings\.profiling\.urls/);
  });
});

describe("upstream test_schema.py: ruleset seeds", () => {
  const submission = (ruleset: string, runtime?: Record<string, unknown>) => ({
    type: "submission",
    benchmark_mode: "offline",
    endpoint_config: { endpoints: ["http://localhost:8000"] },
    submission_ref: { model: "llama2-70b", ruleset },
    datasets: [{ path: "perf.jsonl" }],
    ...(runtime ? { settings: { runtime } } : {}),
  });

  test(`${T}:1002 test_registered_ruleset_pins_seeds`, () => {
    const c = build(submission("mlperf-inference-v6.1"));
    expect(BigInt(c.settings.runtime.scheduler_random_seed)).toBe(V61_SCHED_SEED);
    expect(BigInt(c.settings.runtime.dataloader_random_seed)).toBe(V61_SAMPLE_SEED);
    expect(BigInt(c.settings.warmup.warmup_random_seed)).toBe(V61_SAMPLE_SEED);
  });

  test(`${T}:1011 test_override_precedes_config_dump: config.yaml carries the pinned seeds and reads back to them`, () => {
    const dir = mkdtempSync(join(tmpdir(), "upstream-config-dump-"));
    try {
      const path = join(dir, "config.yaml");
      writeFileSync(path, configYamlText(build(submission("mlperf-inference-v6.1"))));
      const reloaded = build(loadYamlConfig(path, {}) as Record<string, unknown>);
      expect(BigInt(reloaded.settings.runtime.scheduler_random_seed)).toBe(V61_SCHED_SEED);
      expect(BigInt(reloaded.settings.runtime.dataloader_random_seed)).toBe(V61_SAMPLE_SEED);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test(`${T}:1022 test_ruleset_seed_wins_over_user_value`, () => {
    const c = build(submission("mlperf-inference-v6.1", { scheduler_random_seed: 7, dataloader_random_seed: 9 }));
    expect(BigInt(c.settings.runtime.scheduler_random_seed)).toBe(V61_SCHED_SEED);
    expect(BigInt(c.settings.runtime.dataloader_random_seed)).toBe(V61_SAMPLE_SEED);
  });

  test(`${T}:1033 test_unregistered_ruleset_submission_raises`, () => {
    expect(problems(submission("does-not-exist")).join("\n")).toMatch(/'does-not-exist' is not registered/);
  });

  test(`${T}:1040 test_unregistered_ruleset_non_submission_is_lenient / :1054 test_no_submission_ref_keeps_defaults`, () => {
    const base = {
      type: "offline",
      model_params: { name: "test" },
      endpoint_config: { endpoints: ["http://localhost:8000"] },
      datasets: [{ path: "test.jsonl" }],
    };
    for (const yaml of [{ ...base, submission_ref: { model: "test", ruleset: "does-not-exist" } }, base]) {
      const c = build(yaml);
      expect(c.settings.runtime.scheduler_random_seed).toBe(42);
      expect(c.settings.runtime.dataloader_random_seed).toBe(42);
    }
  });
});

// not transcribed:
// - :121 test_default_routes — upstream's APIType.default_route() is a Python method; ours builds URLs in src/client.
// - :190 test_generation_config_override_none_is_noop, :196/:225/:252 effective_generation_config merges — the
//   merge is private to src/workload (config-values.ts) and belongs to the workload helper's suite.
// - :470-492 create_default_config / to_yaml_file and :542 from_yaml_file_not_found — in yaml-loader.test.ts.
// - :506 test_redact_secret_fields_scrubs_url_credentials — the redaction helper's suite (src/config/redact.ts).
// - :549-676 TestClientAPITypePropagation adapter/accumulator classes — Python classes with no counterpart.
// - :741/:756 completion controls under agentic inference — the conversations helper's.
// - :1087-1116 register_temp_ruleset cases — upstream registers rulesets at run time; ours are a fixed table.
