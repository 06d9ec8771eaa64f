/**
 * @module sweep/sweep-from-argv — `sweep` from its argv: the flags of `benchmark online` for
 * every step (and YAML, `-c FILE`) plus the sweep's own, each kind of step's config checked
 * before the first request, then sweep/sweep-in-dir.
 */
import { join } from "node:path";
import { buildConfig } from "../config/build-config.ts";
import { flagsFor, type FlagSpec } from "../config/flags.ts";
import { parseFlags } from "../config/parse-argv.ts";
import { rejectPositionals } from "../config/reject-positionals.ts";
import { yamlConfigIfGiven } from "../config/yaml-config-if-given.ts";
import { InputError } from "../errors.ts";
import { runIoOf, type ConsoleIo } from "../run/console-io.ts";
import { parseSweepFlags, stepPattern, SWEEP_FLAGS } from "./sweep-flags.ts";
import { sweepInDir } from "./sweep-in-dir.ts";
import { stepDurationMs, stepOverrides, type StepSettings } from "./step-config.ts";
import type { StepKind } from "./sweep-step.ts";
import { pairDataset, type IslOsl } from "./grid-cells.ts";
import { gridFingerprint } from "./resume-cells.ts";

/** Overrides a step sets itself; the user's load pattern and report directory give way to them. */
const STEP_OWNED = /^(settings\.load_pattern\.(type|target_qps|target_concurrency)|report_dir)$/;

function sweepSpecs(): FlagSpec[] {
  const configFlag = flagsFor("from-config").filter((f) => f.path === "config");
  return [...flagsFor("online"), ...configFlag]
    .map((f) => ({ ...f, commands: [...f.commands, "sweep"] }))
    .concat(SWEEP_FLAGS);
}

export async function sweepFromArgv(argv: string[], io: ConsoleIo): Promise<number> {
  const parsed = parseFlags(argv, "sweep", sweepSpecs());
  rejectPositionals(parsed.positionals, "sweep");
  const { plan: flagPlan, outDir: requestedDir, overrides } = parseSweepFlags(parsed.overrides);
  const yaml = await yamlConfigIfGiven(parsed.configPath);
  const base = Object.fromEntries(Object.entries(overrides).filter(([k]) => !STEP_OWNED.test(k)));
  const { ratePattern, warnings } = stepPattern(flagPlan.mode, overrides, yaml);
  for (const warning of warnings) io.stderr(`warning: sweep: ${warning}\n`);
  const settings: StepSettings = { ratePattern, streaming: null, durationMs: null };
  const grid = flagPlan.pairs.length > 0;
  if (grid && parsed.datasets.length > 0)
    throw new InputError("--isl-osl sets each cell's dataset (random,isl=…,osl=…): drop --dataset", {
      hint: "add --tokenizer DIR for exact token counts",
    });
  const yamlDatasets = (yaml as { datasets?: unknown[] } | undefined)?.datasets;
  if (grid && Array.isArray(yamlDatasets) && yamlDatasets.length > 0)
    io.stderr("warning: sweep: the config's datasets are replaced by each --isl-osl cell's random,isl=…,osl=…\n");
  const configFor = (kind: StepKind, offered: number | null, dir: string, pair: IslOsl | null = null) =>
    buildConfig({
      command: kind === "max_throughput" ? "offline" : "online",
      yaml,
      datasets: pair ? [pairDataset(pair)] : parsed.datasets,
      ...(parsed.mode ? { mode: parsed.mode } : {}),
      overrides: { ...base, report_dir: dir, ...stepOverrides(kind, offered, settings) },
    });
  // Every kind of step's config is checked before the first request: a bad flag or field costs nothing.
  const checkDir = join(requestedDir ?? "sweep", "check");
  const checked = configFor(
    flagPlan.mode === "concurrencies" ? "concurrency" : "rate",
    flagPlan.values[0] ?? 1,
    checkDir,
    flagPlan.pairs[0] ?? null,
  );
  // The pass mark is the SLO's share as every step's own report judges it: --slo …,p= over the config's slo.percentile.
  const plan = parseSweepFlags(parsed.overrides, checked.slo.percentile).plan;
  settings.streaming = checked.model_params.streaming;
  settings.durationMs = stepDurationMs(checked.settings.runtime);
  if (plan.mode === "auto") configFor("concurrency", 1, checkDir);
  if (plan.mode === "auto" || plan.mode === "find") configFor("max_throughput", null, checkDir);
  // The SLO as the steps will judge it: flags over the config's `slo:`.
  // A TTFO limit is named only when set, so a sweep without one writes the same slo block as before.
  const slo = {
    ttft_ms: checked.slo.ttft_ms,
    tpot_ms: checked.slo.tpot_ms,
    latency_ms: checked.slo.latency_ms,
    ...(checked.slo.ttfo_ms !== null ? { ttfo_ms: checked.slo.ttfo_ms } : {}),
  };
  // A TTFO limit alone is an SLO too: the steps' own goodput judges it (metrics/goodput).
  const noLimit = slo.ttft_ms === null && slo.tpot_ms === null && slo.latency_ms === null;
  if (plan.mode === "find" && noLimit && checked.slo.ttfo_ms === null) {
    throw new InputError("--find max-goodput needs --slo (or the config's slo:)", {
      hint: "e.g. --slo ttft:500ms,tpot:50ms,p=99",
    });
  }
  return sweepInDir({
    plan,
    slo,
    requestedDir: requestedDir ?? null,
    configFor,
    grid: grid ? { fingerprint: gridFingerprint(checked, plan.mode) } : null,
    runs: checked.runs,
    testMode: parsed.mode ?? "perf",
    runIo: runIoOf(io, parsed.quiet),
    stdout: io.stdout,
    stderr: io.stderr,
  });
}
