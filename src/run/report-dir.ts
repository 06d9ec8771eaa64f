/**
 * @module run/report-dir — where a run's files go, created before anything else is written.
 *
 * Default: `reports_YYYYmmdd_HHMMSS` in the current directory (the seed tool uses $TMPDIR,
 * which cluster nodes wipe; a number you must defend should outlive the node). A directory that
 * already holds an events.db is refused rather than mixed with another run.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError, SetupError } from "../errors.ts";
import { EVENTS_DB_FILE } from "../record/events-db.ts";

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

function defaultReportDir(now = new Date()): string {
  return resolve(`reports_${timestamp(now)}`);
}

export function prepareReportDir(requested: string | null | undefined): string {
  const dir = resolve(requested ?? defaultReportDir());
  if (existsSync(join(dir, EVENTS_DB_FILE))) {
    throw new InputError(`report directory ${dir} already holds a run (events.db)`, {
      hint: "choose a new --report-dir, or remove the old one",
    });
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new SetupError(`cannot create report directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  return dir;
}
