/**
 * @module dataset/load-dataset — turns a dataset spec into rows that are ready for request
 * building: read the file(s), keep the first `max_rows` rows, apply the prompt
 * `template`, remap columns, and check that every row has a prompt, messages or token ids.
 *
 * Sources: a `.jsonl`, `.json`, `.csv` or `.parquet` file (by `format=` or extension); a
 * directory laid out like a Hugging Face dataset (`format=huggingface`, or any directory), or
 * one written by `save_to_disk` (dataset/hf-saved-dataset); or
 * `hf://datasets/<org>/<name>[@rev]` from the local hub cache. Loading is synchronous and
 * never uses the network; `loadDatasetAsync` downloads an uncached `hf://` dataset first.
 *
 * Choices that are ours: `max_rows=N` keeps the first N rows in file order (upstream's
 * `samples` is stored and not used, here too) before anything else, so later checks only look at rows that will be sent;
 * `template` is applied to the file's own columns and writes `prompt`, so it cannot be
 * combined with `parser.prompt`. The whole dataset is held in memory as plain objects, so
 * fetching a sample during the run is O(1).
 */
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";
import { pathStem } from "./path-stem.ts";
import { InputError } from "../errors.ts";
import { collectColumns, remapColumns } from "./column-remap.ts";
import { formatOfExtension, isHfUri, readFileRows, resolveDatasetFormat, type FileFormat } from "./dataset-format.ts";
import type { DatasetRow, FileRows, RowLocator } from "./file-rows.ts";
import { findHfSnapshot, notCachedError, parseHfUri, type Env } from "./hf-cache.ts";
import { isSavedDataset, readSavedDataset } from "./hf-saved-dataset.ts";
import { readHfDirectoryRows, type HfSelection } from "./hf-directory.ts";
import { attachMediaColumns, mediaBaseDir } from "./media-columns.ts";
import { assertOneChoicePerRow, assertRowsHavePrompts } from "./prompt-check.ts";
import { applyPromptTemplate } from "./prompt-template.ts";

export type { DatasetRow } from "./file-rows.ts";
export { resolveDatasetFormat } from "./dataset-format.ts";

export interface DatasetSpec {
  /** A file, a directory, or `hf://datasets/<org>/<name>[@rev][/path]`. */
  path: string;
  /** `.jsonl .json .csv .parquet huggingface` (leading dot optional); null → from the path. */
  format?: string | null;
  /** `{target: source_column}`, e.g. `{prompt: "article"}`. */
  parser?: Record<string, string> | null;
  /** Defaults to the file name without its extension (the dataset name for hf://). */
  name?: string | null;
  /** Use only the first N rows (ours). */
  maxRows?: number | null;
  /** Builds `prompt` from `{column}` placeholders, e.g. `Summarize: {article}` (ours). */
  template?: string | null;
  /** Hugging Face split; default `train`, then `test`, then the first one. */
  split?: string | null;
  /** Hugging Face config (subset) name; default `default` or the only one. */
  config?: string | null;
}

export interface LoadOptions {
  /** Environment for HF_HOME, HF_HUB_CACHE, HF_HUB_OFFLINE…; defaults to `process.env`. */
  env?: Env;
}

export interface Dataset {
  name: string;
  path: string;
  rows: DatasetRow[];
  columns: string[];
}

function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

function readDirectoryOrFile(path: string, selection: HfSelection): FileRows {
  if (isDirectory(path)) return readHfDirectoryRows(path, selection);
  if (!existsSync(path))
    throw new InputError(`dataset file not found: ${path}`, { hint: "check the path inside the dataset" });
  return readFileRows(path, resolveDatasetFormat(path) as FileFormat);
}

function readHfUri(uri: string, selection: HfSelection, env: Env): FileRows {
  const ref = parseHfUri(uri);
  const snapshot = findHfSnapshot(ref, env);
  if (snapshot === null) throw notCachedError(ref, env);
  return readDirectoryOrFile(ref.subpath ? join(snapshot, ref.subpath) : snapshot, selection);
}

function readSource(spec: DatasetSpec, env: Env): FileRows {
  const selection: HfSelection = { config: spec.config ?? null, split: spec.split ?? null };
  const format = resolveDatasetFormat(spec.path, spec.format, !isHfUri(spec.path) && isDirectory(spec.path));
  if (format !== "huggingface") return readFileRows(spec.path, format);
  if (isHfUri(spec.path)) return readHfUri(spec.path, selection, env);
  if (!isDirectory(spec.path)) {
    const missing = !existsSync(spec.path);
    throw new InputError(
      `${spec.path}: ${missing ? "dataset directory not found" : "format huggingface needs a directory"}`,
      {
        hint: missing
          ? "check the path"
          : "point at a directory of Parquet shards, or drop format=huggingface to read the file by its extension",
      },
    );
  }
  if (isSavedDataset(spec.path)) return readSavedDataset(spec.path, selection.split ?? null);
  return readHfDirectoryRows(spec.path, selection);
}

/**
 * A prompt-less row of a file read in a format its extension contradicts (`x.jsonl,format=.csv`):
 * the format is the likelier mistake, so the hint says so instead of naming garbled columns.
 */
function formatMismatch(spec: DatasetSpec, error: unknown): unknown {
  const byExtension = formatOfExtension(spec.path);
  if (!(error instanceof InputError) || !spec.format || byExtension === null) return error;
  const read = resolveDatasetFormat(spec.path, spec.format);
  if (read === byExtension || read === "huggingface") return error;
  return new InputError(error.message, {
    hint: `the file was read as ${read} (format=${spec.format}) but its extension says ${byExtension}: drop format= or correct it`,
  });
}

/**
 * The prompt `template`, then the column remap (`parser`, prompt detection), then the media columns as the
 * prompt's content parts (dataset/media-columns), over rows already read and trimmed: a plain dataset's, and a
 * trace's before its times and lengths are read (workload/trace-workload).
 */
export function templateAndRemap(
  fileRows: DatasetRow[],
  spec: Pick<DatasetSpec, "path" | "parser" | "template">,
  name: string,
  locate: RowLocator,
): ReturnType<typeof remapColumns> {
  if (spec.template && spec.parser?.prompt) {
    throw new InputError(`dataset ${name}: template and parser.prompt both set the prompt`, {
      hint: "use template= alone; it can name any column, e.g. template=Q: {question}",
    });
  }
  let rows = fileRows;
  let columns = collectColumns(rows);
  if (spec.template) {
    rows = applyPromptTemplate(rows, columns, spec.template, locate, spec.path);
    if (!columns.includes("prompt")) columns = [...columns, "prompt"];
  }
  const remapped = remapColumns(rows, columns, spec.parser, name);
  const baseDir = mediaBaseDir(spec.path, !isHfUri(spec.path) && isDirectory(spec.path));
  return { ...remapped, ...attachMediaColumns(remapped.rows, remapped.columns, baseDir, locate, remapped.sources) };
}

/** Loads, trims, templates, remaps and checks a dataset. Throws InputError (exit 2) or SetupError (exit 3). */
export function loadDataset(spec: DatasetSpec, options: LoadOptions = {}): Dataset {
  const name = spec.name || pathStem(spec.path);
  const source = readSource(spec, options.env ?? process.env);
  let fileRows = source.rows;
  if (spec.maxRows && spec.maxRows < fileRows.length) fileRows = fileRows.slice(0, spec.maxRows);
  const { rows, columns, sources } = templateAndRemap(fileRows, spec, name, source.locate);
  try {
    assertRowsHavePrompts(rows, columns, source.locate, sources);
  } catch (error) {
    throw formatMismatch(spec, error);
  }
  assertOneChoicePerRow(rows, source.locate);
  return { name, path: spec.path, rows, columns };
}
