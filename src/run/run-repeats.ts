/**
 * @module run/run-repeats — `benchmark --runs N`: N complete runs in sequence into DIR/run-1 … run-N, then DIR/repeats.json.
 *
 * Each run is a normal run (its own events.db, result_summary.json and reports) with the same
 * config, so `report`, `compare` and scripts read one as they read any run. The spread is
 * computed from the result_summary.json files the runs wrote (report/repeats-summary), and
 * DIR/report.txt holds it as text. DIR is claimed by creating repeats.json exclusively, as a
 * sweep claims its directory by sweep.json. A run stopped early (a signal, --run-timeout) ends the
 * repeats: the figures cover the runs before it, and say so.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { accuracyLines } from "../accuracy/accuracy-text.ts";
import type { TestMode } from "../config/flags.ts";
import type { BenchmarkConfig } from "../config/schema/schema.ts";
import { renderConsoleSummary } from "../report/report-text.ts";
import { buildRepeatsSummary, REPEATS_FILE } from "../report/repeats-summary.ts";
import { renderRepeatsText } from "../report/repeats-text.ts";
import type { ConsoleIo } from "./console-io.ts";
import type { RunIo } from "./open-run.ts";
import { prepareReportDir } from "./report-dir.ts";
import { runBenchmark } from "./run-benchmark.ts";

const REPORT_TEXT_FILE = "report.txt";

export interface RepeatsOptions {
  /** After each run, in its directory (`--export-events`). */
  afterRun?: (runDir: string) => void | Promise<void>;
}

/** Runs `config.runs` times; returns the repeats' directory. */
export async function runRepeats(
  config: BenchmarkConfig,
  io: ConsoleIo,
  runIo: RunIo,
  mode: TestMode,
  options: RepeatsOptions = {},
): Promise<string> {
  const dir = prepareReportDir(config.report_dir, { claimFile: REPEATS_FILE });
  const done: { dir: string; summary: Record<string, unknown> }[] = [];
  for (let i = 1; i <= config.runs; i++) {
    const runName = `run-${i}`;
    io.stderr(`run ${i} of ${config.runs}: ${join(dir, runName)}\n`);
    const outcome = await runBenchmark({ ...config, report_dir: join(dir, runName) }, runIo, mode);
    await options.afterRun?.(outcome.reportDir);
    io.stdout(renderConsoleSummary(outcome.summary, accuracyLines(outcome.accuracy)));
    // The file the run wrote, not the object in memory: repeats.json is what a recomputation from the files gives.
    const file = join(outcome.reportDir, "performance", "result_summary.json");
    done.push({ dir: runName, summary: JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown> });
    if (outcome.stopReason !== null) {
      io.stderr(`warning: run ${i} stopped early (${outcome.stopReason}); no further runs\n`);
      break;
    }
  }
  const repeats = buildRepeatsSummary(done, config.runs);
  writeFileSync(join(dir, REPEATS_FILE), `${JSON.stringify(repeats, null, 2)}\n`);
  const text = renderRepeatsText(repeats);
  writeFileSync(join(dir, REPORT_TEXT_FILE), text);
  io.stdout(`\n${text}`);
  return dir;
}
