/**
 * @module dataset/read-file — reads a dataset file's bytes or text and turns filesystem
 * failures into our errors: a missing path is the user's mistake (InputError, exit 2), any other
 * failure to read (permissions, a directory, I/O) is a setup failure (SetupError, exit 3).
 */
import { readFileSync } from "node:fs";
import { InputError, SetupError } from "../errors.ts";

/** The file's bytes; throws InputError for a missing file and SetupError when it cannot be read. */
export function readDatasetBytes(path: string): Uint8Array {
  try {
    return readFileSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") {
      throw new InputError(`dataset file not found: ${path}`, {
        hint: "check the path; a relative path is resolved from the current directory",
        cause: error,
      });
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new SetupError(`cannot read dataset ${path}: ${reason}`, { cause: error });
  }
}

/** The file decoded as UTF-8 without a leading byte-order mark. */
export function readDatasetText(path: string): string {
  const text = new TextDecoder("utf-8").decode(readDatasetBytes(path));
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/** "a string", "an array", "null" — for messages about unexpected JSON values. */
export function describeJsonType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  const type = typeof value;
  return type === "object" || type === "undefined" ? `an ${type}` : `a ${type}`;
}

/** The error every reader throws for a file without data rows. */
export function emptyDatasetError(path: string, detail: string): InputError {
  return new InputError(`dataset ${path} has no rows`, { hint: detail });
}
