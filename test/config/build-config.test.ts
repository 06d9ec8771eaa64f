import { describe, expect, test } from "bun:test";
import { buildConfig, type BuildConfigInput } from "../../src/config/build-config.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import { ExitCode, InputError } from "../../src/errors.ts";

const ENDPOINT = "http://localhost:8000";
const validOffline: Record<string, unknown> = {
  "model_params.name": "m",
  "endpoint_config.endpoints": [ENDPOINT],
};
const validOnline: Record<string, unknown> = {
  ...validOffline,
  "settings.load_pattern.type": "poisson",
  "settings.load_pattern.target_qps": 10,
};
const yamlBase = {
  type: "offline",
  model_params: { name: "m" },
  endpoint_config: { endpoints: [ENDPOINT] },
  datasets: [{ path: "d.jsonl" }],
};

function problemsOf(input: BuildConfigInput): string[] {
  try {
    buildConfig(input);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems.map((p) => `${p.path}: ${p.message}`);
    throw error;
  }
  return [];
}

describe("config/build-config", () => {
  test("builds a frozen offline config from flags", () => {
    const config = buildConfig({
      command: "offline",
      overrides: validOffline,
      datasets: ["d.jsonl,parser.prompt=text"],
    });
    expect(config.type).toBe("offline");
    expect(config.name).toBe("offline_benchmark");
    expect(config.model_params.streaming).toBe("off");
    expect(config.datasets[0]).toMatchObject({ name: "d", path: "d.jsonl", parser: { prompt: "text" } });
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.settings.client)).toBe(true);
    expect(Object.isFrozen(config.endpoint_config.endpoints)).toBe(true);
  });

  test.each([
    ["offline", validOffline, "off"],
    ["online", validOnline, "on"],
  ] as const)("resolves streaming auto for %s", (command, overrides, expected) => {
    const config = buildConfig({ command, overrides, datasets: ["d.jsonl"] });
    expect(config.model_params.streaming).toBe(expected);
  });

  test.each([
    ["a flag's text", { "slo.tpot_ms": "5.2ms", "slo.ttft_ms": "0.25s", "model_params.streaming": "on" }, undefined],
    [
      "YAML numbers",
      {},
      { ...yamlBase, model_params: { name: "m", streaming: "on" }, slo: { tpot_ms: 5.2, ttft_ms: 250 } },
    ],
  ])("keeps fractional SLO limits from %s exactly (a rounded limit changes goodput)", (_what, overrides, yaml) => {
    const config = buildConfig({
      command: yaml ? "from-config" : "offline",
      yaml,
      overrides: yaml ? overrides : { ...validOffline, ...overrides },
      datasets: ["d.jsonl"],
    });
    expect(config.slo).toEqual({ ttft_ms: 250, tpot_ms: 5.2, ttfo_ms: null, latency_ms: null, percentile: null });
  });

  test.each([
    ["TTFT", { "slo.ttft_ms": 500 }, "slo.ttft_ms: a TTFT objective needs streamed responses"],
    ["TPOT", { "slo.tpot_ms": 50 }, "slo.tpot_ms: a TPOT objective needs streamed responses"],
  ])("refuses a %s objective with streaming off (every request would miss it)", (_what, slo, problem) => {
    expect(
      problemsOf({ command: "offline", overrides: { ...validOffline, ...slo }, datasets: ["d.jsonl"] }).some((p) =>
        p.startsWith(problem),
      ),
    ).toBe(true);
    expect(
      problemsOf({ command: "offline", overrides: { ...validOffline, "slo.latency_ms": 900 }, datasets: ["d.jsonl"] }),
    ).toEqual([]);
  });

  test("keeps explicit streaming", () => {
    const config = buildConfig({
      command: "offline",
      overrides: { ...validOffline, "model_params.streaming": "on" },
      datasets: ["d.jsonl"],
    });
    expect(config.model_params.streaming).toBe("on");
  });

  test("lets flags override YAML values", () => {
    const config = buildConfig({
      command: "from-config",
      yaml: { ...yamlBase, settings: { runtime: { min_duration_ms: 1000 } }, report_dir: "yaml-dir" },
      overrides: { report_dir: "flag-dir", timeout: 30 },
    });
    expect(config.report_dir).toBe("flag-dir");
    expect(config.timeout).toBe(30);
    expect(config.settings.runtime.min_duration_ms).toBe(1000);
  });

  test("does not modify the YAML object it was given", () => {
    const yaml = structuredClone(yamlBase);
    buildConfig({ command: "from-config", yaml, overrides: { "model_params.name": "other" } });
    expect(yaml).toEqual(yamlBase);
  });

  test("takes the model name from submission_ref", () => {
    const config = buildConfig({
      command: "from-config",
      yaml: {
        ...yamlBase,
        type: "submission",
        benchmark_mode: "offline",
        model_params: {},
        submission_ref: { model: "llama2-70b", ruleset: "mlperf-inference-v6.1" },
      },
      overrides: {},
    });
    expect(config.model_params.name).toBe("llama2-70b");
    expect(config.model_params.streaming).toBe("off");
  });

  test("forces one worker, one connection and concurrency 1 in accuracy mode", () => {
    const config = buildConfig({
      command: "offline",
      overrides: { ...validOffline, "settings.client.num_workers": 8 },
      datasets: ["acc:a.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=identity_extractor"],
      mode: "acc",
    });
    expect(config.settings.client.num_workers).toBe(1);
    expect(config.settings.client.max_connections).toBe(1);
    expect(config.settings.load_pattern.target_concurrency).toBe(1);
  });

  test.each([
    {
      rule: "model name",
      command: "offline",
      overrides: { "endpoint_config.endpoints": [ENDPOINT] },
      path: "model_params.name",
      text: "--model",
    },
    {
      rule: "endpoints",
      command: "offline",
      overrides: { "model_params.name": "m" },
      path: "endpoint_config.endpoints",
      text: "--endpoints",
    },
    {
      rule: "endpoint scheme",
      command: "offline",
      overrides: { ...validOffline, "endpoint_config.endpoints": ["localhost:8000"] },
      path: "endpoint_config.endpoints[0]",
      text: "http://",
    },
    {
      rule: "offline needs max_throughput",
      command: "from-config",
      overrides: { "settings.load_pattern.type": "poisson", "settings.load_pattern.target_qps": 5 },
      path: "settings.load_pattern.type",
      text: "max_throughput",
    },
    {
      rule: "online needs a load pattern",
      command: "online",
      overrides: validOffline,
      path: "settings.load_pattern.type",
      text: "--load-pattern",
    },
    {
      rule: "poisson needs qps",
      command: "online",
      overrides: { ...validOffline, "settings.load_pattern.type": "poisson" },
      path: "settings.load_pattern.target_qps",
      text: "--target-qps",
    },
    {
      rule: "concurrency needs a level",
      command: "online",
      overrides: { ...validOffline, "settings.load_pattern.type": "concurrency" },
      path: "settings.load_pattern.target_concurrency",
      text: "--concurrency",
    },
    {
      rule: "burst unsupported",
      command: "online",
      overrides: { ...validOffline, "settings.load_pattern.type": "burst" },
      path: "settings.load_pattern.type",
      text: "not supported yet",
    },
    {
      rule: "agentic needs a conversation count",
      command: "online",
      overrides: { ...validOffline, "settings.load_pattern.type": "agentic_inference" },
      path: "settings.load_pattern.target_concurrency",
      text: "conversations at once",
    },
    {
      rule: "agentic refuses a sample count",
      command: "online",
      overrides: {
        ...validOffline,
        "settings.load_pattern.type": "agentic_inference",
        "settings.load_pattern.target_concurrency": 2,
        "settings.runtime.n_samples_to_issue": 5,
      },
      path: "settings.runtime.n_samples_to_issue",
      text: "num_trajectories_to_issue",
    },
    {
      rule: "agentic refuses a rate",
      command: "online",
      overrides: {
        ...validOffline,
        "settings.load_pattern.type": "agentic_inference",
        "settings.load_pattern.target_concurrency": 2,
        "settings.load_pattern.target_qps": 5,
      },
      path: "settings.load_pattern.target_qps",
      text: "does not apply",
    },
    {
      rule: "agentic refuses warmup",
      command: "online",
      overrides: {
        ...validOffline,
        "settings.load_pattern.type": "agentic_inference",
        "settings.load_pattern.target_concurrency": 2,
        "settings.warmup.enabled": true,
      },
      path: "settings.warmup.enabled",
      text: "warmup cannot run",
    },
    {
      rule: "agentic needs chat messages",
      command: "online",
      overrides: {
        ...validOffline,
        "settings.load_pattern.type": "agentic_inference",
        "settings.load_pattern.target_concurrency": 2,
        "endpoint_config.api_type": "openai_completions",
      },
      path: "endpoint_config.api_type",
      text: "chat messages",
    },
    {
      rule: "videogen unsupported",
      command: "offline",
      overrides: { ...validOffline, "endpoint_config.api_type": "videogen" },
      path: "endpoint_config.api_type",
      text: "not supported yet",
    },
    {
      rule: "max duration below min",
      command: "offline",
      overrides: { ...validOffline, "settings.runtime.max_duration_ms": "1m" },
      path: "settings.runtime.max_duration_ms",
      text: "min_duration_ms",
    },
    {
      rule: "workers multiple of endpoints",
      command: "offline",
      overrides: {
        ...validOffline,
        "endpoint_config.endpoints": [ENDPOINT, "http://b:1"],
        "settings.client.num_workers": 3,
      },
      path: "settings.client.num_workers",
      text: "multiple",
    },
    {
      rule: "min tokens above max",
      command: "offline",
      overrides: {
        ...validOffline,
        "endpoint_config.api_type": "openai_completions",
        "model_params.min_new_tokens": 9,
        "model_params.max_new_tokens": 8,
      },
      path: "model_params.min_new_tokens",
      text: "max_new_tokens",
    },
    {
      rule: "completion-only controls",
      command: "offline",
      overrides: { ...validOffline, "model_params.skip_special_tokens": false },
      path: "model_params.skip_special_tokens",
      text: "openai_completions",
    },
    {
      rule: "profile urls need a scheme",
      command: "offline",
      overrides: { ...validOffline, "settings.profiling.urls": ["host:1"] },
      path: "settings.profiling.urls[0]",
      text: "http://",
    },
  ] as const)("reports $rule", ({ command, overrides, path, text }) => {
    const yaml = command === "from-config" ? yamlBase : undefined;
    const problems = problemsOf({
      command,
      yaml,
      overrides,
      datasets: command === "from-config" ? undefined : ["d.jsonl"],
    });
    expect(problems.find((p) => p.startsWith(`${path}: `))).toContain(text);
  });

  test.each([
    { rule: "a performance dataset", datasets: [] as string[], mode: undefined, path: "datasets", text: "--dataset" },
    {
      rule: "no perf dataset needed for acc",
      datasets: ["acc:a.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=identity_extractor"],
      mode: "acc",
      path: undefined,
      text: "",
    },
    {
      rule: "acc mode needs an accuracy dataset",
      datasets: ["d.jsonl"],
      mode: "acc",
      path: "datasets",
      text: "accuracy dataset",
    },
    {
      rule: "one performance dataset",
      datasets: ["a.jsonl", "b.jsonl"],
      mode: undefined,
      path: "datasets",
      text: "only one",
    },
    {
      rule: "duplicate datasets",
      datasets: [
        "d.jsonl",
        "acc:x.jsonl,name=q,accuracy_config.eval_method=rouge",
        "acc:y.jsonl,name=q,accuracy_config.eval_method=rouge",
      ],
      mode: undefined,
      path: "datasets[2].name",
      text: "duplicate",
    },
    {
      rule: "accuracy scorer",
      datasets: ["d.jsonl", "acc:a.jsonl"],
      mode: undefined,
      path: "datasets[1].accuracy_config.eval_method",
      text: "eval_method",
    },
    {
      rule: "bad dataset string",
      datasets: ["d.jsonl,parser.answer=x"],
      mode: undefined,
      path: "datasets[0]",
      text: "invalid --dataset",
    },
  ] as const)("checks datasets: $rule", ({ datasets, mode, path, text }) => {
    const problems = problemsOf({ command: "offline", overrides: validOffline, datasets: [...datasets], mode });
    if (path === undefined) expect(problems).toEqual([]);
    else expect(problems.find((p) => p.startsWith(`${path}: `))).toContain(text);
  });

  test("reports every problem at once in one InputError", () => {
    let caught: unknown;
    try {
      buildConfig({
        command: "online",
        overrides: {
          "settings.load_pattern.type": "poisson",
          "settings.client.num_workers": "many",
          "settings.client.bogus": 1,
        },
        datasets: [],
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InputError);
    const error = caught as ConfigError;
    expect(error.exitCode).toBe(ExitCode.invalidInput);
    const [first, ...rest] = error.message.split("\n");
    expect(first).toBe("invalid configuration: 6 problems:");
    expect(rest).toEqual([
      "  - settings.client.num_workers (--workers): expected a whole number, got 'many'",
      "  - settings.client.bogus: unknown key 'bogus' (allowed: num_workers, log_level, warmup_connections, auto_warmup_budget_fraction, max_concurrent_warmup_connects, max_connections, transport, stream_all_chunks, worker_initialization_timeout, worker_graceful_shutdown_wait, worker_force_kill_timeout, insecure, record_ids, think_tags, calibrate, max_idle_time, min_required_connections, worker_gc_mode, request_timeout_s, stall_timeout_s, max_response_mb, retries)",
      "  - model_params.name (--model): a model name is required: set --model NAME",
      "  - endpoint_config.endpoints (--endpoints): at least one endpoint URL is required: set --endpoints http://HOST:PORT",
      "  - settings.load_pattern.target_qps (--target-qps): the poisson load pattern needs a request rate: set --target-qps N",
      "  - datasets (--dataset): a performance dataset is required: pass --dataset PATH (e.g. --dataset data.jsonl,parser.prompt=text)",
    ]);
    expect(error.hint).toContain("--help");
  });

  test("names YAML paths (and the overriding flag) for from-config and mentions the source", () => {
    let message = "";
    try {
      buildConfig({ command: "from-config", yaml: { type: "online", metrics: {} }, overrides: {}, source: "cfg.yaml" });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split("\n")[0]).toMatch(/^invalid configuration in cfg.yaml: \d+ problems:$/);
    expect(message).toContain("  - metrics: unknown key 'metrics'");
    expect(message).toContain("  - model_params.name (--model): a model name is required");
  });

  test("reports a missing type for YAML", () => {
    expect(problemsOf({ command: "from-config", yaml: { model_params: { name: "m" } }, overrides: {} })).toEqual([
      "type: is required",
    ]);
  });

  test("requires benchmark_mode and a known ruleset for submissions", () => {
    const problems = problemsOf({
      command: "from-config",
      yaml: { ...yamlBase, type: "submission", submission_ref: { model: "x", ruleset: "mlperf-v0" } },
      overrides: {},
    });
    expect(problems.some((p) => p.startsWith("benchmark_mode: "))).toBe(true);
    expect(
      problems.some((p) =>
        p.startsWith("submission_ref.ruleset: 'mlperf-v0' is not registered; a submission must pin official RNG seeds"),
      ),
    ).toBe(true);
  });
});
