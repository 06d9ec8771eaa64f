/**
 * @module dataset/hf-saved-dataset — a dataset written by Hugging Face `datasets`'
 * `save_to_disk`: Arrow IPC stream files listed in each split's `state.json`, under a
 * `dataset_dict.json` naming the splits (or one split saved alone). As upstream, `split=`
 * defaults to `train`. Cells become plain values: lists and structs as arrays and objects,
 * 64-bit integers as numbers when they fit.
 *
 * The Arrow reader (the `apache-arrow` package) is loaded only when such a directory is read.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { InputError } from "../errors.ts";
import { concatFileRows, rowNumberLocator, type DatasetRow, type FileRows } from "./file-rows.ts";

const DEFAULT_SPLIT = "train";

type Arrow = typeof import("apache-arrow");

/** Whether `dir` was written by save_to_disk (a dataset dict, or one split). */
export function isSavedDataset(dir: string): boolean {
  return existsSync(join(dir, "dataset_dict.json")) || existsSync(join(dir, "state.json"));
}

function readJson(path: string): Record<string, unknown> {
  try {
    return JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  } catch (error) {
    throw new InputError(`${path}: not readable JSON (${(error as Error).message})`, {
      hint: "the save_to_disk directory looks damaged; save it again",
    });
  }
}

/** The directory of the split to read. */
function splitDirectory(dir: string, split: string | null): string {
  if (!existsSync(join(dir, "dataset_dict.json"))) return dir;
  const splits = readJson(join(dir, "dataset_dict.json")).splits;
  const names = Array.isArray(splits) ? splits.map(String) : [];
  const wanted = split ?? DEFAULT_SPLIT;
  if (!names.includes(wanted)) {
    throw new InputError(`${dir}: the saved dataset has no split '${wanted}' (splits: ${names.join(", ") || "none"})`, {
      hint: `choose one with split=, e.g. split=${names[0] ?? "train"}`,
    });
  }
  return join(dir, wanted);
}

/** A cell as a plain value: Arrow vectors and rows become arrays and objects. */
function plain(arrow: Arrow, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) ? Number(value) : value;
  if (value instanceof arrow.Vector) return Array.from(value as Iterable<unknown>, (v) => plain(arrow, v));
  if (ArrayBuffer.isView(value) && !(value instanceof Uint8Array))
    return Array.from(value as unknown as ArrayLike<number>);
  if (
    typeof value === "object" &&
    typeof (value as { toJSON?: unknown }).toJSON === "function" &&
    !(value instanceof Date)
  ) {
    const object = (value as { toJSON(): Record<string, unknown> }).toJSON();
    return Object.fromEntries(Object.entries(object).map(([k, v]) => [k, plain(arrow, v)]));
  }
  return value;
}

function readArrowFile(arrow: Arrow, path: string): FileRows {
  let table: import("apache-arrow").Table;
  try {
    table = arrow.tableFromIPC(readFileSync(path));
  } catch (error) {
    throw new InputError(`${path}: not a readable Arrow file (${(error as Error).message})`);
  }
  const names = table.schema.fields.map((f) => f.name);
  const columns = names.map((name) => table.getChild(name));
  const rows: DatasetRow[] = [];
  for (let i = 0; i < table.numRows; i++) {
    const row: DatasetRow = {};
    names.forEach((name, c) => {
      row[name] = plain(arrow, columns[c]?.get(i));
    });
    rows.push(row);
  }
  return { rows, locate: rowNumberLocator(path) };
}

/** The rows of `split` (default train) of a save_to_disk directory. Throws InputError. */
export function readSavedDataset(dir: string, split: string | null): FileRows {
  const splitDir = splitDirectory(dir, split);
  const files = readJson(join(splitDir, "state.json"))._data_files;
  const names = Array.isArray(files) ? files.map((f) => String((f as { filename?: unknown }).filename ?? "")) : [];
  if (names.length === 0 || names.some((n) => n === ""))
    throw new InputError(`${join(splitDir, "state.json")}: lists no Arrow data files`);
  const arrow = require("apache-arrow") as Arrow;
  return concatFileRows(names.map((name) => readArrowFile(arrow, join(splitDir, name))));
}
