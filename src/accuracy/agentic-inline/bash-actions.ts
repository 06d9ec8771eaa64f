/**
 * @module accuracy/agentic-inline/bash-actions — the normalised executables of an assistant turn's
 * `bash` tool calls, the coding-domain ground truth of `agentic_inference_inline`, and the multiset
 * IoU that compares two such lists.
 *
 * Per call named `bash`: arguments (a JSON string, or an object already) → `command`, or `cmd` when
 * `command` is falsy in Python's sense; quoted substrings blanked; split into stages on `||`, `|`,
 * `&&`, `;` and newlines; per stage, leading `NAME=value` tokens and wrapper words dropped; the first
 * token's basename lower-cased, a trailing `.N` / `.N.N` version removed, then mapped through the
 * alias table. Executables outside the table (cd, echo, …) are not actions.
 */
import { PY_SPACE } from "../python-space.ts";

/** One tool call as recorded in a dataset row or merged from a model's response. */
export interface ToolCallOut {
  id?: string;
  type?: string;
  function: { name: string; arguments: string | Record<string, unknown> };
}

/**
 * Python's `str.isspace()` set, which `str.split()` and `re`'s `\s` use. JS `\s` differs: it
 * lacks U+001C–U+001F and U+0085 and adds U+FEFF.
 */
export const PYTHON_SPACE = `[${PY_SPACE}]`;

const ALIASES = new Map<string, string>([
  ...["python", "python2", "python3", "py"].map((name) => [name, "python"] as const),
  ...["pip", "pip3"].map((name) => [name, "pip"] as const),
  ["sphinx-build", "sphinx"],
  ["sphinx-quickstart", "sphinx"],
  ["less", "cat"],
  ["more", "cat"],
  ...["egrep", "fgrep", "rg", "ag"].map((name) => [name, "grep"] as const),
  ["gawk", "awk"],
  ["locate", "find"],
  [".", "source"],
  ["wget", "curl"],
  ["apt-get", "apt"],
  // Names that map to themselves.
  ...[
    "pytest",
    "pylint",
    "cython",
    "make",
    "conda",
    "cat",
    "head",
    "tail",
    "wc",
    "diff",
    "grep",
    "sed",
    "awk",
    "tr",
    "sort",
    "uniq",
    "cut",
    "find",
    "ls",
    "xargs",
    "cp",
    "mv",
    "rm",
    "mkdir",
    "touch",
    "tee",
    "source",
    "which",
    "alias",
    "unset",
    "export",
    "git",
    "curl",
    "true",
    "false",
    "timeout",
    "date",
    "apt",
    "yum",
  ].map((name) => [name, name] as const),
]);

/** Words that run the next word as the command; compared before the basename is taken, so `/usr/bin/sudo` is not one. */
const WRAPPERS = new Set(["env", "time", "nice", "sudo", "exec", "command"]);

// `.` in the double-quoted form is Python's (anything but \n), not JS's (which also refuses \r, U+2028, U+2029).
const QUOTED = /'[^']*'|"(?:[^"\\]|\\[^\n])*"|`[^`]*`/g;
const STAGE_SEPARATOR = /\|\||\||&&|;|\n/;
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;
// Python's `\d` is any Unicode decimal digit.
const VERSION_SUFFIX = /\.\p{Nd}+(?:\.\p{Nd}+)?$/u;
const SPACE_RUN = new RegExp(`${PYTHON_SPACE}+`);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Python truthiness of a decoded JSON value (`x or y` picks `y` when this is false). */
function pyTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isRecord(value)) return Object.keys(value).length > 0;
  return true;
}

/** The command string of one tool call, or null when it is not a readable bash call. */
function bashCommand(call: unknown): string | null {
  if (!isRecord(call)) return null;
  const fn = call.function;
  if (!isRecord(fn) || fn.name !== "bash") return null;
  let args: unknown = fn.arguments;
  if (typeof args === "string") {
    try {
      args = JSON.parse(args);
    } catch {
      // Upstream skips a call whose arguments are not JSON (it also accepts NaN/Infinity, JSON.parse does not).
      return null;
    }
  }
  if (!isRecord(args)) return null;
  const command = pyTruthy(args.command) ? args.command : args.cmd;
  return typeof command === "string" ? command : null;
}

/** The action of one pipeline stage, or null when its executable is not in the alias table. */
function stageAction(stage: string): string | null {
  const tokens = stage.split(SPACE_RUN).filter((token) => token !== "");
  let first = 0;
  while (first < tokens.length && (ASSIGNMENT.test(tokens[first] ?? "") || WRAPPERS.has(tokens[first] ?? ""))) first++;
  const word = tokens[first];
  if (word === undefined) return null;
  const executable = word
    .slice(word.lastIndexOf("/") + 1)
    .toLowerCase()
    .replace(VERSION_SUFFIX, "");
  return ALIASES.get(executable) ?? null;
}

/** The normalised executables of the `bash` calls among `toolCalls`, in call then stage order. */
export function bashActions(toolCalls: readonly ToolCallOut[]): string[] {
  const actions: string[] = [];
  for (const call of toolCalls as readonly unknown[]) {
    const command = bashCommand(call);
    if (command === null) continue;
    for (const stage of command.replace(QUOTED, " ").split(STAGE_SEPARATOR)) {
      const action = stageAction(stage);
      if (action !== null) actions.push(action);
    }
  }
  return actions;
}

function counts(items: readonly string[]): Map<string, number> {
  const tally = new Map<string, number>();
  for (const item of items) tally.set(item, (tally.get(item) ?? 0) + 1);
  return tally;
}

/**
 * Σ min(counts) / Σ max(counts) over the union of items. 0 when both lists are empty; the scorer
 * never asks, since a coding turn needs at least one ground-truth action to be scored.
 */
export function multisetIou(a: readonly string[], b: readonly string[]): number {
  const ca = counts(a);
  const cb = counts(b);
  let shared = 0;
  let union = 0;
  for (const key of new Set([...ca.keys(), ...cb.keys()])) {
    const x = ca.get(key) ?? 0;
    const y = cb.get(key) ?? 0;
    shared += Math.min(x, y);
    union += Math.max(x, y);
  }
  return union === 0 ? 0 : shared / union;
}
