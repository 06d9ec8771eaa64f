/**
 * @module run/benchmark-from-argv — `benchmark offline|online|from-config` from its argv: flags
 * (and YAML) → config → the run, its exports and its audit.
 *
 * Flags override YAML. The summary goes to stdout; progress, warnings and the report directory
 * to stderr. `--export-events` writes upstream's events.jsonl and sample_idx_map.json after a
 * run that succeeded (`report DIR --export` does it for any run).
 */
import { accuracyLines } from "../accuracy/accuracy-text.ts";
import { buildConfig } from "../config/build-config.ts";
import type { BenchmarkCommand } from "../config/flags.ts";
import { parseFlags } from "../config/parse-argv.ts";
import { configWarnings } from "../config/rules/config-warnings.ts";
import { resolveTestMode } from "../config/rules/rule-context.ts";
import { yamlConfigIfGiven } from "../config/yaml-config-if-given.ts";
import { InputError } from "../errors.ts";
import { plannedTooSmall } from "../mlperf/rules-submission.ts";
import { renderConsoleSummary } from "../report/report-text.ts";
import { rejectPositionals } from "../config/reject-positionals.ts";
import { runIoOf, type ConsoleIo } from "./console-io.ts";
import { prepareReportDir } from "./report-dir.ts";
import { runOutputCachingAudit } from "./run-output-caching.ts";
import { describeRun, runBenchmark } from "./run-benchmark.ts";

export async function benchmarkFromArgv(mode: BenchmarkCommand, argv: string[], io: ConsoleIo): Promise<number> {
  const parsed = parseFlags(argv, mode);
  rejectPositionals(parsed.positionals, `benchmark ${mode}`);
  const yaml = await yamlConfigIfGiven(mode === "from-config" ? parsed.configPath : undefined);
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
  const testMode = resolveTestMode(config, parsed.mode);
  for (const warning of configWarnings(config, testMode)) io.stderr(`warning: ${warning}\n`);
  const tooSmall = plannedTooSmall(config);
  if (tooSmall.length > 0 && parsed.strict) {
    throw new InputError(`${tooSmall[0]}: refused by --strict`, {
      hint: "raise the numbers shown, or drop --strict to run anyway (the verdict will be INVALID)",
    });
  }
  for (const problem of tooSmall) io.stderr(`warning: ${problem}; the verdict will be INVALID\n`);
  if (parsed.dryRun) {
    const repeats = config.runs > 1 ? `runs: ${config.runs}, in sequence, into DIR/run-1 … run-${config.runs}\n` : "";
    io.stdout((await describeRun(config, testMode)) + repeats);
    return 0;
  }
  const runIo = runIoOf(io, parsed.quiet);
  const exportEvents = async (dir: string) => {
    if (!parsed.exportEvents) return;
    // Loaded only when asked for: the exporters weigh on every run's start-up otherwise.
    const { EXPORT_NAMES, writeExports } = await import("../report/export/exports.ts");
    for (const line of writeExports(dir, EXPORT_NAMES)) io.stderr(`${line}\n`);
  };
  if (config.runs > 1) {
    const { repeatRuns } = await import("./run-repeats.ts");
    const repeated = await repeatRuns(config, runIo, testMode, {
      beforeRun: (i, dir) => io.stderr(`run ${i} of ${config.runs}: ${dir}\n`),
      afterRun: async (outcome) => {
        await exportEvents(outcome.reportDir);
        io.stdout(renderConsoleSummary(outcome.summary, accuracyLines(outcome.accuracy), outcome.stoppedBy));
      },
    });
    // The table is the result (stdout); its CV warnings go to stderr, as every warning does (report.txt keeps both).
    const { renderRepeatsText, repeatsWarningText } = await import("../report/repeats-text.ts");
    io.stdout(`\n${renderRepeatsText(repeated.repeats, false)}`);
    io.stderr(repeatsWarningText(repeated.repeats));
    io.stderr(`report: ${repeated.dir}\n`);
    return 0;
  }
  let reportDir: string;
  if (config.audit?.only) {
    // As upstream: `only` skips the main benchmark and runs the audit alone.
    reportDir = prepareReportDir(config.report_dir, { claim: false });
  } else {
    const outcome = await runBenchmark(config, runIo, testMode);
    await exportEvents(outcome.reportDir);
    io.stdout(renderConsoleSummary(outcome.summary, accuracyLines(outcome.accuracy), outcome.stoppedBy));
    reportDir = outcome.reportDir;
  }
  if (!config.audit) {
    io.stderr(`report: ${reportDir}\n`);
    return 0;
  }
  const result = await runOutputCachingAudit(config, reportDir, runIo, parsed.auditRestartHook ?? null);
  io.stderr(`report: ${reportDir}\n`);
  if (result.passed) return 0;
  io.stderr(`error: Compliance audit ${result.test} FAILED: ${result.reason}\n`);
  return 1;
}
