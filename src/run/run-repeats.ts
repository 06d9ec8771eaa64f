/**
 * @module run/run-repeats — `--runs N`: N complete runs in sequence into DIR/run-1 … run-N, then DIR/repeats.json.
 *
 * Each run is a normal run (its own events.db, result_summary.json and reports) with the same
 * config, so `report`, `compare` and scripts read one as they read any run. The spread is
 * computed from the result_summary.json files the runs wrote (report/repeats-summary), and
 * DIR/report.txt holds it as text. DIR is claimed by creating repeats.json exclusively, as a
 * sweep claims its directory by sweep.json. A run stopped early (a signal, --run-timeout) ends the
 * repeats: the figures cover the runs before it, and say so. `benchmark` and each step of a
 * `sweep` repeat through here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { TestMode } from "../config/flags.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import type { ResultSummary } from "../report/result-summary.ts";
import type { RepeatsSummary } from "../report/repeats-schema.ts";
import { REPEATS_FILE } from "../report/repeats-summary.ts";
import { writeRepeatsFiles } from "../report/write-repeats.ts";
import type { BenchmarkOutcome } from "./finish-run.ts";
import type { RunIo } from "./open-run.ts";
import { prepareReportDir } from "./report-dir.ts";
import { runBenchmark } from "./run-benchmark.ts";

interface RepeatHooks {
  /** Before run `index` (1-based) starts, writing into `runDir`. */
  beforeRun?: (index: number, runDir: string) => void;
  /** After each run (its exports, its console summary). */
  afterRun?: (outcome: BenchmarkOutcome) => void | Promise<void>;
}

interface RepeatedRuns {
  dir: string;
  repeats: RepeatsSummary;
  /** The runs' result_summary.json files as written, in order. */
  summaries: ResultSummary[];
}

/** Runs `config.runs` times into `config.report_dir` (or a new reports_<time>). */
export async function repeatRuns(
  config: BenchmarkConfig,
  runIo: RunIo,
  mode: TestMode,
  hooks: RepeatHooks = {},
): Promise<RepeatedRuns> {
  const dir = prepareReportDir(config.report_dir, { claimFile: REPEATS_FILE });
  const done: { dir: string; summary: ResultSummary }[] = [];
  for (let i = 1; i <= config.runs; i++) {
    const runName = `run-${i}`;
    hooks.beforeRun?.(i, join(dir, runName));
    const outcome = await runBenchmark({ ...config, report_dir: join(dir, runName) }, runIo, mode);
    await hooks.afterRun?.(outcome);
    // The file the run wrote, not the object in memory: repeats.json is what a recomputation from the files gives.
    const file = join(outcome.reportDir, "performance", "result_summary.json");
    done.push({ dir: runName, summary: JSON.parse(readFileSync(file, "utf8")) as ResultSummary });
    if (outcome.stopReason !== null) {
      runIo.log(`warning: run ${i} stopped early (${outcome.stopReason}); no further runs`);
      break;
    }
  }
  const { repeats } = writeRepeatsFiles(
    dir,
    done.map((d) => d.dir),
    config.runs,
  );
  return { dir, repeats, summaries: done.map((d) => d.summary) };
}
