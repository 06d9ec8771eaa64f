/**
 * @module sweep/sweep-in-dir — a sweep run into its directory: each step a run of its own under
 * it, sweep.json and sweep.html rewritten after every step, Ctrl-C kept.
 *
 * The directory is claimed by its sweep.json (as a run's by its events.db), so a second sweep
 * never overwrites a first — except a grid given its own directory again, which resumes there
 * (sweep/resume-cells); sweep.json exists from the start, also when the first step fails
 * before making its own directory. Ctrl-C or SIGTERM stops after the step under way (the runs
 * handle the signal themselves) and keeps every finished step.
 */
import { writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { ExitCode } from "../errors.ts";
import { prepareReportDir } from "../run/report-dir.ts";
import type { RunIo } from "../run/open-run.ts";
import { runBenchmark } from "../run/run-benchmark.ts";
import { repeatRuns } from "../run/run-repeats.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import { runShellHook } from "../run/shell-hook.ts";
import { emptySweepResult, runSweep, type SweepPlan, type SweepResult } from "./run-sweep.ts";
import { renderSweepHtml, type SweepSlo } from "./sweep-html.ts";
import type { StepKind } from "./sweep-step.ts";
import { sweepLines } from "./sweep-text.ts";
import { cellDirName, type IslOsl } from "./grid-cells.ts";
import { finishedCell, resumesGrid, type GridRecord } from "./resume-cells.ts";
import { type CurrentStep, sweepStatusLines } from "./sweep-status.ts";

const BEFORE_STEP_HINT =
  "the command must exit 0 (e.g. reset the server's prefix cache); the sweep stops rather than measure a step it did not prepare";

interface SweepInDir {
  plan: SweepPlan;
  slo: SweepSlo;
  /** `--report-dir`, or null for `sweep_<time>` here. */
  requestedDir: string | null;
  /** The config of one step (of a grid's cell: of `pair`), writing its report into `dir`. */
  configFor: (kind: StepKind, offered: number | null, dir: string, pair: IslOsl | null) => BenchmarkConfig;
  /** A grid's record (sweep/resume-cells): its directory is resumed when it holds this one's; else null. */
  grid: GridRecord | null;
  /** `--runs N`: each step's runs (a resumed cell is done when it holds N complete ones). */
  runs: number;
  testMode: "perf" | "acc" | "both";
  runIo: RunIo;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** A step's directory name: `step-01-rate-20`, `step-02-concurrency-8`, `step-03-max-throughput`. */
function stepDirName(index: number, kind: StepKind, offered: number | null): string {
  return `step-${String(index).padStart(2, "0")}-${kind === "max_throughput" ? "max-throughput" : `${kind}-${offered}`}`;
}

/** A grid cell's report directory under the sweep's: `<sweep>/isl1024-osl128/c4`. */
const cellDir = (outDir: string, kind: StepKind, offered: number | null, pair: IslOsl) =>
  join(outDir, cellDirName({ pair, kind: kind === "rate" ? "rate" : "concurrency", offered: offered ?? 0 }));

/** Runs the sweep; its exit code (0, or interrupted); prints the table and where the files are. */
export async function sweepInDir(s: SweepInDir): Promise<number> {
  let stopped = false;
  const onSignal = () => {
    stopped = true;
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const resumed = s.grid !== null && resumesGrid(s.requestedDir, s.grid.fingerprint);
  const outDir = resumed
    ? resolve(s.requestedDir as string)
    : prepareReportDir(s.requestedDir ?? undefined, { prefix: "sweep", claimFile: "sweep.json" });
  if (resumed) s.runIo.log(`sweep: resuming the grid in ${outDir}: cells that completed there are kept`);
  const grid = s.grid ? { grid: s.grid } : {};
  let saved: SweepResult | null = null;
  const save = (r: SweepResult) => {
    saved = r;
    writeFileSync(join(outDir, "sweep.json"), `${JSON.stringify({ ...r, slo: s.slo, ...grid }, null, 2)}\n`);
    writeFileSync(join(outDir, "sweep.html"), renderSweepHtml(r, s.slo));
  };
  writeFileSync(
    join(outDir, "sweep.json"),
    `${JSON.stringify({ ...emptySweepResult(s.plan), slo: s.slo, ...grid }, null, 2)}\n`,
  );
  let current: CurrentStep | null = null;
  const runIo: RunIo = {
    ...s.runIo,
    statusLines: (width) => sweepStatusLines(saved ?? emptySweepResult(s.plan), current, width),
  };
  try {
    const result = await runSweep(s.plan, {
      run: async (kind, offered, index, pair) => {
        current = { index, kind, offered };
        if (s.plan.beforeEachStep)
          await runShellHook(s.plan.beforeEachStep, "--before-each-step", s.runIo.log, BEFORE_STEP_HINT);
        const dir = pair ? cellDir(outDir, kind, offered, pair) : join(outDir, stepDirName(index, kind, offered));
        const config = s.configFor(kind, offered, dir, pair);
        if (config.runs > 1) {
          // `--runs N`: the step's directory holds run-1 … run-N and repeats.json, as a benchmark's does.
          const repeated = await repeatRuns(config, runIo, s.testMode, {
            beforeRun: (i) => s.runIo.log(`sweep: step ${index}: run ${i} of ${config.runs}`),
          });
          const last = repeated.summaries[repeated.summaries.length - 1] as ResultSummary;
          return {
            summary: last,
            reportDir: repeated.dir,
            runs: repeated.summaries,
            warnings: repeated.repeats.warnings,
          };
        }
        const outcome = await runBenchmark(config, runIo, s.testMode);
        return { summary: outcome.summary, reportDir: outcome.reportDir };
      },
      ...(resumed
        ? {
            finished: (kind: StepKind, offered: number, pair: IslOsl) => {
              const reportDir = cellDir(outDir, kind, offered, pair);
              const done = finishedCell(reportDir, s.runs);
              return done ? { ...done, reportDir } : null;
            },
          }
        : {}),
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
    const repeated = result.steps.find((step) => step.repeats)?.repeats;
    if (repeated)
      s.stdout(
        `each step: the mean of ${repeated.runs} runs; sweep.json's steps[].repeats has each figure's ${repeated.confidence_pct} % t-interval and CV\n`,
      );
    for (const warning of result.warnings) s.stderr(`warning: sweep: ${warning}\n`);
    s.stderr(`sweep: ${join(outDir, "sweep.json")}, ${join(outDir, "sweep.html")}\n`);
    return result.state === "complete" ? 0 : ExitCode.interrupted;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
