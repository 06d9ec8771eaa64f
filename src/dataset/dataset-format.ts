/**
 * @module dataset/dataset-format — which reader a dataset path needs and the table
 * from file format to reader.
 *
 * `format=` wins (with or without the leading dot); otherwise `hf://` paths and directories
 * are `huggingface` and files go by their extension. Unknown formats and extensions are an
 * InputError naming the path, with a `format=` hint.
 */
import { extname } from "node:path";
import { InputError } from "../errors.ts";
import type { FileRows } from "./file-rows.ts";
import { readCsvRows } from "./load-csv.ts";
import { readJsonRows } from "./load-json.ts";
import { readJsonlRows } from "./load-jsonl.ts";

export const FILE_FORMATS = [".jsonl", ".json", ".csv", ".parquet"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];
type DatasetFormat = FileFormat | "huggingface";
const ALL_FORMATS: readonly DatasetFormat[] = [...FILE_FORMATS, "huggingface"];

/** The Parquet reader and its codecs load on first use: they cost start-up time a JSONL run should not pay. */
function readParquetRows(path: string): FileRows {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (require("./load-parquet.ts") as typeof import("./load-parquet.ts")).readParquetRows(path);
}

const READERS: Readonly<Record<FileFormat, (path: string) => FileRows>> = {
  ".jsonl": readJsonlRows,
  ".json": readJsonRows,
  ".csv": readCsvRows,
  ".parquet": readParquetRows,
};

const HF_URI_PREFIX = "hf://";

export function isHfUri(path: string): boolean {
  return path.startsWith(HF_URI_PREFIX);
}

function isDatasetFormat(value: string): value is DatasetFormat {
  return (ALL_FORMATS as readonly string[]).includes(value);
}

/** `jsonl`, `.JSONL` → `.jsonl`; `HuggingFace` → `huggingface`. */
function normaliseFormat(format: string): string {
  const lower = format.trim().toLowerCase();
  return lower === "huggingface" || lower.startsWith(".") ? lower : `.${lower}`;
}

/** The file format of a path's extension, or null when it is not a dataset extension. */
export function formatOfExtension(path: string): FileFormat | null {
  const extension = extname(path).toLowerCase();
  return (FILE_FORMATS as readonly string[]).includes(extension) ? (extension as FileFormat) : null;
}

/** The format to read `path` with: the explicit `format`, else hf:// or a directory, else the extension. */
export function resolveDatasetFormat(path: string, format?: string | null, isDirectory = false): DatasetFormat {
  if (format !== undefined && format !== null && format.trim() !== "") {
    const resolved = normaliseFormat(format);
    if (!isDatasetFormat(resolved)) {
      throw new InputError(`${path}: unsupported dataset format '${format}'`, {
        hint: `use one of format=${ALL_FORMATS.join(", ")}`,
      });
    }
    if (isHfUri(path) && resolved !== "huggingface") {
      throw new InputError(`${path}: an hf:// dataset cannot be read as format ${resolved}`, {
        hint: "drop format= (or use format=huggingface) for hf:// paths",
      });
    }
    return resolved;
  }
  if (isHfUri(path) || isDirectory) return "huggingface";
  const byExtension = formatOfExtension(path);
  if (byExtension) return byExtension;
  throw new InputError(`${path}: unsupported dataset extension '${extname(path)}'`, {
    hint: `name the format, e.g. --dataset ${path},format=.jsonl (one of ${ALL_FORMATS.join(", ")})`,
  });
}

/** Reads one file with the reader for `format`. */
export function readFileRows(path: string, format: FileFormat): FileRows {
  return READERS[format](path);
}
