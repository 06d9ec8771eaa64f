/**
 * @module cli/commands/benchmark — `benchmark offline|online|from-config`: flags (and YAML) → config → run.
 *
 * CLI flags override YAML. The console gets the summary on stdout; progress, warnings and the
 * report directory go to stderr. `--export-events` writes upstream's events.jsonl and
 * sample_idx_map.json after a run that succeeded (`report DIR --export` does it for any run).
 */
import { buildConfig } from "../../config/build-config.ts";
import { configWarnings } from "../../config/rules/config-warnings.ts";
import { plannedTooSmall } from "../../mlperf/rules-submission.ts";
import { InputError } from "../../errors.ts";
import { resolveTestMode } from "../../config/rules/rule-context.ts";
import { flagsFor, type BenchmarkCommand } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { renderConsoleSummary } from "../../report/report-text.ts";
import { runIoOf, type Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../reject-positionals.ts";

const EXAMPLES: Record<BenchmarkCommand, string> = {
  offline:
    "inference-endpoint benchmark offline --endpoints http://localhost:8000 --model Qwen/Qwen3-8B --dataset datasets/dummy_1k.jsonl --duration 0",
  online:
    "inference-endpoint benchmark online --endpoints http://localhost:8000 --model " +
    "Qwen/Qwen3-8B --dataset datasets/dummy_1k.jsonl --load-pattern poisson --target-qps 100",
  "from-config": "inference-endpoint benchmark from-config -c online_template.yaml --report-dir results/run1",
};

const SUMMARIES: Record<BenchmarkCommand, string> = {
  offline: "max-throughput run: every request due at once, as many in flight as connections allow",
  online: "sustained load: Poisson arrivals at --target-qps, or a fixed --concurrency",
  "from-config": "run a benchmark described by a YAML file (flags given here override it)",
};

function benchmarkCommand(mode: BenchmarkCommand): Command {
  return {
    words: ["benchmark", mode],
    summary: SUMMARIES[mode],
    help: () =>
      `Usage: inference-endpoint benchmark ${mode} ` +
      `[flags]\n\n${SUMMARIES[mode]}.\n\nFlags:\n${renderFlagHelp(flagsFor(mode))}\nExample:\n  ` +
      `${EXAMPLES[mode]}\n`,
    async run(argv, io) {
      const parsed = parseFlags(argv, mode);
      rejectPositionals(parsed.positionals, `benchmark ${mode}`);
      const yaml =
        mode === "from-config" && parsed.configPath
          ? (await import("../../config/load-yaml.ts")).loadYamlConfig(parsed.configPath)
          : undefined;
      // -vv is upstream's DEBUG logging: here, every line the workers print.
      const overrides =
        parsed.verbosity >= 2 ? { "settings.client.log_level": "DEBUG", ...parsed.overrides } : parsed.overrides;
      const config = buildConfig({
        command: mode,
        yaml,
        overrides,
        datasets: parsed.datasets,
        ...(parsed.mode ? { mode: parsed.mode } : {}),
        ...(parsed.configPath ? { source: parsed.configPath } : {}),
      });
      const testMode = resolveTestMode(config.type, parsed.mode);
      for (const warning of configWarnings(config, testMode)) io.stderr(`warning: ${warning}\n`);
      const tooSmall = plannedTooSmall(config);
      if (tooSmall.length > 0 && parsed.strict) {
        throw new InputError(`${tooSmall[0]}: refused by --strict`, {
          hint: "raise the numbers shown, or drop --strict to run anyway (the verdict will be INVALID)",
        });
      }
      for (const problem of tooSmall) io.stderr(`warning: ${problem}; the verdict will be INVALID\n`);
      const { describeRun, runBenchmark } = await import("../../run/run-benchmark.ts");
      if (parsed.dryRun) {
        io.stdout(await describeRun(config, testMode));
        return 0;
      }
      const runIo = runIoOf(io, parsed.quiet);
      let reportDir: string;
      if (config.audit?.only) {
        // As upstream: `only` skips the main benchmark and runs the audit alone.
        reportDir = (await import("../../run/report-dir.ts")).prepareReportDir(config.report_dir, { claim: false });
      } else {
        const outcome = await runBenchmark(config, runIo, testMode);
        if (parsed.exportEvents) {
          const { EXPORT_NAMES, writeExports } = await import("../../report/export/exports.ts");
          for (const line of writeExports(outcome.reportDir, EXPORT_NAMES)) io.stderr(`${line}\n`);
        }
        const { accuracyLines } = await import("../../accuracy/index.ts");
        io.stdout(renderConsoleSummary(outcome.summary, accuracyLines(outcome.accuracy)));
        reportDir = outcome.reportDir;
      }
      if (config.audit) {
        const { runOutputCachingAudit } = await import("../../mlperf/run-output-caching.ts");
        const result = await runOutputCachingAudit(config, reportDir, runIo, parsed.auditRestartHook ?? null);
        io.stderr(`report: ${reportDir}\n`);
        if (!result.passed) {
          io.stderr(`error: Compliance audit ${result.test} FAILED: ${result.reason}\n`);
          return 1;
        }
        return 0;
      }
      io.stderr(`report: ${reportDir}\n`);
      return 0;
    },
  };
}

export const benchmarkOfflineCommand = benchmarkCommand("offline");
export const benchmarkOnlineCommand = benchmarkCommand("online");
export const benchmarkFromConfigCommand = benchmarkCommand("from-config");
