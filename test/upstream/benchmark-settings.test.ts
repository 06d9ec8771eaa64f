/**
 * @module test/upstream/benchmark-settings — upstream's tests/unit/commands/test_benchmark.py on settings and
 * datasets: WarmupConfig, DrainConfig, phases counted by type, config.yaml's redaction and the per-dataset
 * generation overrides, against buildConfig, configYamlText and prepareWorkload on real files.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { build, problems } from "./build-config-of.ts";
import { loadYamlConfig } from "../../src/config/load-yaml.ts";
import type { BenchmarkConfig } from "../../src/config/schema/schema.ts";
import { configYamlText } from "../../src/config/upstream/config-dump.ts";
import { prepareWorkload } from "../../src/workload/prepare-workload.ts";

const T = "tests/unit/commands/test_benchmark.py";
const dir = mkdtempSync(join(tmpdir(), "upstream-bench-settings-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const OFFLINE = {
  type: "offline",
  endpoint_config: { endpoints: ["http://test:8000"] },
  model_params: { name: "test-model" },
  datasets: [{ path: "test.jsonl" }],
};

const withSettings = (settings: Record<string, unknown>) => ({ ...OFFLINE, settings });

function yamlFile(text: string): BenchmarkConfig {
  const path = join(dir, `c${Math.random().toString(36).slice(2)}.yaml`);
  writeFileSync(path, text);
  return buildConfig({ command: "from-config", yaml: loadYamlConfig(path, {}), overrides: {} });
}

const OFFLINE_YAML = `type: "offline"\nmodel_params:\n  name: "test-model"\nendpoint_config:\n  endpoints: ["http://test:8000"]\ndatasets:\n  - path: "test.jsonl"\n`;

function jsonl(name: string, rows: Record<string, unknown>[]): string {
  const path = join(dir, name);
  writeFileSync(path, `${rows.map((r) => JSON.stringify(r)).join("\n")}\n`);
  return path;
}

describe("upstream test_benchmark.py: TestWarmupConfig", () => {
  test(`${T}:1197 test_defaults / :1262 test_warmup_default_in_settings`, () => {
    const { enabled, n_requests, salt, drain } = build(OFFLINE).settings.warmup;
    expect({ enabled, n_requests, salt, drain }).toEqual({
      enabled: false,
      n_requests: null,
      salt: false,
      drain: false,
    });
  });

  test.each([1, 10, 1000])(`${T}:1206 test_n_requests_valid [%p]`, (n) => {
    expect(build(withSettings({ warmup: { n_requests: n } })).settings.warmup.n_requests).toBe(n);
  });

  test.each([0, -1, -100])(`${T}:1212 test_n_requests_must_be_positive [%p]`, (n) => {
    expect(problems(withSettings({ warmup: { n_requests: n } })).join("\n")).toContain("settings.warmup.n_requests");
  });

  test(`${T}:1217 test_extra_fields_rejected`, () => {
    expect(problems(withSettings({ warmup: { unknown_field: true } })).join("\n")).toContain("unknown_field");
  });

  test(`${T}:1222 test_immutable`, () => {
    const warmup = build(OFFLINE).settings.warmup as { enabled: boolean };
    expect(() => {
      warmup.enabled = true;
    }).toThrow(TypeError);
  });

  test(`${T}:1228 test_all_flags_enabled`, () => {
    const w = build(withSettings({ warmup: { enabled: true, n_requests: 50, salt: true, drain: true } })).settings
      .warmup;
    expect([w.enabled, w.n_requests, w.salt, w.drain]).toEqual([true, 50, true, true]);
  });

  test(`${T}:1236 test_yaml_roundtrip`, () => {
    const yaml = `${OFFLINE_YAML}settings:\n  warmup:\n    enabled: true\n    n_requests: 20\n    salt: true\n    drain: true\n`;
    const w = yamlFile(yaml).settings.warmup;
    expect([w.enabled, w.n_requests, w.salt, w.drain]).toEqual([true, 20, true, true]);
  });
});

describe("upstream test_benchmark.py: TestDrainConfig", () => {
  test(`${T}:1273 test_defaults`, () => {
    const d = build(OFFLINE).settings.drain;
    expect([d.warmup_timeout_s, d.performance_timeout_s, d.accuracy_timeout_s, d.metrics_drain_timeout_s]).toEqual([
      240,
      240,
      null,
      0,
    ]);
  });

  const fields = ["warmup_timeout_s", "performance_timeout_s", "accuracy_timeout_s"];
  test.each(fields.flatMap((field) => [0, -1.0].map((value) => [field, value] as const)))(
    `${T}:1286 test_timeout_must_be_positive_or_none [%s=%p]`,
    (field, value) => {
      expect(problems(withSettings({ drain: { [field]: value } })).join("\n")).toContain(`settings.drain.${field}`);
    },
  );

  test(`${T}:1291 test_metrics_drain_timeout_zero_is_valid`, () => {
    expect(build(withSettings({ drain: { metrics_drain_timeout_s: 0 } })).settings.drain.metrics_drain_timeout_s).toBe(
      0,
    );
  });

  test(`${T}:1296 test_metrics_drain_timeout_negative_rejected`, () => {
    expect(problems(withSettings({ drain: { metrics_drain_timeout_s: -1.0 } })).join("\n")).toContain(
      "settings.drain.metrics_drain_timeout_s",
    );
  });

  test(`${T}:1301 test_extra_fields_rejected`, () => {
    expect(problems(withSettings({ drain: { unknown_field: 1 } })).join("\n")).toContain("unknown_field");
  });

  test(`${T}:1306 test_yaml_roundtrip`, () => {
    const yaml = `${OFFLINE_YAML}settings:\n  drain:\n    warmup_timeout_s: 12.5\n    performance_timeout_s: 30.0\n    accuracy_timeout_s: null\n    metrics_drain_timeout_s: 300.0\n`;
    const d = yamlFile(yaml).settings.drain;
    expect([d.warmup_timeout_s, d.performance_timeout_s, d.accuracy_timeout_s, d.metrics_drain_timeout_s]).toEqual([
      12.5,
      30,
      null,
      300,
    ]);
  });
});

describe("upstream test_benchmark.py: phases by type, config.yaml's secrets", () => {
  test(`${T}:2871 test_accuracy_dataset_named_performance_is_counted_by_type: 1 performance row + 2 rows × 2 repeats = 5`, async () => {
    const perf = jsonl("perf-one.jsonl", [{ prompt: "q0" }]);
    const acc = jsonl("acc-two.jsonl", [
      { prompt: "q0", ground_truth: "a" },
      { prompt: "q1", ground_truth: "b" },
    ]);
    const accuracy_config = { eval_method: "pass_at_1", extractor: "identity_extractor", num_repeats: 2 };
    const config = build(
      {
        ...OFFLINE,
        datasets: [{ path: perf }, { name: "performance", type: "accuracy", path: acc, accuracy_config }],
        settings: { runtime: { min_duration_ms: 0 } },
      },
      "both",
    );
    const workload = await prepareWorkload(config, null, "both");
    const sent = workload.phases.map((p) => [p.kind, p.plan.sampleIndex.length]);
    expect(sent).toEqual([
      ["performance", 1],
      ["accuracy", 4],
    ]);
    // The accuracy dataset's phase is not the run's performance phase, whose rows the report reads by name.
    expect(new Set(workload.phases.map((p) => p.plan.phase)).size).toBe(2);
    expect(workload.accuracy[0]?.spec.name).toBe("performance");
  });

  test(`${T}:2901 test_report_config_redacts_secrets_without_mutating_runtime (a performance dataset beside it: an accuracy-only SWE-bench config is refused here)`, () => {
    const config = build({
      ...OFFLINE,
      endpoint_config: { endpoints: ["http://endpoint:8000"], api_key: "sentinel-endpoint-key" },
      datasets: [
        { path: "perf.jsonl" },
        {
          name: "swe_bench",
          type: "accuracy",
          path: "unused.jsonl",
          accuracy_config: {
            eval_method: "swe_bench_scorer",
            extras: {
              swebench_service_url: "http://service:18080",
              swebench_service_auth_token: "sentinel-service-token",
            },
          },
        },
      ],
    });
    const persisted = configYamlText(config);
    expect(persisted).not.toContain("sentinel-endpoint-key");
    expect(persisted).not.toContain("sentinel-service-token");
    expect(persisted.split("<redacted>").length - 1).toBeGreaterThanOrEqual(2);
    expect(config.endpoint_config.api_key).toBe("sentinel-endpoint-key");
    expect(config.datasets[1]?.accuracy_config?.extras?.swebench_service_auth_token).toBe("sentinel-service-token");
  });
});
