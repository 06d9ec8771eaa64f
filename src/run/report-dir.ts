/**
 * @module run/report-dir — where a run's files go, created before anything else is written.
 *
 * Default: `reports_YYYYmmdd_HHMMSS` in the current directory (the seed tool uses $TMPDIR,
 * which cluster nodes wipe; a number you must defend should outlive the node), with `_shard<I>`
 * for a shard of a plan. `{shard}` in a given path becomes the shard's index, so one command line
 * serves every task of an `srun` or an Indexed Job. A directory that already holds an events.db
 * is refused rather than mixed with another run; the run claims its events.db by creating it
 * exclusively, so two processes given one directory at one instant cannot both have it.
 */
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError, SetupError } from "../errors.ts";
import { EVENTS_DB_FILE } from "../record/events-db.ts";

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

function defaultReportDir(shard: number | null, now = new Date()): string {
  return resolve(`reports_${timestamp(now)}${shard === null ? "" : `_shard${shard}`}`);
}

const SHARD_PLACEHOLDER = "{shard}";

interface ReportDirOptions {
  /** The run's shard index (`--shard I/N`), or null. */
  shard?: number | null;
  /** Create events.db exclusively (false: the directory is made, nothing in it). */
  claim?: boolean;
}

function alreadyHoldsRun(dir: string): InputError {
  return new InputError(`report directory ${dir} already holds a run (events.db)`, {
    hint: `choose a new --report-dir, or remove the old one (shards: put ${SHARD_PLACEHOLDER} in the path)`,
  });
}

export function prepareReportDir(requested: string | null | undefined, options: ReportDirOptions = {}): string {
  const shard = options.shard ?? null;
  if (requested?.includes(SHARD_PLACEHOLDER) && shard === null) {
    throw new InputError(`--report-dir ${requested}: ${SHARD_PLACEHOLDER} names a shard, and this run is not one`, { hint: "give --shard I/N (or auto), or drop the placeholder" });
  }
  const dir = resolve(requested ? requested.replaceAll(SHARD_PLACEHOLDER, String(shard)) : defaultReportDir(shard));
  const events = join(dir, EVENTS_DB_FILE);
  if (existsSync(events)) throw alreadyHoldsRun(dir);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new SetupError(`cannot create report directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  if (options.claim ?? true) {
    try {
      // An empty file is an empty SQLite database: events-db opens it as its own.
      closeSync(openSync(events, "wx"));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") throw alreadyHoldsRun(dir);
      throw new SetupError(`cannot create ${events}: ${(error as Error).message}`, { cause: error });
    }
  }
  return dir;
}
