/**
 * @module dataset/load-dataset — turns a dataset spec (path, format, parser) into rows that are
 * ready for request building: read the file, remap columns (spec §3.2 steps 1–2), and check that
 * every row has a prompt, messages or token ids.
 *
 * The whole dataset is held in memory as plain objects, so fetching a sample during the run is
 * O(1). Only JSONL is read today; .json, .csv, .parquet and huggingface are recognised and
 * refused with a hint until their readers land.
 */
import { basename, extname } from "node:path";
import { InputError } from "../errors.ts";
import { collectColumns, remapColumns } from "./column-remap.ts";
import { readJsonl } from "./load-jsonl.ts";
import { assertRowsHavePrompts } from "./prompt-check.ts";

/** One dataset row: column name → value, as parsed from the file. */
export type DatasetRow = Record<string, unknown>;

export interface DatasetSpec {
  path: string;
  /** `.jsonl .json .csv .parquet huggingface` (leading dot optional); null → from the extension. */
  format?: string | null;
  /** `{target: source_column}`, e.g. `{prompt: "article"}`. */
  parser?: Record<string, string> | null;
  /** Defaults to the file name without its extension. */
  name?: string | null;
}

export interface Dataset {
  name: string;
  path: string;
  rows: DatasetRow[];
  columns: string[];
}

/** Formats the seed tool knows, so we can say "not supported yet" rather than "unknown". */
const KNOWN_FORMATS = [".jsonl", ".json", ".csv", ".parquet", "huggingface"] as const;
type KnownFormat = (typeof KNOWN_FORMATS)[number];
const SUPPORTED_FORMATS: ReadonlySet<KnownFormat> = new Set([".jsonl"]);

function isKnownFormat(value: string): value is KnownFormat {
  return (KNOWN_FORMATS as readonly string[]).includes(value);
}

function normaliseFormat(format: string): string {
  const lower = format.trim().toLowerCase();
  return lower === "huggingface" || lower.startsWith(".") ? lower : `.${lower}`;
}

/** The format to read `path` with: the explicit `format`, else the file extension. */
export function resolveDatasetFormat(path: string, format?: string | null): KnownFormat {
  let resolved: string;
  if (format !== undefined && format !== null && format.trim() !== "") {
    resolved = normaliseFormat(format);
    if (!isKnownFormat(resolved)) {
      throw new InputError(`unsupported dataset format '${format}'`, {
        hint: `use format=.jsonl (recognised: ${KNOWN_FORMATS.join(", ")})`,
      });
    }
  } else {
    resolved = extname(path).toLowerCase();
    if (!isKnownFormat(resolved) || resolved === "huggingface") {
      throw new InputError(`unsupported dataset extension '${resolved}'`, {
        hint: `use format=.jsonl if ${path} holds one JSON object per line, e.g. --dataset ${path},format=.jsonl`,
      });
    }
  }
  if (!SUPPORTED_FORMATS.has(resolved)) {
    throw new InputError(`format ${resolved} is not supported yet`, {
      hint:
        "convert the data to JSONL (one JSON object per line), e.g. with pandas: " +
        "df.to_json('data.jsonl', orient='records', lines=True)",
    });
  }
  return resolved;
}

/** Loads, remaps and checks a dataset. Throws InputError (exit 2) or SetupError (exit 3). */
export function loadDataset(spec: DatasetSpec): Dataset {
  const name = spec.name || basename(spec.path, extname(spec.path));
  resolveDatasetFormat(spec.path, spec.format);
  const { rows: fileRows, lineNumbers } = readJsonl(spec.path);
  const { rows, columns } = remapColumns(fileRows, collectColumns(fileRows), spec.parser, name);
  assertRowsHavePrompts(rows, columns, (index) => `${spec.path}:${lineNumbers[index] ?? index + 1}`);
  return { name, path: spec.path, rows, columns };
}
