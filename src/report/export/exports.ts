/**
 * @module report/export/exports — the files `report DIR --export NAME` (and `--export-events`) write: upstream's events.jsonl and sample_idx_map.json.
 *
 * Opt-in: both are derived from events.db at any time, which stays the record of the run.
 * Names are checked before anything is written, so a typo costs no work.
 */
import { join } from "node:path";
import { InputError } from "../../errors.ts";
import { EVENTS_DB_FILE } from "../../record/events-db.ts";
import { EVENTS_JSONL_FILE, writeEventsJsonl } from "./events-jsonl.ts";
import { SAMPLE_IDX_MAP_FILE, writeSampleIdxMap } from "./sample-idx-map.ts";

export const EXPORT_NAMES = [EVENTS_JSONL_FILE, SAMPLE_IDX_MAP_FILE] as const;
type ExportName = (typeof EXPORT_NAMES)[number];

/** The names as exports, each once, in the order given; an unknown one is an input error naming it. */
export function checkExportNames(names: readonly string[]): ExportName[] {
  if (names.length === 0) throw new InputError(`--export needs a file name: ${EXPORT_NAMES.join(" or ")}`);
  for (const name of names) {
    if (!(EXPORT_NAMES as readonly string[]).includes(name))
      throw new InputError(`unknown export '${name}' (known: ${EXPORT_NAMES.join(", ")})`);
  }
  return [...new Set(names)] as ExportName[];
}

/** Writes each export into `reportDir` from its events.db; returns one line per file saying what was written. */
export function writeExports(reportDir: string, names: readonly ExportName[]): string[] {
  const dbPath = join(reportDir, EVENTS_DB_FILE);
  return names.map((name) => {
    const path = join(reportDir, name);
    if (name === EVENTS_JSONL_FILE) return `wrote ${path} (${writeEventsJsonl(dbPath, path)} events)`;
    const { phases, samples } = writeSampleIdxMap(dbPath, path);
    return `wrote ${path} (${samples} samples in ${phases} phase${phases === 1 ? "" : "s"})`;
  });
}
