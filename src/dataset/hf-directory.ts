/**
 * @module dataset/hf-directory — finds the data files of one config and split in a directory
 * laid out like a Hugging Face dataset repository, and reads them as one dataset.
 *
 * Layouts understood (file names sort into shard order):
 * - `data/train-00000-of-00002.parquet` — the hub's default config (`data/` or the top level);
 * - `<config>/train-00000-of-00001.parquet` — one directory per config;
 * - `<config>/<split>/0000.parquet` — the hub's Parquet conversion (`refs/convert/parquet`);
 *   `partial-<split>` directories count as `<split>`;
 * - `*.parquet` directly (`part-0.parquet`, `0000.parquet`, …).
 * A file's split is its name before `-NNNNN-of-NNNNN` or a trailing `-N`/`_N`/`.N` shard number;
 * a purely numeric name takes its directory's name. Its config is the directory above that
 * (`default` for the top level and `data/`). Without `config=`, `default` (or the only config)
 * is used; without `split=`, `train`, then `test`, then the first split by name.
 * Parquet is preferred; `.jsonl`, `.json` and `.csv` data files are read when a split has no
 * Parquet. The selected shards are concatenated in name order.
 */
import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { InputError } from "../errors.ts";
import { FILE_FORMATS, formatOfExtension, readFileRows, type FileFormat } from "./dataset-format.ts";
import { concatFileRows, type FileRows } from "./file-rows.ts";

export interface HfSelection {
  config?: string | null;
  split?: string | null;
}

interface HfDataFiles {
  config: string;
  split: string;
  format: FileFormat;
  /** Absolute paths (root joined with the relative path), in shard order. */
  files: string[];
}

interface DataFile {
  path: string;
  config: string;
  split: string;
  format: FileFormat;
}

const MAX_DEPTH = 4;
/** JSON files that describe a dataset rather than hold its rows. */
const METADATA_FILES = new Set(["dataset_info.json", "dataset_infos.json", "dataset_dict.json", "state.json"]);
const DEFAULT_CONFIG = "default";
const PREFERRED_FORMATS: readonly FileFormat[] = [".parquet", ".jsonl", ".json", ".csv"];

/** The split a file name implies, "" for a bare shard number such as `0000`. */
export function splitOfName(stem: string): string {
  const sharded = /^(.*?)-\d+-of-\d+$/.exec(stem);
  if (sharded) return sharded[1] as string;
  return stem.replace(/^\d+$|[-_.]\d+$/, "");
}

function classify(root: string, path: string, format: FileFormat): DataFile {
  const parts = relative(root, path).split(/[\\/]/);
  const name = (parts.pop() as string).slice(0, -format.length);
  let split = splitOfName(name);
  if (split === "") split = (parts.pop() ?? "").replace(/^partial-/, "");
  const config = parts.join("/");
  return { path, split, format, config: config === "" || config === "data" ? DEFAULT_CONFIG : config };
}

function listDataFiles(root: string, dir: string, depth: number, out: DataFile[]): void {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith(".")) continue;
    const path = join(dir, entry.name);
    // The hub cache links snapshot files to blobs, so a symlink may be a file or a directory.
    if (entry.isDirectory() || (entry.isSymbolicLink() && existsSync(path) && statSync(path).isDirectory())) {
      if (depth < MAX_DEPTH) listDataFiles(root, path, depth + 1, out);
      continue;
    }
    const format = formatOfExtension(entry.name);
    if (format && !METADATA_FILES.has(entry.name)) out.push(classify(root, path, format));
  }
}

function noDataError(root: string): InputError {
  // save_to_disk directories (with dataset_dict.json or state.json) are read by dataset/hf-saved-dataset.
  if (readdirSync(root).some((name) => name.endsWith(".arrow"))) {
    return new InputError(`${root}: Arrow files without the state.json or dataset_dict.json that save_to_disk writes`, {
      hint: "point at the directory save_to_disk wrote (it holds dataset_dict.json or state.json)",
    });
  }
  return new InputError(`${root}: no data files (${FILE_FORMATS.join(", ")}) found`, {
    hint: "point at a directory of Parquet shards such as data/train-00000-of-00001.parquet, or at one file",
  });
}

function pick(
  found: readonly string[],
  wanted: string | null | undefined,
  defaults: readonly string[],
  what: string,
  where: string,
): string {
  const shown = (name: string) => (name === "" ? "(unnamed)" : name);
  if (wanted) {
    if (found.includes(wanted)) return wanted;
    throw new InputError(`${where}: no ${what} '${wanted}' (${what}s: ${found.map(shown).join(", ")})`, {
      hint: `pick one with ${what}=${found.find((name) => name !== "") ?? "NAME"}`,
    });
  }
  const preferred = defaults.find((name) => found.includes(name));
  if (preferred !== undefined) return preferred;
  if (what === "config" && found.length > 1) {
    throw new InputError(`${where}: holds several configs: ${found.join(", ")}`, {
      hint: `pick one with config=${found[0]}`,
    });
  }
  return found[0] as string;
}

/** The data files of the chosen config and split under `root`. Throws InputError. */
export function findHfDataFiles(root: string, selection: HfSelection = {}): HfDataFiles {
  const all: DataFile[] = [];
  listDataFiles(root, root, 0, all);
  if (all.length === 0) throw noDataError(root);
  const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
  const config = pick(sorted(all.map((file) => file.config)), selection.config, [DEFAULT_CONFIG], "config", root);
  const inConfig = all.filter((file) => file.config === config);
  const split = pick(
    sorted(inConfig.map((file) => file.split)),
    selection.split,
    ["train", "test"],
    "split",
    `${root} (config ${config})`,
  );
  const inSplit = inConfig.filter((file) => file.split === split);
  const format = PREFERRED_FORMATS.find((candidate) => inSplit.some((file) => file.format === candidate)) as FileFormat;
  const files = inSplit
    .filter((file) => file.format === format)
    .map((file) => file.path)
    .sort();
  return { config, split, format, files };
}

/** Reads the chosen config and split of a Hugging Face-style directory as one dataset. */
export function readHfDirectoryRows(root: string, selection: HfSelection = {}): FileRows {
  const { files, format } = findHfDataFiles(root, selection);
  return concatFileRows(files.map((file) => readFileRows(file, format)));
}
