/**
 * @module import/write-import — a source run written as our run directory: events.db, then the
 * reports our own runs get (report/write-report), so `report`, `compare` and `report pareto` read it
 * as they read ours.
 *
 * Everything is written into a temporary directory beside OUT and renamed onto it at the end: a
 * file refused halfway (or a crash) leaves nothing in OUT. OUT must not exist or be empty.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, rmdirSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { toExactJson } from "../config/exact-json.ts";
import { InputError } from "../errors.ts";
import { EVENTS_DB_FILE, EventsDb } from "../record/events-db.ts";
import { IMPORT_META_KEY, type StoredImport } from "../report/import-schema.ts";
import type { StoredRunConfig } from "../report/write-report.ts";
import { GIT_SHA, VERSION } from "../version.ts";
import { IMPORTED_PHASE, recordsOf, sentInOrder, tokensAfterFirstOf } from "./source-records.ts";
import { TOOL_NAMES, type SourceRun } from "./source-run.ts";

/** What the reports need of the source's config, in the shape a run of ours stores. */
function storedRunConfig(run: SourceRun): StoredRunConfig {
  const loadPattern = { ...run.load };
  return {
    load_pattern: loadPattern,
    early_stopping: true,
    streaming: run.streaming,
    slo: null,
    gpus: null,
    gpu_hour_cost_usd: null,
    submission: null,
    run_config: { load_pattern: loadPattern },
  };
}

/** The source facts the report's `import` block is built from (report/import-figures). */
function storedImport(run: SourceRun): StoredImport {
  return {
    tool: run.tool,
    name: TOOL_NAMES[run.tool],
    version: run.version,
    files: run.files,
    label: run.label,
    notes: run.notes,
    figures: run.figures,
  };
}

/** events.db of `run` in `dir` (which exists and is empty). */
export function writeEventsDb(run: SourceRun, dir: string): void {
  const db = new EventsDb(join(dir, EVENTS_DB_FILE));
  try {
    db.setMeta("tool_version", VERSION);
    if (GIT_SHA) db.setMeta("git_sha", GIT_SHA);
    db.setMeta("report_config", toExactJson(storedRunConfig(run)));
    db.setMeta("t0_epoch_ms", String(run.t0EpochMs ?? 0));
    db.setMeta(IMPORT_META_KEY, JSON.stringify(storedImport(run)));
    const sorted = sentInOrder(run.requests);
    const records = recordsOf(sorted);
    db.startPhase(IMPORTED_PHASE, IMPORTED_PHASE, run.windowStartNs, records.length);
    db.addRecords(records);
    db.setTokensAfterFirst(IMPORTED_PHASE, tokensAfterFirstOf(sorted));
    const endNs = records.reduce((end, r) => Math.max(end, r.doneNs), run.windowStartNs);
    db.endPhase(IMPORTED_PHASE, endNs, records.length, "complete");
    db.setMeta("state", "complete");
  } finally {
    db.close();
  }
}

/** Refuses an OUT that holds anything: an import never mixes with or replaces another run. */
export function checkOutDir(out: string): void {
  if (!existsSync(out)) return;
  if (!statSync(out).isDirectory() || readdirSync(out).length > 0)
    throw new InputError(`--report-dir ${out} already exists and is not an empty directory`, {
      hint: "give a new directory: the import writes a whole run directory there",
    });
}

/** Runs `fill` on a temporary directory beside `out`, then renames it to `out`; on any failure removes it. */
export async function writeAtomically<T>(out: string, fill: (dir: string) => Promise<T> | T): Promise<T> {
  const target = resolve(out);
  checkOutDir(target);
  mkdirSync(dirname(target), { recursive: true });
  const temp = mkdtempSync(join(dirname(target), `.${basename(target)}.importing-`));
  try {
    const result = await fill(temp);
    if (existsSync(target)) rmdirSync(target);
    renameSync(temp, target);
    return result;
  } catch (error) {
    rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}
