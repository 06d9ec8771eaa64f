/**
 * @module dataset/load-jsonl — reads a JSONL file (one JSON object per line) into row objects,
 * remembering each row's 1-based line number for later error messages.
 *
 * The file is read whole (fine up to ~1 GB) but decoded in slices cut at newlines, so no single
 * string has to hold the entire file. A UTF-8 byte-order mark, CRLF line ends and blank lines
 * are tolerated. Errors name the path as the user gave it: `data.jsonl:17: invalid JSON: …`.
 */
import { InputError } from "../errors.ts";
import type { FileRows } from "./file-rows.ts";
import { describeJsonType, emptyDatasetError, readDatasetBytes } from "./read-file.ts";

/** Rows of a JSONL file and the 1-based line each came from (`lineNumbers[i]` for `rows[i]`). */
interface JsonlRows {
  rows: Record<string, unknown>[];
  lineNumbers: number[];
}

const SLICE_BYTES = 16 * 1024 * 1024;
const NEWLINE = 0x0a;

/** Parses one non-blank line; throws an InputError naming `path:line` when it is not an object. */
function parseRow(text: string, path: string, line: number): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new InputError(`${path}:${line}: invalid JSON: ${reason}`, {
      hint: "a JSONL dataset needs one complete JSON object on each line",
      cause: error,
    });
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new InputError(`${path}:${line}: expected a JSON object, got ${describeJsonType(value)}`, {
      hint: 'each line must be an object such as {"prompt": "…"}',
    });
  }
  return value as Record<string, unknown>;
}

/** Reads `path` as JSONL: rows plus their line numbers. Throws InputError/SetupError. */
export function readJsonl(path: string): JsonlRows {
  const bytes = readDatasetBytes(path);
  const decoder = new TextDecoder("utf-8");
  const rows: Record<string, unknown>[] = [];
  const lineNumbers: number[] = [];
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  let start = hasBom ? 3 : 0;
  let line = 0;
  while (start < bytes.length) {
    let end = Math.min(start + SLICE_BYTES, bytes.length);
    if (end < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, end - 1);
      end = newline === -1 ? bytes.length : newline + 1;
    }
    const lines = decoder.decode(bytes.subarray(start, end)).split("\n");
    if (lines[lines.length - 1] === "") lines.pop(); // the slice ended with a newline
    for (const raw of lines) {
      line++;
      const text = raw.trim();
      if (text === "") continue;
      rows.push(parseRow(text, path, line));
      lineNumbers.push(line);
    }
    start = end;
  }
  if (rows.length === 0) {
    throw emptyDatasetError(
      path,
      "the file is empty or has only blank lines; a JSONL dataset needs one JSON object per line",
    );
  }
  return { rows, lineNumbers };
}

/** Reads `path` as JSONL; rows are located by their line (`data.jsonl:17`). */
export function readJsonlRows(path: string): FileRows {
  const { rows, lineNumbers } = readJsonl(path);
  return { rows, locate: (index) => `${path}:${lineNumbers[index] ?? index + 1}` };
}

/** Reads `path` as JSONL and returns just the row objects. */
export function loadJsonl(path: string): Record<string, unknown>[] {
  return readJsonl(path).rows;
}
