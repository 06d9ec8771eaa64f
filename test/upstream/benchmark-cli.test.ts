/**
 * @module test/upstream/benchmark-cli — the config-model cases of upstream's tests/unit/commands/test_benchmark.py
 * (offline/online defaults, duration suffixes, `--dataset` strings, the command handlers' flags, the load pattern's
 * serialisation) against parseFlags, buildConfig and config/upstream/config-dump.
 *
 * Upstream builds its pydantic models directly; ours are built as the CLI builds them: flags through parseFlags,
 * YAML objects through buildConfig.
 */
import { describe, expect, test } from "bun:test";
import { buildConfig } from "../../src/config/build-config.ts";
import { build, problems } from "./build-config-of.ts";
import { ConfigError } from "../../src/config/config-error.ts";
import { tryParseDatasetSpec } from "../../src/config/dataset-spec.ts";
import type { BenchmarkCommand } from "../../src/config/flags.ts";
import { parseFlags } from "../../src/config/parse-argv.ts";
import type { BenchmarkConfig } from "../../src/config/schema/schema.ts";
import { configYamlText, loadPatternDump } from "../../src/config/upstream/config-dump.ts";

const T = "tests/unit/commands/test_benchmark.py";

/** Upstream's `_OFFLINE_KWARGS`. */
const OFFLINE = {
  endpoint_config: { endpoints: ["http://test:8000"] },
  model_params: { name: "test-model" },
  datasets: [{ path: "test.jsonl" }],
};

/** The config the CLI builds from `argv` after the command name. */
function fromArgv(command: BenchmarkCommand, argv: string[]): BenchmarkConfig {
  const parsed = parseFlags(argv, command);
  return buildConfig({
    command,
    overrides: parsed.overrides,
    datasets: parsed.datasets,
    ...(parsed.mode ? { mode: parsed.mode } : {}),
  });
}

describe("upstream test_benchmark.py: TestCLIConfigModels", () => {
  test.each([
    ["offline", {}, "off"],
    ["online", { settings: { load_pattern: { type: "poisson", target_qps: 100 } } }, "on"],
  ])(`${T}:266 test_mode_defaults [%s]`, (type, extra, streaming) => {
    const c = build({ type, ...OFFLINE, ...extra });
    expect<unknown[]>([c.type, c.model_params.streaming, c.settings.runtime.min_duration_ms]).toEqual([
      type,
      streaming,
      600000,
    ]);
  });

  test(`${T}:273 test_num_samples_override`, () => {
    const c = build({
      type: "offline",
      ...OFFLINE,
      settings: { runtime: { min_duration_ms: 0, n_samples_to_issue: 100 } },
    });
    expect(c.settings.runtime.n_samples_to_issue).toBe(100);
  });

  test(`${T}:283 test_missing_model_name_raises`, () => {
    const found = problems({
      type: "offline",
      endpoint_config: { endpoints: ["http://x"] },
      datasets: [{ path: "t" }],
    });
    expect(found.some((p) => /model/.test(p))).toBe(true);
  });

  test.each([
    ["no extras", { eval_method: "swe_bench_scorer" }, 32],
    ["workers None", { eval_method: "swe_bench_scorer", extras: { workers: null } }, 32],
    ["workers 5", { eval_method: "swe_bench_scorer", extras: { workers: 5 } }, 5],
  ])(`${T}:311 test_concurrency_injection_into_swe_bench_extras [%s]`, (_case, accuracy_config, workers) => {
    const c = build({
      type: "online",
      endpoint_config: { endpoints: ["http://test:8000"] },
      model_params: { name: "test-model" },
      datasets: [
        { name: "swe_bench", type: "accuracy", accuracy_config },
        { type: "performance", path: "dummy_1k.jsonl" },
      ],
      settings: { load_pattern: { type: "concurrency", target_concurrency: 32 } },
    });
    expect(c.datasets.find((d) => d.type === "accuracy")?.accuracy_config?.extras?.workers).toBe(workers);
  });
});

describe("upstream test_benchmark.py: TestDurationSuffix, TestDatasetParsing", () => {
  test.each([
    ["600s", 600000],
    ["10m", 600000],
    ["600000ms", 600000],
    ["600000", 600000],
    [600000, 600000],
    ["0.5m", 30000],
    ["1.5s", 1500],
  ] as const)(`${T}:352 test_duration_suffix [%p]`, (value, ms) => {
    const c = build({ type: "offline", ...OFFLINE, settings: { runtime: { min_duration_ms: value } } });
    expect(c.settings.runtime.min_duration_ms).toBe(ms);
  });

  test.each([
    ["test.jsonl", "test.jsonl", "performance", null, null, null],
    ["perf:a.jsonl", "a.jsonl", "performance", null, null, null],
    ["acc:gpqa.jsonl", "gpqa.jsonl", "accuracy", null, null, null],
    [
      "data.csv,samples=500,parser.prompt=article,parser.system=inst",
      "data.csv",
      "performance",
      500,
      { prompt: "article", system: "inst" },
      null,
    ],
    ["perf:d.jsonl,format=.jsonl,parser.prompt=text", "d.jsonl", "performance", null, { prompt: "text" }, null],
    [
      "acc:eval.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.ground_truth=answer",
      "eval.jsonl",
      "accuracy",
      null,
      null,
      "pass_at_1",
    ],
  ])(`${T}:396 test_dataset_string_coercion [%s]`, (raw, path, type, samples, parser, evalMethod) => {
    const parsed = tryParseDatasetSpec(raw);
    if (!parsed.ok) throw new Error(parsed.message);
    const d = parsed.value;
    expect([d.path, d.type, d.samples, d.parser]).toEqual([path, type, samples, parser]);
    if (evalMethod) expect<string | null | undefined>(d.accuracy_config?.eval_method).toBe(evalMethod);
  });

  test.each([
    [`${T}:411 test_malformed_dataset_string_raises_parse_error`, "data.csv,badoption"],
    [`${T}:437 test_scalar_then_dotted_key_collision_raises_parse_error`, "d.jsonl,parser=x,parser.prompt=y"],
  ])("%s", (_name, spec) => {
    let message = "";
    try {
      buildConfig({
        command: "offline",
        overrides: { "model_params.name": "m", "endpoint_config.endpoints": ["http://x"] },
        datasets: [spec],
      });
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      message = error.problems.map((p) => p.message).join("\n");
    }
    expect(message).toMatch(/invalid --dataset/i);
  });
});

describe("upstream test_benchmark.py: TestCommandHandlers", () => {
  const base = ["--endpoints", "http://x", "--model", "M"];

  test(`${T}:660 test_command_handler [offline, data.jsonl, perf]`, () => {
    const c = fromArgv("offline", [...base, "--dataset", "data.jsonl", "--mode", "perf"]);
    expect([c.datasets[0]?.path, c.datasets[0]?.type]).toEqual(["data.jsonl", "performance"]);
    expect(parseFlags([...base, "--mode", "perf"], "offline").mode).toBe("perf");
  });

  test(`${T}:660 test_command_handler [online, acc:eval.jsonl, acc] (declared difference: an accuracy dataset without accuracy_config.eval_method is refused at validation, where upstream's run setup refuses it)`, () => {
    const argv = [
      ...base,
      "--load-pattern",
      "poisson",
      "--target-qps",
      "10",
      "--dataset",
      "acc:eval.jsonl",
      "--mode",
      "acc",
    ];
    expect(() => fromArgv("online", argv)).toThrow(ConfigError);
    const scored = fromArgv("online", [
      ...argv.slice(0, -3),
      "acc:eval.jsonl,accuracy_config.eval_method=pass_at_1,accuracy_config.extractor=identity_extractor",
      "--mode",
      "acc",
    ]);
    expect([scored.datasets[0]?.path, scored.datasets[0]?.type]).toEqual(["eval.jsonl", "accuracy"]);
  });

  test(`${T}:677 test_use_legacy_loadgen_qps_metrics_default_and_disable`, () => {
    const argv = [
      "--endpoints",
      "http://h:80",
      "--model",
      "m",
      "--dataset",
      "d.jsonl",
      "--load-pattern",
      "poisson",
      "--target-qps",
      "100",
    ];
    expect(fromArgv("online", argv).settings.load_pattern.use_legacy_loadgen_qps_metrics).toBe(true);
    const off = fromArgv("online", [...argv, "--no-use-legacy-loadgen-qps-metrics"]);
    expect(off.settings.load_pattern.use_legacy_loadgen_qps_metrics).toBe(false);
  });

  test(`${T}:705 test_warmup_salt_flag_default_and_negative`, () => {
    const argv = ["--endpoints", "http://h:80", "--model", "m", "--dataset", "d.jsonl"];
    expect(fromArgv("offline", argv).settings.warmup.salt).toBe(false);
    expect(fromArgv("offline", [...argv, "--warmup-salt"]).settings.warmup.salt).toBe(true);
    expect(fromArgv("offline", [...argv, "--no-warmup-salt"]).settings.warmup.salt).toBe(false);
  });

  test(`${T}:732 test_loadgen_flag_serialized_only_for_poisson: the load pattern's dump and config.yaml`, () => {
    const poisson = { type: "poisson", target_qps: 100, use_legacy_loadgen_qps_metrics: true };
    expect("use_legacy_loadgen_qps_metrics" in loadPatternDump(poisson)).toBe(true);
    for (const lp of [{ type: "max_throughput" }, { type: "concurrency", target_concurrency: 10 }]) {
      expect("use_legacy_loadgen_qps_metrics" in loadPatternDump({ ...lp, use_legacy_loadgen_qps_metrics: true })).toBe(
        false,
      );
      const c = build({
        type: lp.type === "max_throughput" ? "offline" : "online",
        ...OFFLINE,
        settings: { load_pattern: lp },
      });
      expect(configYamlText(c)).not.toContain("use_legacy_loadgen_qps_metrics");
    }
    const p = build({ type: "online", ...OFFLINE, settings: { load_pattern: { type: "poisson", target_qps: 100 } } });
    expect(configYamlText(p)).toContain("use_legacy_loadgen_qps_metrics: true");
  });
});
