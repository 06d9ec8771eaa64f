/**
 * @module import/read-source-file — another tool's file read and checked against the shape we
 * expect, or refused in one line naming the file and what was expected.
 *
 * A file cut short (a run killed while writing, a copy that stopped) shows as JSON that ends
 * early or a last JSONL line that is not JSON; both are said so, not as a parser's position.
 * Integers past 2^53 (AIPerf's epoch nanoseconds) are read exactly (config/exact-json).
 */
import { existsSync, readFileSync } from "node:fs";
import type { z } from "zod";
import { parseExactJson } from "../config/exact-json.ts";
import { InputError } from "../errors.ts";

function textOf(file: string, expected: string): string {
  if (!existsSync(file)) throw new InputError(`${file}: no such file; expected ${expected}`);
  return readFileSync(file, "utf8");
}

function parsed(text: string, file: string, expected: string, where = ""): unknown {
  try {
    return parseExactJson(text);
  } catch {
    const truncated = text.trim().length > 0 && !/[}\]]\s*$/.test(text);
    throw new InputError(
      `${file}${where}: ${truncated ? "ends before its JSON does (truncated?)" : "is not JSON"}; expected ${expected}`,
    );
  }
}

/** `path.to[3].field` of a zod issue. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i > 0 ? "." : ""}${String(k)}`)).join("");
}

/** `value` as `schema` has it, or an InputError naming the file, the first field that does not fit and what was expected. */
export function checked<T extends z.ZodType>(
  schema: T,
  value: unknown,
  file: string,
  expected: string,
  where = "",
): z.infer<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const path = issue ? issuePath(issue.path) : "";
  const what = !issue
    ? "does not fit"
    : /received undefined$/.test(issue.message)
      ? `lacks ${path || "its fields"}`
      : `${path ? `${path}: ` : ""}${issue.message.replace(/^Invalid input: /, "")}`;
  throw new InputError(`${file}${where}: ${what}; expected ${expected}`);
}

/** A JSON file checked against `schema`. */
export function readJsonFile<T extends z.ZodType>(schema: T, file: string, expected: string): z.infer<T> {
  return checked(schema, parsed(textOf(file, expected), file, expected), file, expected);
}

/** A JSON Lines file, each line checked against `schema`; an empty file is refused. */
export function readJsonLines<T extends z.ZodType>(schema: T, file: string, expected: string): z.infer<T>[] {
  const lines = textOf(file, expected)
    .split("\n")
    .map((line, i) => ({ line, number: i + 1 }))
    .filter(({ line }) => line.trim() !== "");
  if (lines.length === 0) throw new InputError(`${file}: is empty; expected ${expected}`);
  return lines.map(({ line, number }) => {
    const where = ` line ${number}`;
    return checked(schema, parsed(line, file, expected, where), file, expected, where);
  });
}

/** An integer the source wrote (a number, or a bigint past 2^53) as a bigint. */
export function bigOf(v: number | bigint): bigint {
  return typeof v === "bigint" ? v : BigInt(Math.round(v));
}
