/**
 * @module cli/commands/sweep — `inference-endpoint sweep`: one full run per step, with the flags
 * (and YAML, `-c FILE`) of `benchmark online`, then sweep.json and sweep.html (sweep/run-sweep).
 *
 * `--rates A,B,C` or `--concurrencies A,B,C`; `--sweep auto` (concurrency 1, max throughput, then
 * `--sweep-steps` rates between); `--find max-goodput --slo ttft:200ms[,p=99]` (the highest rate
 * whose attainment reaches p %, to `--precision`, in at most `--max-steps` rates). Each step is a
 * directory of its own under `--report-dir` (default `sweep_<time>`).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildConfig } from "../../config/build-config.ts";
import { flagsFor, type FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { ExitCode, InputError } from "../../errors.ts";
import type { Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../reject-positionals.ts";
import { prepareReportDir } from "../../run/report-dir.ts";
import { runShellHook } from "../../run/shell-hook.ts";
import { parseSweepFlags, sloPercentile, stepPattern, SWEEP_FLAGS } from "../../sweep/sweep-flags.ts";
import type { SweepResult } from "../../sweep/run-sweep.ts";
import { stepDurationMs, stepOverrides, type StepSettings } from "../../sweep/step-config.ts";
import type { StepKind } from "../../sweep/sweep-step.ts";

/** Overrides a step sets itself; the user's load pattern and report directory give way to them. */
const STEP_OWNED = /^(settings\.load_pattern\.(type|target_qps|target_concurrency)|report_dir)$/;

function sweepSpecs(): FlagSpec[] {
  const configFlag = flagsFor("from-config").filter((f) => f.path === "config");
  return [...flagsFor("online"), ...configFlag]
    .map((f) => ({ ...f, commands: [...f.commands, "sweep"] }))
    .concat(SWEEP_FLAGS);
}

export const sweepCommand: Command = {
  words: ["sweep"],
  summary:
    "one run per rate or concurrency, or a search for the highest rate that meets an SLO; sweep.json and sweep.html",
  help: () =>
    `Usage: inference-endpoint sweep [flags]\n\nEvery flag of \`benchmark online\` applies to ` +
    `each step (see its --help); -c FILE reads a YAML config.\n\nSweep ` +
    `flags:\n${renderFlagHelp(SWEEP_FLAGS)}\nExamples:\n  inference-endpoint sweep --endpoints ` +
    `http://localhost:8000 --model m --dataset prompts.jsonl --duration 60s --rates 10,20,40\n ` +
    ` inference-endpoint sweep --endpoints http://localhost:8000 --model m --dataset ` +
    `prompts.jsonl --duration 60s --find max-goodput --slo ttft:500ms,p=99\n`,
  async run(argv, io) {
    const { argv: rest, percentile } = sloPercentile(argv);
    const parsed = parseFlags(rest, "sweep", sweepSpecs());
    rejectPositionals(parsed.positionals, "sweep");
    const { plan, outDir: requestedDir, overrides } = parseSweepFlags(parsed.overrides, percentile);
    const yaml = parsed.configPath
      ? (await import("../../config/load-yaml.ts")).loadYamlConfig(parsed.configPath)
      : undefined;
    const base = Object.fromEntries(Object.entries(overrides).filter(([k]) => !STEP_OWNED.test(k)));
    const { ratePattern, warnings } = stepPattern(plan.mode, overrides, yaml);
    for (const warning of warnings) io.stderr(`warning: sweep: ${warning}\n`);
    const settings: StepSettings = { ratePattern, streaming: null, durationMs: null };
    const configFor = (kind: StepKind, offered: number | null, dir: string) =>
      buildConfig({
        command: kind === "max_throughput" ? "offline" : "online",
        yaml,
        datasets: parsed.datasets,
        ...(parsed.mode ? { mode: parsed.mode } : {}),
        overrides: { ...base, report_dir: dir, ...stepOverrides(kind, offered, settings) },
      });
    // Every kind of step's config is checked before the first request: a bad flag or field costs nothing.
    const checkDir = join(requestedDir ?? "sweep", "check");
    const checked = configFor(plan.mode === "concurrencies" ? "concurrency" : "rate", plan.values[0] ?? 1, checkDir);
    settings.streaming = checked.model_params.streaming;
    settings.durationMs = stepDurationMs(checked.settings.runtime);
    if (plan.mode === "auto") configFor("concurrency", 1, checkDir);
    if (plan.mode === "auto" || plan.mode === "find") configFor("max_throughput", null, checkDir);
    // The SLO as the steps will judge it: flags over the config's `slo:`.
    const slo = { ttft_ms: checked.slo.ttft_ms, tpot_ms: checked.slo.tpot_ms, latency_ms: checked.slo.latency_ms };
    if (plan.mode === "find" && slo.ttft_ms === null && slo.tpot_ms === null && slo.latency_ms === null) {
      throw new InputError("--find max-goodput needs --slo (or the config's slo:)", {
        hint: "e.g. --slo ttft:500ms,tpot:50ms,p=99",
      });
    }
    const [{ runBenchmark }, { runSweep }, { renderSweepHtml }] = await Promise.all([
      import("../../run/run-benchmark.ts"),
      import("../../sweep/run-sweep.ts"),
      import("../../sweep/sweep-html.ts"),
    ]);
    let stopped = false;
    const onSignal = () => {
      stopped = true;
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
    const runIo = {
      log: (line: string) => io.stderr(`${line}\n`),
      progress: io.stderr,
      progressEnabled: parsed.quiet !== true,
      isTty: parsed.quiet !== true && io.isTty,
    };
    // sweep.json is written after every step, also when a step failed before making its own directory.
    // Claimed by its sweep.json, as a run's directory by its events.db: a second sweep never overwrites a first.
    const outDir = prepareReportDir(requestedDir, { prefix: "sweep", claimFile: "sweep.json" });
    writeFileSync(
      join(outDir, "sweep.json"),
      `${JSON.stringify({ mode: plan.mode, state: "running", percentile: plan.percentile, steps: [], answer: null, warnings: [], slo }, null, 2)}\n`,
    );
    const { sweepLines } = await import("../../sweep/sweep-text.ts");
    let saved: SweepResult | null = null;
    try {
      const result = await runSweep(plan, {
        run: async (kind, offered, index) => {
          if (plan.beforeEachStep)
            await runShellHook(
              plan.beforeEachStep,
              "--before-each-step",
              runIo.log,
              "the command must exit 0 (e.g. reset the server's prefix cache); the sweep stops rather than measure a step it did not prepare",
            );
          const dir = join(
            outDir,
            `step-${String(index).padStart(2, "0")}-${kind === "max_throughput" ? "max-throughput" : `${kind}-${offered}`}`,
          );
          const outcome = await runBenchmark(configFor(kind, offered, dir), runIo, parsed.mode ?? "perf");
          return { summary: outcome.summary, reportDir: outcome.reportDir };
        },
        save: (r) => {
          saved = r;
          writeFileSync(join(outDir, "sweep.json"), `${JSON.stringify({ ...r, slo }, null, 2)}\n`);
          writeFileSync(join(outDir, "sweep.html"), renderSweepHtml(r, slo));
        },
        log: runIo.log,
        stopped: () => stopped,
      }).catch((error: unknown) => {
        // The steps that finished are still the user's answer so far: the table first, then the error.
        if (saved) io.stdout(sweepLines(saved).join("\n") + "\n");
        io.stderr(`sweep: stopped; ${join(outDir, "sweep.json")} keeps the steps so far\n`);
        throw error;
      });
      io.stdout(sweepLines(result).join("\n") + "\n");
      for (const warning of result.warnings) io.stderr(`warning: sweep: ${warning}\n`);
      io.stderr(`sweep: ${join(outDir, "sweep.json")}, ${join(outDir, "sweep.html")}\n`);
      return result.state === "complete" ? 0 : ExitCode.interrupted;
    } finally {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
    }
  },
};
