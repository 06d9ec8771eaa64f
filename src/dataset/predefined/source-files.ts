/**
 * @module dataset/predefined/source-files — reading the files a predefined dataset is made from:
 * one named file, a file found by name in a directory, one config of a hub-style directory, and
 * cells that must be text.
 *
 * A directory may hold the same data in several formats (upstream's cache holds Parquet,
 * the hub repository CSV or JSONL); Parquet is preferred, then JSONL, JSON and CSV. File names
 * match case-insensitively, as hub repositories spell configs both ways (`AIME2025-I`,
 * `aime2025-I.jsonl`).
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { InputError } from "../../errors.ts";
import { formatOfExtension, readFileRows, resolveDatasetFormat, type FileFormat } from "../dataset-format.ts";
import { concatFileRows, type DatasetRow } from "../file-rows.ts";
import { findHfDataFiles } from "../hf-directory.ts";
import type { SourceRows } from "./predefined-types.ts";

const FORMAT_PREFERENCE: readonly FileFormat[] = [".parquet", ".jsonl", ".json", ".csv"];

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** Reads one data file, its format taken from the extension. */
export function readSourceFile(path: string): SourceRows {
  const format = resolveDatasetFormat(path) as FileFormat;
  return { ...readFileRows(path, format), path };
}

/** The data file in `dir` named `<stem>.<ext>` for one of `stems`, or null. */
export function findDataFile(dir: string, stems: readonly string[]): string | null {
  if (!isDirectory(dir)) return null;
  const wanted = new Set(stems.map((stem) => stem.toLowerCase()));
  const found = readdirSync(dir).filter((name) => {
    const format = formatOfExtension(name);
    return format !== null && wanted.has(name.slice(0, -format.length).toLowerCase()) && !isDirectory(join(dir, name));
  });
  const rank = (name: string) => FORMAT_PREFERENCE.indexOf(formatOfExtension(name) as FileFormat);
  const best = found.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))[0];
  return best === undefined ? null : join(dir, best);
}

/** The sub-directory of `root` named `config` (any case), or null. */
function configDirectory(root: string, config: string): string | null {
  if (!isDirectory(root)) return null;
  const name = readdirSync(root).find((entry) => entry.toLowerCase() === config.toLowerCase());
  return name !== undefined && isDirectory(join(root, name)) ? name : null;
}

/**
 * Rows of `config`/`split` in a hub-style directory (`<config>/<split>/0000.parquet`, the
 * hub's Parquet conversion, or `<config>/<split>-00000-of-00001.parquet`); null when `root`
 * has no directory for that config.
 */
export function readHubConfig(root: string, config: string, split: string): SourceRows | null {
  const name = configDirectory(root, config);
  if (name === null) return null;
  const { files, format } = findHfDataFiles(root, { config: name, split });
  return { ...concatFileRows(files.map((file) => readFileRows(file, format))), path: join(root, name) };
}

/** Appends sources in order; the path is their common directory, else every part's path. */
export function concatSources(parts: readonly SourceRows[]): SourceRows {
  const directories = new Set(parts.map((part) => dirname(part.path)));
  const path =
    directories.size === 1 && parts.length > 1
      ? ([...directories][0] as string)
      : parts.map((part) => part.path).join(" + ");
  return { ...concatFileRows(parts), path };
}

/**
 * A cell as text: strings as they are, finite numbers and booleans via String(). Throws
 * InputError naming the row for a missing, null or structured value.
 */
export function textCell(source: SourceRows, index: number, column: string): string {
  const row = source.rows[index] as DatasetRow;
  const value = row[column];
  if (typeof value === "string") return value;
  if (typeof value === "boolean" || (typeof value === "number" && Number.isFinite(value))) return String(value);
  const what = value === undefined ? "missing" : value === null ? "null" : `not text (${JSON.stringify(value)})`;
  throw new InputError(
    `${source.locate(index)}: column '${column}' is ${what}; columns: ${Object.keys(row).join(", ")}`,
    {
      hint: "the file does not have the expected shape; point source= at the original dataset files",
    },
  );
}

/** True when every one of `columns` is a key of the first row. */
export function hasColumns(source: SourceRows, columns: readonly string[]): boolean {
  const first = source.rows[0];
  return first !== undefined && columns.every((column) => Object.hasOwn(first, column));
}
