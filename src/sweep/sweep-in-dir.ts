/**
 * @module sweep/sweep-in-dir — a sweep run into its directory: each step a run of its own under
 * it, sweep.json and sweep.html rewritten after every step, Ctrl-C kept.
 *
 * The directory is claimed by its sweep.json (as a run's by its events.db), so a second sweep
 * never overwrites a first; sweep.json exists from the start, also when the first step fails
 * before making its own directory. Ctrl-C or SIGTERM stops after the step under way (the runs
 * handle the signal themselves) and keeps every finished step.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { ExitCode } from "../errors.ts";
import { prepareReportDir } from "../run/report-dir.ts";
import type { RunIo } from "../run/open-run.ts";
import { runBenchmark } from "../run/run-benchmark.ts";
import { runShellHook } from "../run/shell-hook.ts";
import { emptySweepResult, runSweep, type SweepPlan, type SweepResult } from "./run-sweep.ts";
import { renderSweepHtml, type SweepSlo } from "./sweep-html.ts";
import type { StepKind } from "./sweep-step.ts";
import { sweepLines } from "./sweep-text.ts";
import { type CurrentStep, sweepStatusLines } from "./sweep-status.ts";

const BEFORE_STEP_HINT =
  "the command must exit 0 (e.g. reset the server's prefix cache); the sweep stops rather than measure a step it did not prepare";

interface SweepInDir {
  plan: SweepPlan;
  slo: SweepSlo;
  /** `--report-dir`, or null for `sweep_<time>` here. */
  requestedDir: string | null;
  /** The config of one step, writing its report into `dir`. */
  configFor: (kind: StepKind, offered: number | null, dir: string) => BenchmarkConfig;
  testMode: "perf" | "acc" | "both";
  runIo: RunIo;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A step's directory name: `step-01-rate-20`, `step-02-concurrency-8`, `step-03-max-throughput`. */
function stepDirName(index: number, kind: StepKind, offered: number | null): string {
  return `step-${String(index).padStart(2, "0")}-${kind === "max_throughput" ? "max-throughput" : `${kind}-${offered}`}`;
}

/** Runs the sweep; its exit code (0, or interrupted); prints the table and where the files are. */
export async function sweepInDir(s: SweepInDir): Promise<number> {
  let stopped = false;
  const onSignal = () => {
    stopped = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const outDir = prepareReportDir(s.requestedDir ?? undefined, { prefix: "sweep", claimFile: "sweep.json" });
  let saved: SweepResult | null = null;
  const save = (r: SweepResult) => {
    saved = r;
    writeFileSync(join(outDir, "sweep.json"), `${JSON.stringify({ ...r, slo: s.slo }, null, 2)}\n`);
    writeFileSync(join(outDir, "sweep.html"), renderSweepHtml(r, s.slo));
  };
  writeFileSync(
    join(outDir, "sweep.json"),
    `${JSON.stringify({ ...emptySweepResult(s.plan), slo: s.slo }, null, 2)}\n`,
  );
  let current: CurrentStep | null = null;
  const runIo: RunIo = { ...s.runIo, statusLines: () => sweepStatusLines(saved ?? emptySweepResult(s.plan), current) };
  try {
    const result = await runSweep(s.plan, {
      run: async (kind, offered, index) => {
        current = { index, kind, offered };
        if (s.plan.beforeEachStep)
          await runShellHook(s.plan.beforeEachStep, "--before-each-step", s.runIo.log, BEFORE_STEP_HINT);
        const outcome = await runBenchmark(
          s.configFor(kind, offered, join(outDir, stepDirName(index, kind, offered))),
          runIo,
          s.testMode,
        );
        return { summary: outcome.summary, reportDir: outcome.reportDir };
      },
      save,
      log: s.runIo.log,
      stopped: () => stopped,
    }).catch((error: unknown) => {
      // The steps that finished are still the user's answer so far: the table first, then the error.
      if (saved) s.stdout(sweepLines(saved).join("\n") + "\n");
      s.stderr(`sweep: stopped; ${join(outDir, "sweep.json")} keeps the steps so far\n`);
      throw error;
    });
    s.stdout(sweepLines(result).join("\n") + "\n");
    for (const warning of result.warnings) s.stderr(`warning: sweep: ${warning}\n`);
    s.stderr(`sweep: ${join(outDir, "sweep.json")}, ${join(outDir, "sweep.html")}\n`);
    return result.state === "complete" ? 0 : ExitCode.interrupted;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
