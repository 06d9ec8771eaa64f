/**
 * @module compare/compare-sweep-dirs — `compare A B` when both are sweep directories: read their sweep.json, compare
 * (compare/compare-sweeps; with repeats on both sides, Welch's test per step: compare/compare-sweep-repeats), print, gate.
 *
 * Sweeps whose steps ran N times (`sweep --runs N`) are judged as two `benchmark --runs` directories
 * are, at `--confidence`; one with repeats against one without is refused, as a repeats directory
 * against a single run is, and so is `--confidence` on two sweeps of single runs.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ExitCode, InputError } from "../errors.ts";
import { reportRepeatsRows, type Io, type RepeatsCompareOptions } from "./compare-repeat-dirs.ts";
import { compareSweepRepeats, sweepHasRepeats, sweepRuns } from "./compare-sweep-repeats.ts";
import { compareSweeps, type SweepFile } from "./compare-sweeps.ts";
import { renderComparison } from "./render-comparison.ts";

interface SweepCompareOptions extends RepeatsCompareOptions {
  /** True when the user gave --confidence (it needs repeats on both sides). */
  confidenceGiven: boolean;
}

function readSweep(dir: string): SweepFile {
  try {
    return JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")) as SweepFile;
  } catch (error) {
    throw new InputError(`${join(dir, "sweep.json")} is not valid JSON: ${(error as Error).message}`);
  }
}

function nothingInCommon(baseDir: string, nextDir: string, notes: readonly string[]): InputError {
  return new InputError(
    `${baseDir} and ${nextDir} have nothing in common to ` +
      `compare${notes.length > 0 ? `: ${notes.join("; ")}` : ": no answer and no step at one offered load"}`,
    { hint: "compare sweeps of one kind (rates with rates or a search, concurrencies with concurrencies)" },
  );
}

export function compareSweepDirs(baseDir: string, nextDir: string, options: SweepCompareOptions, io: Io): number {
  const [base, next] = [readSweep(baseDir), readSweep(nextDir)];
  const [onBase, onNext] = [sweepHasRepeats(base), sweepHasRepeats(next)];
  if (onBase !== onNext) {
    const [repeated, single] = onBase ? [baseDir, nextDir] : [nextDir, baseDir];
    throw new InputError(`${repeated}'s steps hold repeats (sweep --runs N) and ${single}'s do not`, {
      hint: "compare two sweeps run with --runs N, or two run without it",
    });
  }
  const threshold = options.thresholdPct ?? Number.POSITIVE_INFINITY;
  if (onBase) {
    const { rows, notes } = compareSweepRepeats(base, next, options.confidencePct, threshold);
    if (rows.length === 0) throw nothingInCommon(baseDir, nextDir, notes);
    for (const note of notes) io.stderr(`note: ${note}\n`);
    const labels = { base: baseDir, next: nextDir, baseRuns: sweepRuns(base), nextRuns: sweepRuns(next) };
    return reportRepeatsRows(rows, labels, options, io, { notes });
  }
  if (options.confidenceGiven)
    throw new InputError("--confidence applies to repeats on both sides (benchmark --runs N, sweep --runs N)", {
      hint: "the steps of these sweeps are single runs: drop --confidence, or compare two sweeps run with --runs N",
    });
  const { rows, notes } = compareSweeps(base, next, threshold);
  if (rows.length === 0) throw nothingInCommon(baseDir, nextDir, notes);
  for (const note of notes) io.stderr(`note: ${note}\n`);
  if (options.output === "json")
    io.stdout(
      `${JSON.stringify({ base: baseDir, new: nextDir, threshold_pct: options.thresholdPct, metrics: rows, notes }, null, 2)}\n`,
    );
  else io.stdout(renderComparison(rows, baseDir, nextDir, options.thresholdPct));
  const regressed = rows.filter((r) => r.regressed);
  if (options.thresholdPct !== null && regressed.length > 0) {
    io.stderr(`regression: ${regressed.map((r) => r.name).join(", ")} worse by more than ${options.thresholdPct} %\n`);
    return ExitCode.regression;
  }
  return ExitCode.ok;
}
