/**
 * @module test/upstream/output-caching — transcribes upstream's tests/unit/compliance/test_output_caching.py
 * (MLPerf TEST04: the pass rule, the two phases' plan, the checks before they run, QPS from a phase's
 * report, the result files, the orchestrator's guards) against mlperf/output-caching-verdict,
 * mlperf/output-caching-plan and run/run-output-caching.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildConfig } from "../../src/config/build-config.ts";
import { BenchmarkConfigSchema, type BenchmarkConfig } from "../../src/config/schema/schema.ts";
import { ExecutionError, ExitCode, SetupError } from "../../src/errors.ts";
import { outputCachingPhases, outputCachingSetupProblem } from "../../src/mlperf/output-caching-plan.ts";
import {
  outputCachingVerdict,
  phaseStats,
  verifyOutputCachingPhases,
} from "../../src/mlperf/output-caching-verdict.ts";
import {
  auditPhaseConfig,
  phaseEndError,
  runOutputCachingAudit,
  writeAuditResult,
} from "../../src/run/run-output-caching.ts";

const T = "tests/unit/compliance/test_output_caching.py";
const dir = mkdtempSync(join(tmpdir(), "upstream-output-caching-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stats = (qps: number, completed = 1000, requested = 1000) => ({ qps, completed, requested });

describe("upstream test_output_caching.py: verify_output_caching", () => {
  test(`${T}:56 test_pass_when_audit_qps_below_threshold`, () => {
    const result = outputCachingVerdict(stats(100), stats(105), 0.1);
    expect(result.passed).toBe(true);
    expect(result.test).toBe("output_caching_test");
  });

  test(`${T}:64 test_fail_when_audit_qps_clearly_above_threshold`, () => {
    expect(outputCachingVerdict(stats(100), stats(120), 0.1).passed).toBe(false);
  });

  test(`${T}:72 test_fail_when_reference_phase_incomplete`, () => {
    const result = outputCachingVerdict(stats(100, 800), stats(50), 0.1);
    expect(result.passed).toBe(false);
    expect(result.reason).toContain("Phase incomplete");
  });

  test(`${T}:80 test_fail_when_audit_phase_incomplete`, () => {
    const result = outputCachingVerdict(stats(100), stats(50, 800), 0.1);
    expect(result.passed).toBe(false);
    expect(result.reason).toContain("Phase incomplete");
  });

  test(`${T}:88 test_completion_exactly_at_threshold_boundary_passes`, () => {
    const result = outputCachingVerdict(stats(100, 900), stats(90, 900), 0.1);
    expect(result.reason).not.toContain("Phase incomplete");
    expect(result.passed).toBe(true);
  });

  test(`${T}:99 test_details_contain_qps_values`, () => {
    const result = outputCachingVerdict(stats(100), stats(50));
    expect(result.ref_qps).toBe(100);
    expect(result.audit_qps).toBe(50);
    expect(result.threshold).toBe(0.1);
  });

  test(`${T}:108 test_custom_threshold`, () => {
    expect(outputCachingVerdict(stats(100), stats(105), 0.02).passed).toBe(false);
  });

  test(`${T}:116 test_fail_when_audit_qps_exactly_at_limit`, () => {
    const limit = 100 * (1 + 0.1);
    expect(outputCachingVerdict(stats(100), stats(limit), 0.1).passed).toBe(false);
  });
});

describe("upstream test_output_caching.py: OutputCachingAudit.plan_runs", () => {
  const settings = (samples: number, audit_samples: number | null = null, sample_index = 0) => ({
    samples,
    audit_samples,
    sample_index,
  });

  test(`${T}:144 test_samples_is_required`, () => {
    const parsed = BenchmarkConfigSchema.safeParse({
      type: "offline",
      audit: { test: "output_caching_test", sample_index: 0 },
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toContain("audit.samples");
  });

  test(`${T}:153 test_plan_produces_two_specs`, () => {
    expect(outputCachingPhases(settings(500))).toHaveLength(2);
  });

  test(`${T}:159 test_reference_spec_uses_without_replacement`, () => {
    expect(outputCachingPhases(settings(500))[0]).toEqual({ label: "reference", count: 500, fixedRow: null });
  });

  test(`${T}:168 test_audit_spec_uses_single_index`, () => {
    const audit = outputCachingPhases(settings(500, null, 7))[1];
    expect(audit?.label).toBe("output_caching");
    expect(audit?.fixedRow).toBe(7);
  });

  test(`${T}:176 test_audit_n_defaults_to_ref_n_when_not_set`, () => {
    expect(outputCachingPhases(settings(300))[1]?.count).toBe(300);
  });

  test(`${T}:182 test_audit_n_overrides_when_audit_samples_set`, () => {
    expect(outputCachingPhases(settings(300, 150))[1]?.count).toBe(150);
  });
});

describe("upstream test_output_caching.py: OutputCachingAudit.verify", () => {
  const phase = (qps: number) => ({ report: { qps, n_samples_completed: 1000 }, requested: 1000 });

  test(`${T}:212 test_verify_honors_configured_threshold`, () => {
    expect(verifyOutputCachingPhases([phase(100), phase(115)], 0.1).passed).toBe(false);
    const v20 = verifyOutputCachingPhases([phase(100), phase(115)], 0.2);
    expect(v20.passed).toBe(true);
    expect(v20.threshold).toBe(0.2);
  });

  test(`${T}:226 test_verify_rejects_wrong_phase_count`, () => {
    expect(() => verifyOutputCachingPhases([phase(100)], 0.1)).toThrow(/exactly 2 phases/);
  });
});

describe("upstream test_output_caching.py: OutputCachingAudit.validate", () => {
  const settings = (samples = 50, audit_samples: number | null = null, sample_index = 0) => ({
    samples,
    audit_samples,
    sample_index,
  });

  test.each(["max_throughput", "concurrency"])(`${T}:250 test_passes_when_within_bounds[%s]`, (pattern) => {
    expect(outputCachingSetupProblem(settings(50, null, 10), 100, pattern)).toBeNull();
  });

  test(`${T}:257 test_rejects_reference_count_exceeding_dataset`, () => {
    expect(outputCachingSetupProblem(settings(200), 100, "max_throughput")).toMatch(/exceeds dataset size/);
  });

  test(`${T}:265 test_allows_audit_count_exceeding_dataset`, () => {
    expect(outputCachingSetupProblem(settings(50, 500, 0), 100, "max_throughput")).toBeNull();
  });

  test(`${T}:275 test_rejects_out_of_range_sample_index`, () => {
    expect(outputCachingSetupProblem(settings(50, null, 100), 100, "max_throughput")).toMatch(/out of .*range/);
  });

  // Ours has no burst or step pattern: their YAML is refused by the schema; the check refuses any such name.
  test.each(["poisson", "agentic_inference", "burst", "step"])(
    `${T}:293 test_rejects_rate_paced_or_incompatible_load_pattern[%s]`,
    (pattern) => {
      expect(outputCachingSetupProblem(settings(), 100, pattern)).toMatch(/load pattern/);
    },
  );
});

describe("upstream test_output_caching.py: AuditRunStats.from_report", () => {
  test(`${T}:307 test_from_report_extracts_qps`, () => {
    expect(phaseStats({ qps: 42.5, n_samples_completed: 100 }, 100)).toEqual({
      qps: 42.5,
      completed: 100,
      requested: 100,
    });
  });

  test(`${T}:317 test_from_report_raises_when_qps_is_none`, () => {
    expect(() => phaseStats({ qps: null, n_samples_completed: 0 }, 100)).toThrow(/no duration/);
  });

  test(`${T}:324 test_from_report_raises_when_qps_non_positive`, () => {
    expect(() => phaseStats({ qps: 0, n_samples_completed: 0 }, 100)).toThrow(/non-positive throughput/);
  });
});

describe("upstream test_output_caching.py: write_result", () => {
  const read = (sub: string, name: string) => readFileSync(join(dir, sub, name), "utf8");
  const writeTo = (sub: string, result: { test: string; passed: boolean } & Record<string, unknown>) => {
    const target = join(dir, sub);
    mkdirSync(target, { recursive: true });
    writeAuditResult(target, result);
  };

  test(`${T}:339 test_writes_txt_and_json`, () => {
    writeTo("a", { test: "output_caching_test", passed: true, reason: "ok", ref_qps: 100.0 });
    expect(read("a", "verify_OUTPUT_CACHING_TEST.txt")).toContain("Performance check pass: True");
    const data = JSON.parse(read("a", "audit_output_caching_test.json"));
    expect(data.passed).toBe(true);
    expect(data.test).toBe("output_caching_test");
  });

  test(`${T}:353 test_failed_result_writes_false`, () => {
    writeTo("b", { test: "output_caching_test", passed: false, reason: "fail" });
    expect(read("b", "verify_OUTPUT_CACHING_TEST.txt")).toContain("Performance check pass: False");
  });

  test(`${T}:362 test_json_contains_full_details`, () => {
    writeTo("c", {
      test: "output_caching_test",
      passed: true,
      ref_qps: 100.0,
      audit_qps: 80.0,
      threshold: 0.1,
      reason: "ok",
    });
    const data = JSON.parse(read("c", "audit_output_caching_test.json"));
    expect(data.ref_qps).toBe(100);
    expect(data.threshold).toBe(0.1);
  });
});

/** Upstream's `_audit_config`: samples 4, the given sample_index, max_throughput, one performance dataset. */
function auditConfig(sampleIndex = 0, extra: Record<string, unknown>[] = []): BenchmarkConfig {
  return buildConfig({
    command: "from-config",
    yaml: {
      type: "offline",
      model_params: { name: "m" },
      endpoint_config: { endpoints: ["http://localhost:1"] },
      datasets: [{ path: "perf.jsonl", type: "performance" }, ...extra],
      audit: { samples: 4, sample_index: sampleIndex },
    },
    overrides: {},
  });
}

describe("upstream test_output_caching.py: run_audit's guards", () => {
  test(`${T}:443 test_rejects_out_of_range_sample_index`, () => {
    const audit = auditConfig(500).audit!;
    expect(outputCachingSetupProblem(audit, 100, "max_throughput")).toMatch(/out of .*range/);
  });

  test(`${T}:452 test_rejects_rate_paced_load_pattern`, () => {
    // Ours refuses it while validating the config, before any dataset is loaded.
    const yaml = {
      type: "online",
      model_params: { name: "m" },
      endpoint_config: { endpoints: ["http://localhost:1"] },
      datasets: [{ path: "perf.jsonl" }],
      settings: { load_pattern: { type: "poisson", target_qps: 10 } },
      audit: { samples: 4 },
    };
    expect(() => buildConfig({ command: "from-config", yaml, overrides: {} })).toThrow(/load pattern/);
    expect(outputCachingSetupProblem(auditConfig().audit!, 100, "poisson")).toMatch(/load pattern/);
  });

  test(`${T}:463 test_rejects_reference_count_over_dataset_size`, () => {
    expect(outputCachingSetupProblem(auditConfig().audit!, 3, "max_throughput")).toMatch(/exceeds dataset size/);
  });

  test(`${T}:475 test_refuses_result_on_incomplete_phase`, () => {
    const error = phaseEndError("reference", "interrupted", "timeout");
    expect(error).toBeInstanceOf(ExecutionError);
    expect(error?.message).toMatch(/did not complete cleanly/);
    expect(phaseEndError("reference", "complete", null)).toBeNull();
  });

  test(`${T}:489 test_interrupted_phase_raises_keyboard_interrupt`, () => {
    expect(phaseEndError("reference", "interrupted", "interrupted")?.exitCode).toBe(ExitCode.interrupted);
  });

  test(`${T}:526 test_strips_accuracy_datasets_from_phase_config`, () => {
    const config = auditConfig(0, [
      {
        path: "acc.jsonl",
        type: "accuracy",
        accuracy_config: { eval_method: "pass_at_1", extractor: "abcd_extractor" },
      },
    ]);
    expect(config.datasets.map((d) => d.type)).toEqual(["performance", "accuracy"]);
    const phase = auditPhaseConfig(config, join(dir, "phase"), 4);
    expect(phase.datasets).toEqual([config.datasets[0]!]);
    expect(phase.audit).toBeNull();
  });

  test(`${T}:547 test_rejects_when_no_performance_dataset`, async () => {
    const config = structuredClone(
      auditConfig(0, [
        {
          path: "acc.jsonl",
          type: "accuracy",
          accuracy_config: { eval_method: "pass_at_1", extractor: "abcd_extractor" },
        },
      ]),
    );
    const accuracyOnly = {
      ...config,
      datasets: config.datasets.filter((d) => d.type === "accuracy"),
    } as BenchmarkConfig;
    const io = { log: () => {}, stderr: () => {}, stdout: () => {} } as never;
    const run = runOutputCachingAudit(accuracyOnly, join(dir, "none"), io, null);
    await expect(run).rejects.toThrow(/performance dataset/);
    await expect(run).rejects.toBeInstanceOf(SetupError);
  });

  test(`${T}:558 test_verify_zero_qps_raises_execution_error_not_bare_valueerror`, () => {
    const zero = { report: { qps: 0, n_samples_completed: 0 }, requested: 4 };
    expect(() => verifyOutputCachingPhases([zero, zero], 0.1)).toThrow(ExecutionError);
    expect(() => verifyOutputCachingPhases([zero, zero], 0.1)).toThrow(/Audit verification failed/);
  });
});

// not transcribed:
// - :385 test_get_audit_test_returns_output_caching, :390 test_get_audit_test_raises_on_unknown — upstream's registry of
//   audit classes; ours has one audit, called directly (run/benchmark-from-argv), with no registry to look up.
// - :505 test_keyboard_interrupt_propagates — that Python's KeyboardInterrupt escapes `except Exception`; ours has no such
//   exception: a signal ends the phase with stop reason "interrupted", and :489 above covers its exit code 130.
// - :583 test_tmpfs_dir_removed_after_phase — upstream's per-phase tmpfs directory; ours writes each phase's events.db
//   into its own report directory, with no tmpfs to clean up.
// - :614 test_default_test_mode_is_perf, :623 test_acc_mode_phase_keeps_accuracy_datasets — upstream's AuditRunSpec
//   test_mode for future audits; TEST04's phases are performance-only in both (:526 above), and ours has no other audit.
