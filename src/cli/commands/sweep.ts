/**
 * @module cli/commands/sweep — `inference-endpoint sweep`: one full run per step, with the flags
 * (and YAML, `-c FILE`) of `benchmark online`, then sweep.json and sweep.html (sweep/run-sweep).
 *
 * `--rates A,B,C` or `--concurrencies A,B,C`; `--sweep auto` (concurrency 1, max throughput, then
 * `--sweep-steps` rates between); `--find max-goodput --slo ttft:200ms[,p=99]` (the highest rate
 * whose attainment reaches p %, to `--precision`, in at most `--max-steps` rates). Each step is a
 * directory of its own under `--report-dir` (default `sweep_<time>`).
 */
import { join } from "node:path";
import { buildConfig } from "../../config/build-config.ts";
import { flagsFor, type FlagSpec } from "../../config/flags.ts";
import { parseFlags } from "../../config/parse-argv.ts";
import { InputError } from "../../errors.ts";
import { runIoOf, type Command } from "../command.ts";
import { renderFlagHelp } from "../flag-help.ts";
import { rejectPositionals } from "../reject-positionals.ts";
import { parseSweepFlags, sloPercentile, stepPattern, SWEEP_FLAGS } from "../../sweep/sweep-flags.ts";
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
    const { sweepInDir } = await import("../../sweep/sweep-in-dir.ts");
    return sweepInDir({
      plan,
      slo,
      requestedDir: requestedDir ?? null,
      configFor,
      testMode: parsed.mode ?? "perf",
      runIo: runIoOf(io, parsed.quiet),
      stdout: io.stdout,
      stderr: io.stderr,
    });
  },
};
