/**
 * @module sweep/read-sweep-file — a sweep directory's sweep.json, parsed with its schema (sweep/sweep-schema), for the
 * commands that read finished sweeps (`report pareto`, `compare`).
 *
 * A file that does not fit is refused in one line naming it and the first thing wrong — a
 * sweep.json written before a field its reader needs (`steps[0] lacks interactivity`) is
 * told apart from a broken one — rather than read as if the field were there and empty.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { z } from "zod";
import { InputError } from "../errors.ts";
import { SweepFileSchema } from "./sweep-schema.ts";

type SweepFileData = z.infer<typeof SweepFileSchema>;

/** `steps.0.interactivity` as `steps[0].interactivity`. */
const pathText = (path: readonly PropertyKey[]) =>
  path.map((k, i) => (typeof k === "number" ? `[${k}]` : `${i > 0 ? "." : ""}${String(k)}`)).join("") || "the file";

/** The object `path` leads to in `json`, or undefined. */
function nodeAt(json: unknown, path: readonly PropertyKey[]): unknown {
  let node: unknown = json;
  for (const key of path)
    node = typeof node === "object" && node !== null ? (node as Record<PropertyKey, unknown>)[key] : undefined;
  return node;
}

/** The first issue of `error` in one phrase: the fields its object lacks, or what is wrong where. */
function firstIssue(error: z.ZodError, json: unknown): string {
  const issue = error.issues[0];
  if (!issue) return "it does not fit its schema";
  const parentPath = issue.path.slice(0, -1);
  const parent = nodeAt(json, parentPath);
  const isMissing = (path: readonly PropertyKey[]) =>
    typeof parent === "object" && parent !== null && !((path[path.length - 1] as PropertyKey) in parent);
  if (issue.path.length === 0 || !isMissing(issue.path)) return `${pathText(issue.path)}: ${issue.message}`;
  const siblings = error.issues
    .filter((i) => i.path.length === issue.path.length && pathText(i.path.slice(0, -1)) === pathText(parentPath))
    .filter((i) => isMissing(i.path))
    .map((i) => String(i.path[i.path.length - 1]));
  return `${parentPath.length > 0 ? pathText(parentPath) : "the file"} lacks ${siblings.join(", ")}`;
}

/** The sweep.json of `dir`, checked against its schema; an InputError naming the file otherwise. */
export function readSweepFile(dir: string, needs = "a sweep's file"): { file: string; sweep: SweepFileData } {
  const file = join(dir, "sweep.json");
  if (!existsSync(file))
    throw new InputError(`no sweep.json in ${dir}`, { hint: "give the directories `sweep` wrote (its --report-dir)" });
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`${file} is not valid JSON: ${(error as Error).message}`, {
      hint: "a sweep still under way rewrites it after every step; read it once the step is done",
    });
  }
  const parsed = SweepFileSchema.safeParse(json);
  if (!parsed.success)
    throw new InputError(`${file} is not ${needs}: ${firstIssue(parsed.error, json)}`, {
      hint: "a sweep.json written by an older version lacks the newer fields: run the sweep again with this version",
    });
  return { file, sweep: parsed.data };
}
