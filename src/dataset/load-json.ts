/**
 * @module dataset/load-json — reads a `.json` dataset (pandas `read_json` shapes, as upstream):
 * - records: `[{"prompt": "…"}, …]` (pandas `orient="records"`);
 * - columns: `{"prompt": ["…", …], "id": [1, …]}`, every column the same length;
 * - pandas' default `orient="columns"`: `{"prompt": {"0": "…", "1": "…"}, …}`, every column with
 *   the same index labels; rows follow the first column's label order.
 *
 * Anything else (a scalar, an object of scalars, ragged columns) is an InputError naming the
 * file. The whole file is parsed at once, so JSON suits datasets up to a few hundred MB; use
 * JSONL or Parquet beyond that.
 */
import { InputError } from "../errors.ts";
import { rowNumberLocator, type DatasetRow, type FileRows } from "./file-rows.ts";
import { describeJsonType, emptyDatasetError, readDatasetText } from "./read-file.ts";

const SHAPE_HINT = 'use an array of records [{"prompt": "…"}, …] or an object of columns {"prompt": ["…", …]}';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function neitherError(path: string, detail: string): InputError {
  return new InputError(`${path}: JSON is neither an array of records nor an object of columns: ${detail}`, {
    hint: SHAPE_HINT,
  });
}

function fromRecords(path: string, items: unknown[]): FileRows {
  if (items.length === 0) throw emptyDatasetError(path, "the JSON array is empty");
  const index = items.findIndex((item) => !isPlainObject(item));
  if (index !== -1) {
    throw new InputError(`${path}: row ${index + 1}: expected a JSON object, got ${describeJsonType(items[index])}`, {
      hint: 'an array dataset needs one object per row, e.g. [{"prompt": "…"}]',
    });
  }
  return { rows: items as DatasetRow[], locate: rowNumberLocator(path) };
}

function checkSameLength(path: string, names: string[], lengths: number[]): void {
  if (lengths.every((length) => length === lengths[0])) return;
  const listed = names.slice(0, 6).map((name, i) => `${name} ${lengths[i]}`);
  throw new InputError(`${path}: columns differ in length (${listed.join(", ")}${names.length > 6 ? ", …" : ""})`, {
    hint: "a column-oriented JSON dataset needs the same number of values in every column",
  });
}

function fromArrayColumns(path: string, object: Record<string, unknown[]>, names: string[]): DatasetRow[] {
  checkSameLength(
    path,
    names,
    names.map((name) => (object[name] as unknown[]).length),
  );
  const count = (object[names[0] as string] as unknown[]).length;
  const rows: DatasetRow[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const row: DatasetRow = {};
    for (const name of names) row[name] = (object[name] as unknown[])[i];
    rows[i] = row;
  }
  return rows;
}

function fromIndexedColumns(
  path: string,
  object: Record<string, Record<string, unknown>>,
  names: string[],
): DatasetRow[] {
  const labels = Object.keys(object[names[0] as string] as Record<string, unknown>);
  checkSameLength(
    path,
    names,
    names.map((name) => Object.keys(object[name] as object).length),
  );
  for (const name of names) {
    const column = object[name] as Record<string, unknown>;
    const missing = labels.find((label) => !Object.hasOwn(column, label));
    if (missing !== undefined) {
      throw new InputError(`${path}: column '${name}' has no value for index '${missing}'`, {
        hint: "every column of a pandas-style JSON object needs the same index labels",
      });
    }
  }
  return labels.map((label) => {
    const row: DatasetRow = {};
    for (const name of names) row[name] = (object[name] as Record<string, unknown>)[label];
    return row;
  });
}

function fromColumns(path: string, object: Record<string, unknown>): FileRows {
  const names = Object.keys(object);
  if (names.length === 0) throw emptyDatasetError(path, "the JSON object has no columns");
  let rows: DatasetRow[];
  if (names.every((name) => Array.isArray(object[name]))) {
    rows = fromArrayColumns(path, object as Record<string, unknown[]>, names);
  } else if (names.every((name) => isPlainObject(object[name]))) {
    rows = fromIndexedColumns(path, object as Record<string, Record<string, unknown>>, names);
  } else {
    const odd = names.find((name) => !Array.isArray(object[name]) && !isPlainObject(object[name])) ?? names[0];
    const detail = odd === undefined ? "mixed column shapes" : `column '${odd}' holds ${describeJsonType(object[odd])}`;
    throw neitherError(path, detail);
  }
  if (rows.length === 0) throw emptyDatasetError(path, "every column of the JSON object is empty");
  return { rows, locate: rowNumberLocator(path) };
}

/** Reads `path` as one JSON document of records or columns. Throws InputError/SetupError. */
export function readJsonRows(path: string): FileRows {
  const text = readDatasetText(path);
  if (text.trim() === "") throw emptyDatasetError(path, "the file is empty");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const looksLikeJsonl = /^\s*\{.*\}[ \t\r]*\n\s*\{/.test(text);
    throw new InputError(`${path}: invalid JSON: ${reason}`, {
      hint: looksLikeJsonl ? "the file looks like JSON Lines (one object per line): add format=.jsonl" : SHAPE_HINT,
      cause: error,
    });
  }
  if (Array.isArray(value)) return fromRecords(path, value);
  if (isPlainObject(value)) return fromColumns(path, value);
  throw neitherError(path, `the document is ${describeJsonType(value)}`);
}
