/**
 * @module run/run-output-caching — MLPerf TEST04 (output caching) as mlcommons/endpoints runs it
 * after the main benchmark: a `reference` phase of `samples` distinct queries and an
 * `output_caching` phase of `audit_samples` queries that all repeat row `sample_index`, each a
 * full run in `<report>/audit/<phase>/`, then mlperf/output-caching-verdict's pass rule; the
 * result goes to `audit_output_caching_test.json` and `verify_OUTPUT_CACHING_TEST.txt`.
 *
 * Ours: `--audit-restart-hook CMD` runs before the reference phase, so that a server which caches
 * outputs starts cold (upstream resets nothing, and a cache warmed by the main run passes the
 * test falsely); the JSON says whether the cache was reset (`cache_reset`).
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkConfig, DraftConfig } from "../config/schema/schema.ts";
import { SetupError } from "../errors.ts";
import { runShellHook } from "./shell-hook.ts";
import { loadConfiguredDataset } from "../workload/configured-dataset.ts";
import type { RunIo } from "./open-run.ts";
import type { WorkloadShape } from "../workload/prepare-workload.ts";
import { runBenchmark } from "./run-benchmark.ts";
import { outputCachingVerdict, type OutputCachingResult, type PhaseStats } from "../mlperf/output-caching-verdict.ts";

interface AuditReport extends OutputCachingResult {
  /** Ours: how the server's cache was reset before the reference phase, or that it was not. */
  cache_reset: string;
}

function writeAtomic(path: string, text: string): void {
  writeFileSync(`${path}.tmp`, text);
  renameSync(`${path}.tmp`, path);
}

/** The config of one audit phase: its own directory, its count, the performance datasets only. */
function phaseConfig(config: BenchmarkConfig, dir: string, count: number): BenchmarkConfig {
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

async function phase(
  config: BenchmarkConfig,
  io: RunIo,
  label: string,
  dir: string,
  count: number,
  shape: WorkloadShape = {},
): Promise<PhaseStats> {
  io.log(`audit: phase ${label}, ${count} queries`);
  const { summary } = await runBenchmark(phaseConfig(config, dir, count), io, "perf", shape);
  if (summary.state === "interrupted") throw new SetupError(`Audit phase '${label}' was interrupted`);
  if (summary.qps === null) throw new SetupError("Report has no duration — cannot compute QPS");
  if (summary.qps <= 0)
    throw new SetupError(
      `Report has non-positive throughput (qps=${summary.qps}); the run completed no samples, so an output-caching comparison is impossible`,
    );
  return { qps: summary.qps, completed: summary.n_samples_completed, requested: count };
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
  if (audit.samples > size) {
    throw new SetupError(
      `Audit phase 'reference': n_samples=${audit.samples} exceeds dataset size ${size}; a distinct-sample phase would wrap and re-issue samples`,
    );
  }
  if (audit.sample_index >= size) {
    throw new SetupError(
      `Audit phase 'output_caching': sample_index=${audit.sample_index} is out of range [0, ${size}) for dataset with ${size} samples`,
    );
  }
  const base = join(reportDir, "audit");
  mkdirSync(base, { recursive: true });
  const cacheReset = restartHook
    ? await runHook(restartHook, io)
    : "not reset: no --audit-restart-hook; a server that caches outputs may pass falsely";
  const reference = await phase(config, io, "reference", join(base, "reference"), audit.samples);
  const repeated = await phase(
    config,
    io,
    "output_caching",
    join(base, "output_caching"),
    audit.audit_samples ?? audit.samples,
    { fixedRow: audit.sample_index },
  );
  const result: AuditReport = {
    ...outputCachingVerdict(reference, repeated, audit.threshold),
    cache_reset: cacheReset,
  };
  writeAtomic(join(base, "audit_output_caching_test.json"), `${JSON.stringify(result, null, 2)}\n`);
  writeAtomic(
    join(base, "verify_OUTPUT_CACHING_TEST.txt"),
    `Performance check pass: ${result.passed ? "True" : "False"}\n`,
  );
  io.log(`Audit output_caching_test ${result.passed ? "PASS" : "FAIL"} — ${result.reason}`);
  return result;
}
