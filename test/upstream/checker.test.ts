/**
 * @module test/upstream/checker — transcribes upstream's tests/unit/compliance/test_checker.py (the submission
 * checker: the config lock, the accuracy gate with its string coercion and entry-score fallback, the agentic run's
 * validity, and check_submission over a report directory) against mlperf/edge-checker and cli/check-run-dir.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { checkRunDir } from "../../src/cli/check-run-dir.ts";
import { checkAccuracy, checkConfigLock, checkPerfValidity, type Check } from "../../src/mlperf/edge-checker.ts";
import { EDGE_MODELS } from "../../src/mlperf/ruleset-models.ts";

const T = "tests/unit/compliance/test_checker.py";
const root = mkdtempSync(join(tmpdir(), "upstream-checker-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const GOLDEN = { bfcl_overall_accuracy: 86.23, bfcl_normalized_accuracy: 87.96 };
const FACTORS = { bfcl_overall_accuracy: [0.97], bfcl_normalized_accuracy: [0.97] };

const passingConfig = () => ({
  model_params: { temperature: 0.0, seed: 42 },
  settings: {
    runtime: { dataloader_random_seed: 42 },
    client: { num_workers: 1, max_connections: 1 },
    load_pattern: { type: "agentic_inference", target_concurrency: 1 },
  },
});

const VALID_CONFIG_YAML = `
name: "compliance-test"
type: "offline"
model_params:
  name: "qwen3.6-27b"
  temperature: 0.0
  seed: 42
datasets:
  - name: "bfcl_v4::function_calling"
    type: "accuracy"
    path: "bfcl.jsonl"
settings:
  runtime:
    dataloader_random_seed: 42
  load_pattern:
    type: "max_throughput"
  client:
    num_workers: 1
    max_connections: 1
endpoint_config:
  endpoints:
    - "http://localhost:8000"
`;

const accuracyResults = (overall: number | string, normalized: number | string, total: number | string) => ({
  accuracy_scores: [
    {
      dataset_name: "bfcl_v4::function_calling",
      score: 0.8623,
      breakdown: {
        overall_accuracy: overall,
        normalized_single_turn_score: normalized,
        subset_scores: { simple: overall },
        total_samples: total,
      },
    },
  ],
});

let dirs = 0;
/** A fresh report directory holding the given files (path → text or JSON document). */
function reportDir(files: Record<string, unknown>): string {
  const dir = join(root, `r${dirs++}`);
  mkdirSync(dir, { recursive: true });
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  }
  return dir;
}

const allPassed = (checks: readonly Check[]) => checks.every((c) => c.passed);
const named = (checks: readonly Check[], name: string) => checks.find((c) => c.name === name);

describe("upstream test_checker.py: check_config_lock", () => {
  test(`${T}:99 test_config_lock_passes_on_compliant_config`, () => {
    const checks = checkConfigLock(passingConfig());
    expect(new Set(checks.map((c) => c.name))).toEqual(new Set(["temperature==0", "seed==42", "single_stream"]));
    expect(allPassed(checks)).toBe(true);
  });

  type Config = ReturnType<typeof passingConfig>;
  test.each([
    ["temperature 0.7", (c: Config) => Object.assign(c.model_params, { temperature: 0.7 })],
    ["seed 7", (c: Config) => Object.assign(c.model_params, { seed: 7 })],
    ["max_connections 4", (c: Config) => Object.assign(c.settings.client, { max_connections: 4 })],
    ["target_concurrency 8", (c: Config) => Object.assign(c.settings.load_pattern, { target_concurrency: 8 })],
  ])(`${T}:115 test_config_lock_fails_on_violation[%s]`, (_name, mutate) => {
    const config = passingConfig();
    mutate(config);
    expect(allPassed(checkConfigLock(config))).toBe(false);
  });
});

describe("upstream test_checker.py: check_accuracy", () => {
  test(`${T}:123 test_accuracy_gate_passes_at_reference`, () => {
    expect(allPassed(checkAccuracy(accuracyResults(86.23, 87.96, 995), GOLDEN, FACTORS, 995))).toBe(true);
  });

  test(`${T}:129 test_accuracy_gate_passes_at_threshold_boundary`, () => {
    expect(allPassed(checkAccuracy(accuracyResults(83.6431, 85.3212, 995), GOLDEN, FACTORS, 995))).toBe(true);
  });

  test(`${T}:138 test_accuracy_gate_fails_below_threshold`, () => {
    const checks = checkAccuracy(accuracyResults(80.0, 85.4, 995), GOLDEN, FACTORS, 995);
    expect(named(checks, "accuracy:overall_accuracy")?.passed).toBe(false);
  });

  test(`${T}:145 test_accuracy_gate_fails_when_no_metric_applies`, () => {
    const checks = checkAccuracy(accuracyResults(86.23, 87.96, 995), {}, {}, null);
    expect(named(checks, "accuracy_metric_applicable")?.passed).toBe(false);
    expect(checks.some((c) => c.name.startsWith("accuracy:"))).toBe(false);
  });

  test(`${T}:156 test_accuracy_gate_no_metric_applicable_check_absent_when_metrics_apply`, () => {
    const checks = checkAccuracy(accuracyResults(86.23, 87.96, 995), GOLDEN, FACTORS, 995);
    expect(named(checks, "accuracy_metric_applicable")).toBeUndefined();
  });

  test.each([
    ["86.23", "87.96", 995, true],
    ["83.65", "85.33", 995, true],
    ["83.64", "87.96", 995, false],
    ["80.00", "85.40", 995, false],
  ] as const)(`${T}:173 test_accuracy_gate_string_contract[%s-%s-%d-%p]`, (overall, normalized, total, expectPass) => {
    expect(allPassed(checkAccuracy(accuracyResults(overall, normalized, total), GOLDEN, FACTORS, 995))).toBe(
      expectPass,
    );
  });

  test(`${T}:183 test_accuracy_gate_handles_string_total_samples`, () => {
    const checks = checkAccuracy(accuracyResults("86.23", "87.96", "995"), GOLDEN, FACTORS, 995);
    expect(named(checks, "min_sample_count")?.passed).toBe(true);
  });

  test(`${T}:201 test_accuracy_gate_fails_on_too_few_samples`, () => {
    const checks = checkAccuracy(accuracyResults(90.0, 90.0, 500), GOLDEN, FACTORS, 995);
    expect(named(checks, "min_sample_count")?.passed).toBe(false);
  });

  test(`${T}:208 test_accuracy_gate_accepts_non_bfcl_breakdown`, () => {
    const results = {
      accuracy_scores: [
        {
          dataset_name: "deepseek_r1",
          score: 83.0,
          breakdown: { subset_scores: { aime25: 80.0, gpqa: 88.0 }, total_samples: 1283 },
        },
      ],
    };
    const checks = checkAccuracy(results, { bfcl_overall_accuracy: 82.0 }, { bfcl_overall_accuracy: [0.97] }, 1000);
    expect(named(checks, "accuracy:overall_accuracy")?.passed).toBe(true);
    expect(named(checks, "min_sample_count")?.passed).toBe(true);
  });

  test(`${T}:236 test_accuracy_gate_reports_missing_when_no_overall_anywhere`, () => {
    const results = {
      accuracy_scores: [
        { dataset_name: "deepseek_r1", breakdown: { subset_scores: { aime25: 80.0 }, total_samples: 1283 } },
      ],
    };
    const checks = checkAccuracy(results, { bfcl_overall_accuracy: 82.0 }, { bfcl_overall_accuracy: [0.97] }, null);
    const overall = named(checks, "accuracy:overall_accuracy");
    expect(overall?.passed).toBe(false);
    expect(overall?.detail).toContain("missing");
  });
});

describe("upstream test_checker.py: check_perf_validity", () => {
  test(`${T}:260 test_perf_validity_passes_when_observed_matches_expected`, () => {
    expect(allPassed(checkPerfValidity({ turns: { issued: 1007, expected: 1006, observed: 1006, missing: 0 } }))).toBe(
      true,
    );
  });

  test(`${T}:270 test_perf_validity_fails_with_dropped_turns`, () => {
    expect(allPassed(checkPerfValidity({ turns: { issued: 1007, expected: 1006, observed: 969, missing: 38 } }))).toBe(
      false,
    );
  });
});

describe("upstream test_checker.py: check_submission", () => {
  const passed = (dir: string) => allPassed(checkRunDir(dir).checks);

  test(`${T}:192 test_check_submission_accuracy_dir_string_scores`, () => {
    const dir = reportDir({
      "config.yaml": VALID_CONFIG_YAML,
      "accuracy/accuracy_results.json": accuracyResults("86.23", "87.96", 995),
    });
    expect(passed(dir)).toBe(true);
  });

  test(`${T}:285 test_check_submission_accuracy_dir`, () => {
    const dir = reportDir({
      "config.yaml": VALID_CONFIG_YAML,
      "accuracy/accuracy_results.json": accuracyResults(86.23, 87.96, 995),
    });
    const report = checkRunDir(dir);
    expect(allPassed(report.checks)).toBe(true);
    expect(report.notes.length).toBeGreaterThan(0);
    const names = new Set(report.checks.map((c) => c.name));
    expect(names.has("accuracy:overall_accuracy")).toBe(true);
    expect(names.has("min_sample_count")).toBe(true);
  });

  test(`${T}:297 test_check_submission_perf_dir`, () => {
    const dir = reportDir({
      "config.yaml": VALID_CONFIG_YAML,
      "scores.json": { turns: { issued: 1007, expected: 1006, observed: 1006, missing: 0 } },
    });
    const report = checkRunDir(dir);
    expect(allPassed(report.checks)).toBe(true);
    expect(report.checks.map((c) => c.name)).toContain("no_dropped_turns");
  });

  test(`${T}:317 test_check_submission_uses_ruleset_thresholds`, () => {
    const target = EDGE_MODELS.get("qwen3.6-27b")?.accuracy[0]?.find((t) => t.metric === "bfcl_overall_accuracy");
    expect((target?.golden ?? 0) * (target?.factors[0] ?? 0)).toBeCloseTo(83.6431, 6);
    const dir = reportDir({
      "config.yaml": VALID_CONFIG_YAML,
      "accuracy/accuracy_results.json": accuracyResults(83.0, 87.0, 995),
    });
    expect(passed(dir)).toBe(false);
  });

  test(`${T}:332 test_check_submission_missing_artifacts`, () => {
    expect(passed(reportDir({}))).toBe(false);
  });
});

// not transcribed: none — every case of the module is above.
