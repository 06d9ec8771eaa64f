/**
 * @module report/write-repeats — a `--runs N` directory's own files: repeats.json and report.txt, from its runs' result_summary.json.
 *
 * Written after the last run (run/run-repeats), and again by `report DIR` on such a directory,
 * which first rebuilds every run's reports from its events.db: the figures are always those the
 * run directories hold, so a recomputation from their files gives the same answer.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { RepeatsSummary } from "./repeats-schema.ts";
import { buildRepeatsSummary, REPEATS_FILE } from "./repeats-summary.ts";
import { renderRepeatsText } from "./repeats-text.ts";
import { writeReportFiles } from "./write-report.ts";

const REPORT_TEXT_FILE = "report.txt";
const RUN_DIR = /^run-(\d+)$/;

/** Reads each run's result_summary.json, writes repeats.json and report.txt into `dir`; returns them. */
export function writeRepeatsFiles(
  dir: string,
  runNames: readonly string[],
  runsRequested: number,
): { repeats: RepeatsSummary; text: string } {
  const runs = runNames.map((name) => ({
    dir: name,
    summary: JSON.parse(readFileSync(join(dir, name, "performance", "result_summary.json"), "utf8")) as Record<
      string,
      unknown
    >,
  }));
  const repeats = buildRepeatsSummary(runs, runsRequested);
  writeFileSync(join(dir, REPEATS_FILE), `${JSON.stringify(repeats, null, 2)}\n`);
  const text = renderRepeatsText(repeats);
  writeFileSync(join(dir, REPORT_TEXT_FILE), text);
  return { repeats, text };
}

/** `report DIR` on a repeats directory: every run-N rebuilt from its events.db, then the repeats' files. */
export function rebuildRepeats(dir: string): { repeats: RepeatsSummary; text: string } {
  const runNames = readdirSync(dir)
    .filter((name) => RUN_DIR.test(name) && existsSync(join(dir, name, "events.db")))
    .sort((a, b) => Number(RUN_DIR.exec(a)?.[1]) - Number(RUN_DIR.exec(b)?.[1]));
  for (const name of runNames) writeReportFiles(join(dir, name));
  let requested = runNames.length;
  try {
    const previous = JSON.parse(readFileSync(join(dir, REPEATS_FILE), "utf8")) as { runs_requested?: unknown };
    if (typeof previous.runs_requested === "number") requested = previous.runs_requested;
  } catch {
    // An empty repeats.json (the repeats were killed before the last run): the runs found are the count.
  }
  return writeRepeatsFiles(dir, runNames, Math.max(requested, runNames.length, 1));
}
