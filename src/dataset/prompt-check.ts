/**
 * @module dataset/prompt-check — decides whether a row carries something we can send, and
 * rejects a dataset at load time (exit 2) instead of failing request by request mid-run.
 *
 * A row is usable when it has a string `prompt` (or an OpenAI content-part list),
 * a non-empty `messages` list, or an `input_tokens` list of token ids. A row's own `n` (choices
 * per request, forwarded to the server) must be 1 when given: every metric is per sequence, but
 * servers stream all choices in one response (vLLM: one chunk per choice per step) and sum
 * their tokens in one usage, so n = 2 halves TPOT and zeroes ITL with no way to tell the
 * sequences' tokens apart.
 */
import { InputError } from "../errors.ts";
import { isPromptColumnName } from "./column-remap.ts";
import type { RowLocator } from "./file-rows.ts";
import { describeJsonType } from "./read-file.ts";

export type { RowLocator } from "./file-rows.ts";

/** True for a non-empty array of non-negative integers (pre-tokenized input). */
export function isTokenIds(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  for (const id of value) if (!Number.isInteger(id) || id < 0) return false;
  return true;
}

/** True for an OpenAI multimodal content-part list: objects each with a string `type`. */
export function isContentParts(value: unknown): value is Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length === 0) return false;
  return value.every(
    (part) => typeof part === "object" && part !== null && typeof (part as { type?: unknown }).type === "string",
  );
}

/** True when the row has a prompt, messages or token ids a request can be built from. */
function hasUsablePrompt(row: Record<string, unknown>): boolean {
  const { prompt, messages } = row;
  if (typeof prompt === "string" || isContentParts(prompt)) return true;
  if (Array.isArray(messages) && messages.length > 0) return true;
  return isTokenIds(row.input_tokens);
}

/** Why a row's prompt is unusable: the prompt column's type, or what the row lacks. */
function promptProblem(row: Record<string, unknown>, sources: Readonly<Record<string, string>>): string {
  if (row.prompt === undefined)
    return "it needs a string 'prompt', a non-empty 'messages' list or an 'input_tokens' list";
  const from = sources.prompt === undefined ? "" : ` (from '${sources.prompt}')`;
  return `column 'prompt'${from} is ${describeJsonType(row.prompt)}, not a string`;
}

/** A column name worth suggesting: not a JSON fragment (a JSON file read as CSV has those as its header). */
const plausibleColumn = (name: string): boolean => name.length <= 64 && !/^\s*[[{"]/.test(name);

/** The hint: map a string column of the row (by the file's name for it) as the prompt. */
function promptHint(row: Record<string, unknown>, sources: Readonly<Record<string, string>>): string {
  // The parser itself renamed the prompt column away to a name no request reads (YAML `parser: {bogus: prompt}`).
  const renamed = Object.entries(sources).find(
    ([to, from]) => isPromptColumnName(from) && to !== "prompt" && to !== "system",
  );
  if (renamed)
    return `the parser renames the file's column '${renamed[1]}' to '${renamed[0]}', which no request reads; map it as parser.prompt=${renamed[1]}`;
  const general = "map the column that holds the prompt with parser.prompt=<column>";
  const column = Object.keys(row).find(
    (key) => typeof row[key] === "string" && sources[key] === undefined && plausibleColumn(key),
  );
  return column === undefined ? general : `${general} (e.g. parser.prompt=${column})`;
}

/**
 * Throws InputError naming the first row without a usable prompt (its location, and the
 * prompt column's type when it has one), listing the columns and suggesting
 * `parser.prompt=<column>` (with a string column of that row as the example). `sources` maps
 * renamed columns to the file's column names.
 */
export function assertRowsHavePrompts(
  rows: readonly Record<string, unknown>[],
  columns: readonly string[],
  locate: RowLocator,
  sources: Readonly<Record<string, string>> = {},
): void {
  const index = rows.findIndex((row) => !hasUsablePrompt(row));
  if (index === -1) return;
  const row = rows[index] as Record<string, unknown>;
  const listed = columns.length > 0 ? columns.join(", ") : "(none)";
  throw new InputError(
    `${locate(index)}: row has no usable prompt: ${promptProblem(row, sources)}; columns: ${listed}`,
    { hint: promptHint(row, sources) },
  );
}

/** `n` absent, or 1 (a CSV cell "1" too). */
function isOneChoice(n: unknown): boolean {
  return n === undefined || n === null || n === 1 || (typeof n === "string" && n.trim() === "1");
}

/** Throws InputError naming the first row whose `n` is given and is not 1. */
export function assertOneChoicePerRow(rows: readonly Record<string, unknown>[], locate: RowLocator): void {
  const index = rows.findIndex((row) => !isOneChoice(row.n));
  if (index === -1) return;
  const n = (rows[index] as Record<string, unknown>).n;
  throw new InputError(
    `${locate(index)}: field 'n' is ${JSON.stringify(n)}; only n = 1 can be measured (the ` +
      `server would stream every choice in one response and count their tokens together)`,
    { hint: "remove 'n' from the rows or set it to 1; to measure more sequences, send more requests (--num-samples)" },
  );
}
