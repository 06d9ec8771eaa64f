/**
 * @module run/run-output-caching — MLPerf TEST04 (output caching) as mlcommons/endpoints runs it
 * after the main benchmark: the phases of mlperf/output-caching-plan, each a full run in
 * `<report>/audit/<phase>/`, then mlperf/output-caching-verdict's pass rule; the result goes to
 * `audit_output_caching_test.json` and `verify_OUTPUT_CACHING_TEST.txt`. As upstream, a phase
 * stopped by a signal exits 130, one that stopped early otherwise is refused (exit 4), and a phase
 * without a positive QPS fails the verification (exit 4) once both have run.
 *
 * Ours: `--audit-restart-hook CMD` runs before the reference phase, so that a server which caches
 * outputs starts cold (upstream resets nothing, and a cache warmed by the main run passes the
 * test falsely); the JSON says whether the cache was reset (`cache_reset`).
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkConfig, DraftConfig } from "../config/schema/schema.ts";
import { BenchmarkError, ExecutionError, ExitCode, SetupError } from "../errors.ts";
import { runShellHook } from "./shell-hook.ts";
import { loadConfiguredDataset } from "../workload/configured-dataset.ts";
import type { RunIo } from "./open-run.ts";
import { runBenchmark } from "./run-benchmark.ts";
import { outputCachingPhases, outputCachingSetupProblem, type AuditPhase } from "../mlperf/output-caching-plan.ts";
import {
  verifyOutputCachingPhases,
  type OutputCachingResult,
  type PhaseReport,
} from "../mlperf/output-caching-verdict.ts";

interface AuditReport extends OutputCachingResult {
  /** Ours: how the server's cache was reset before the reference phase, or that it was not. */
  cache_reset: string;
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/**
 * Upstream's `write_result`: `audit_<test>.json` (test, passed, then the details) before
 * `verify_<TEST>.txt`, so a validator never sees a pass line without the record behind it.
 */
export function writeAuditResult(dir: string, result: { test: string; passed: boolean }): void {
  writeAtomic(join(dir, `audit_${result.test}.json`), `${JSON.stringify(result, null, 2)}\n`);
  writeAtomic(
    join(dir, `verify_${result.test.toUpperCase()}.txt`),
    `Performance check pass: ${result.passed ? "True" : "False"}\n`,
  );
}

/** The config of one audit phase: its own directory, its count, the performance datasets only. */
export function auditPhaseConfig(config: BenchmarkConfig, dir: string, count: number): BenchmarkConfig {
  const draft = structuredClone(config) as DraftConfig;
  draft.report_dir = dir;
  draft.audit = null;
  draft.datasets = draft.datasets.filter((d) => d.type === "performance");
  draft.settings.runtime.n_samples_to_issue = count;
  return draft as BenchmarkConfig;
}

async function runHook(command: string, io: RunIo): Promise<string> {
  await runShellHook(command, "audit restart hook", io.log, "the hook must reset the server's cache and exit 0");
  return `hook ran before the reference phase (exit 0): ${command}`;
}

/** Upstream's refusal of a phase that did not run to its end: a signal (exit 130), else partial data (exit 4); null when complete. */
export function phaseEndError(label: string, state: string, stopReason: string | null): BenchmarkError | null {
  if (state === "complete") return null;
  if (stopReason === "interrupted")
    return new BenchmarkError(`Audit phase '${label}' interrupted`, ExitCode.interrupted);
  return new ExecutionError(
    `Audit phase '${label}' did not complete cleanly (${stopReason ?? state}); refusing to certify a result from partial data`,
  );
}

async function runPhase(config: BenchmarkConfig, io: RunIo, base: string, phase: AuditPhase): Promise<PhaseReport> {
  io.log(`audit: phase ${phase.label}, ${phase.count} queries`);
  const dir = join(base, phase.label);
  const shape = phase.fixedRow === null ? {} : { fixedRow: phase.fixedRow };
  const { summary, stopReason } = await runBenchmark(auditPhaseConfig(config, dir, phase.count), io, "perf", shape);
  const refused = phaseEndError(phase.label, summary.state, stopReason);
  if (refused) throw refused;
  return summary;
}

/** Runs TEST04 into `<reportDir>/audit`; throws SetupError (exit 3) when it cannot be run. */
export async function runOutputCachingAudit(
  config: BenchmarkConfig,
  reportDir: string,
  io: RunIo,
  restartHook: string | null,
): Promise<AuditReport> {
  const audit = config.audit;
  const perfSpec = config.datasets.find((d) => d.type === "performance");
  if (!audit || !perfSpec) throw new SetupError("Audit requires at least one performance dataset");
  const size = (await loadConfiguredDataset(perfSpec, config, null)).rows.length;
  const problem = outputCachingSetupProblem(audit, size, config.settings.load_pattern.type);
  if (problem) throw new SetupError(problem);
  const base = join(reportDir, "audit");
  mkdirSync(base, { recursive: true });
  const cacheReset = restartHook
    ? await runHook(restartHook, io)
    : "not reset: no --audit-restart-hook; a server that caches outputs may pass falsely";
  const phases: { report: PhaseReport; requested: number }[] = [];
  for (const phase of outputCachingPhases(audit))
    phases.push({ report: await runPhase(config, io, base, phase), requested: phase.count });
  const result: AuditReport = { ...verifyOutputCachingPhases(phases, audit.threshold), cache_reset: cacheReset };
  writeAuditResult(base, result);
  io.log(`Audit output_caching_test ${result.passed ? "PASS" : "FAIL"} — ${result.reason}`);
  return result;
}
