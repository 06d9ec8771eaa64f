/** @module config/zod-issues — turns zod issues into short, user-facing config problems. */
import type { z } from "zod";
import type { ConfigProblem } from "./config-error.ts";
import { formatPath } from "./object-path.ts";
import { keysAt, leafKindAt } from "./schema/walk.ts";
import { closestMatch } from "./suggest.ts";

type Issue = z.core.$ZodIssue;

/** `'abc'`, `12`, `null`, `a list`, `a mapping` — what the user wrote, briefly. */
function describeValue(value: unknown): string {
  if (typeof value === "string") return `'${value.length > 60 ? `${value.slice(0, 57)}...` : value}'`;
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  return String(value);
}

const ARTICLES: Readonly<Record<string, string>> = {
  number: "a number",
  string: "a string",
  boolean: "true or false",
  object: "a mapping",
  array: "a list",
  record: "a mapping",
  int: "a whole number",
};

function bound(issue: Issue & { code: "too_small" | "too_big" }): string {
  const small = issue.code === "too_small";
  const limit = small ? issue.minimum : issue.maximum;
  if (issue.origin === "array" || issue.origin === "set") {
    return small ? `needs at least ${String(limit)} item(s)` : `allows at most ${String(limit)} item(s)`;
  }
  if (issue.origin === "string")
    return small ? `must be at least ${String(limit)} character(s)` : `must be at most ${String(limit)} character(s)`;
  const op = small ? (issue.inclusive ? "≥" : ">") : issue.inclusive ? "≤" : "<";
  return `must be ${op} ${String(limit)}, got ${describeValue(issue.input)}`;
}

function message(issue: Issue): string {
  if (issue.input === undefined && issue.code !== "custom") return "is required";
  switch (issue.code) {
    case "invalid_type": {
      // A key the schema forbids by design (z.never) carries its own explanation.
      if (issue.expected === "never") return issue.message;
      const expected = leafKindAt(issue.path) === "integer" ? "int" : issue.expected;
      return `expected ${ARTICLES[expected] ?? expected}, got ${describeValue(issue.input)}`;
    }
    case "too_small":
    case "too_big":
      return bound(issue);
    case "invalid_value":
      return `expected one of ${issue.values.map(String).join(", ")}; got ${describeValue(issue.input)}`;
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    default:
      return issue.message;
  }
}

const segments = (path: readonly PropertyKey[]) => path.filter((k): k is string | number => typeof k !== "symbol");

/** One problem per issue; an unknown-keys issue becomes one problem per key, with a suggestion. */
export function issueToProblems(issue: Issue): ConfigProblem[] {
  const path = segments(issue.path);
  if (issue.code === "unrecognized_keys") {
    const allowed = keysAt(path) ?? [];
    return issue.keys.map((key) => {
      const suggestion = closestMatch(key, allowed);
      const hint = suggestion
        ? ` (did you mean '${suggestion}'?)`
        : allowed.length
          ? ` (allowed: ${allowed.join(", ")})`
          : "";
      return { path: formatPath([...path, key]), message: `unknown key '${key}'${hint}` };
    });
  }
  return [{ path: formatPath(path), message: message(issue) }];
}
