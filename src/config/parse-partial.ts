/**
 * @module config/parse-partial — validates with the schema and, when that fails, removes each
 * offending value (so its default applies) and validates again. This lets the cross-field rules
 * run on the rest of the config, so one run reports every problem (k6's "all problems at once").
 */
import type { z } from "zod";
import { getPath, isPlainObject, type PathSegment } from "./object-path.ts";
import { ONE_SHOT_PARSE } from "./schema/primitives.ts";
import { BenchmarkConfigSchema, type DraftConfig } from "./schema/schema.ts";

type Issue = z.core.$ZodIssue;
const REMOVED = Symbol("removed");
const MAX_ROUNDS = 8;

interface PartialParse {
  /** The repaired config, when repairs were enough to validate it. */
  config?: DraftConfig;
  /** Every schema issue found, across rounds, without duplicates. */
  issues: Issue[];
}

function removeAt(root: unknown, path: readonly PathSegment[]): boolean {
  if (path.length === 0) return false;
  const parent = getPath(root, path.slice(0, -1));
  const key = path[path.length - 1];
  if (Array.isArray(parent) && typeof key === "number" && key < parent.length && parent[key] !== REMOVED) {
    parent[key] = REMOVED;
    return true;
  }
  if (isPlainObject(parent) && typeof key === "string" && Object.hasOwn(parent, key)) {
    delete parent[key];
    return true;
  }
  return false;
}

/** Drops removed list items (their problems are already recorded). */
function compact(node: unknown): unknown {
  if (Array.isArray(node)) return node.filter((item) => item !== REMOVED).map(compact);
  if (isPlainObject(node)) return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, compact(v)]));
  return node;
}

/** Removes the value behind `issue`; if nothing was there (a required key), removes its parent. */
function repair(root: unknown, issue: Issue): boolean {
  const path = issue.path.filter((k): k is PathSegment => typeof k !== "symbol");
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => removeAt(root, [...path, key])).some(Boolean);
  }
  for (let depth = path.length; depth > 0; depth--) {
    if (removeAt(root, path.slice(0, depth))) return true;
  }
  return false;
}

export function parsePartially(input: unknown): PartialParse {
  let work: unknown = structuredClone(input);
  const issues: Issue[] = [];
  const seen = new Set<string>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const result = BenchmarkConfigSchema.safeParse(work, ONE_SHOT_PARSE);
    if (result.success) return { config: result.data, issues };
    let repaired = false;
    // A field with several issues is removed once: a second removal would take its parent with it.
    const removed = new Set<string>();
    for (const issue of result.error.issues) {
      const where = issue.path.map(String).join(".");
      const key = `${issue.code}|${where}|${issue.message}`;
      if (!seen.has(key)) {
        seen.add(key);
        issues.push(issue);
      }
      if (issue.code !== "unrecognized_keys" && removed.has(where)) continue;
      if (repair(work, issue)) repaired = true;
      removed.add(where);
    }
    if (!repaired) break;
    work = compact(work);
  }
  return { issues };
}
