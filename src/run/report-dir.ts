/**
 * @module run/report-dir — where a run's files go, created before anything else is written.
 *
 * Default: `reports_YYYYmmdd_HHMMSS` in the current directory (upstream uses $TMPDIR,
 * which cluster nodes wipe; a number you must defend should outlive the node), with `_shard<I>`
 * for a shard of a plan, and `_2`, `_3`… before that when the name is taken (two runs started in
 * one second). `{shard}` in a given path becomes the shard's index, so one command line serves
 * every task of an `srun` or an Indexed Job. A given directory that already holds an events.db is
 * refused rather than mixed with another run (upstream reuses it); the run claims its events.db
 * by creating it exclusively, so two processes given one directory at one instant cannot both have it.
 * A sweep's directory (`sweep_<time>`) is claimed the same way by its sweep.json.
 */
import { closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { InputError, SetupError } from "../errors.ts";
import { EVENTS_DB_FILE } from "../record/events-db.ts";

function timestamp(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}_${pad(date.getHours())}${pad(date.getMinutes())}${pad(date.getSeconds())}`;
}

/** The default directory's `attempt`-th candidate: `<prefix>_<time>[_<attempt>][_shard<I>]`. */
function defaultReportDir(prefix: string, shard: number | null, stamp: string, attempt: number): string {
  return resolve(`${prefix}_${stamp}${attempt > 1 ? `_${attempt}` : ""}${shard === null ? "" : `_shard${shard}`}`);
}

/** Enough for every run one second can start on one machine. */
const MAX_DEFAULT_ATTEMPTS = 1000;

const SHARD_PLACEHOLDER = "{shard}";

interface ReportDirOptions {
  /** The run's shard index (`--shard I/N`), or null. */
  shard?: number | null;
  /** Create events.db exclusively (false: the directory is made, nothing in it). */
  claim?: boolean;
  /** The instant the default name is stamped with (tests). */
  now?: Date;
  /** The default name's start (`reports`; a sweep's `sweep`). */
  prefix?: string;
  /** The file whose presence means the directory is taken, created exclusively as the claim (events.db; a sweep's sweep.json). */
  claimFile?: string;
}

function alreadyHoldsRun(dir: string, claimFile: string): InputError {
  return new InputError(
    `report directory ${dir} already holds a ${claimFile === EVENTS_DB_FILE ? "run" : "sweep"} (${claimFile})`,
    {
      hint:
        `runs are never mixed in one directory (upstream reuses it): give a new --report-dir (or ` +
        `YAML report_dir), drop it for a fresh reports_<time>, or move the old one away (shards: ` +
        `put ${SHARD_PLACEHOLDER} in the path)`,
    },
  );
}

/** Makes `dir` and, unless `claim` is false, creates its claim file exclusively. */
function claimDirectory(dir: string, claim: boolean, claimFile: string): void {
  const events = join(dir, claimFile);
  if (existsSync(events)) throw alreadyHoldsRun(dir, claimFile);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    throw new SetupError(`cannot create report directory ${dir}: ${(error as Error).message}`, { cause: error });
  }
  if (!claim) return;
  try {
    // An empty file is an empty SQLite database: events-db opens it as its own.
    closeSync(openSync(events, "wx"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw alreadyHoldsRun(dir, claimFile);
    throw new SetupError(`cannot create ${events}: ${(error as Error).message}`, { cause: error });
  }
}

export function prepareReportDir(requested: string | null | undefined, options: ReportDirOptions = {}): string {
  const shard = options.shard ?? null;
  if (requested?.includes(SHARD_PLACEHOLDER) && shard === null) {
    throw new InputError(`--report-dir ${requested}: ${SHARD_PLACEHOLDER} names a shard, and this run is not one`, {
      hint: "give --shard I/N (or auto), or drop the placeholder",
    });
  }
  const claim = options.claim ?? true;
  const claimFile = options.claimFile ?? EVENTS_DB_FILE;
  if (requested) {
    const dir = resolve(requested.replaceAll(SHARD_PLACEHOLDER, String(shard)));
    claimDirectory(dir, claim, claimFile);
    return dir;
  }
  // A default name is the run's own: creating the directory itself is the claim (atomic), and a
  // name already there (a run started the same second) moves on to the next suffix.
  const stamp = timestamp(options.now ?? new Date());
  for (let attempt = 1; ; attempt++) {
    const dir = defaultReportDir(options.prefix ?? "reports", shard, stamp, attempt);
    try {
      mkdirSync(dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST" && attempt < MAX_DEFAULT_ATTEMPTS) continue;
      throw new SetupError(`cannot create report directory ${dir}: ${(error as Error).message}`, { cause: error });
    }
    claimDirectory(dir, claim, claimFile);
    return dir;
  }
}
