/**
 * @module compare/compare-repeat-dirs — `compare A B` when both are `benchmark --runs N` directories: read, judge, print,
 * gate; the printing and the gate serve two sweeps with repeats too (compare/compare-sweep-dirs).
 *
 * Each side's repeats.json is checked against its schema (report/repeats-schema) before it is
 * read. The verdicts and the gate are compare/compare-repeats'; the exit code is 99 when the gate
 * fails a metric, as for single runs.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ExitCode, InputError } from "../errors.ts";
import type { RepeatsSummary } from "../report/repeats-schema.ts";
import { REPEATS_FILE } from "../report/repeats-summary.ts";
import { RepeatsSummarySchema } from "../report/repeats-schema.ts";
import { compareRepeats, type RepeatsRow } from "./compare-repeats.ts";
import { gateRule, renderRepeatsComparison, type RepeatsLabels } from "./render-repeats-comparison.ts";

export interface RepeatsCompareOptions {
  thresholdPct: number | null;
  confidencePct: number;
  output: "text" | "json";
}

export interface Io {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** True when `dir` holds a `--runs N` directory's repeats.json. */
export function holdsRepeats(dir: string): boolean {
  return existsSync(join(dir, REPEATS_FILE));
}

function readRepeats(dir: string): RepeatsSummary {
  const file = join(dir, REPEATS_FILE);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new InputError(`${file} is not valid JSON: ${(error as Error).message}`, {
      hint: "a run still under way (or one that stopped) leaves it empty; compare finished repeats",
    });
  }
  const parsed = RepeatsSummarySchema.safeParse(json);
  if (!parsed.success) throw new InputError(`${file} is not a repeats.json: ${parsed.error.issues[0]?.message ?? "?"}`);
  return parsed.data;
}

export function compareRepeatDirs(baseDir: string, nextDir: string, options: RepeatsCompareOptions, io: Io): number {
  const [onBase, onNext] = [holdsRepeats(baseDir), holdsRepeats(nextDir)];
  if (onBase !== onNext) {
    const [repeated, single] = onBase ? [baseDir, nextDir] : [nextDir, baseDir];
    throw new InputError(`${repeated} holds repeats (${REPEATS_FILE}) and ${single} does not`, {
      hint: `compare two sets of repeats, or one run with one run (e.g. ${join(repeated, "run-1")})`,
    });
  }
  const [base, next] = [readRepeats(baseDir), readRepeats(nextDir)];
  const rows = compareRepeats(base, next, options.confidencePct, options.thresholdPct ?? Number.POSITIVE_INFINITY);
  const labels = { base: baseDir, next: nextDir, baseRuns: base.runs.length, nextRuns: next.runs.length };
  return reportRepeatsRows(rows, labels, options, io);
}

/** Prints judged rows (table or JSON, `extra` keys added to the JSON) and applies the gate: 99 when a row fails it. */
export function reportRepeatsRows(
  rows: readonly RepeatsRow[],
  labels: RepeatsLabels,
  options: RepeatsCompareOptions,
  io: Io,
  extra: Record<string, unknown> = {},
): number {
  if (options.output === "json") {
    const rule = gateRule(options.confidencePct, options.thresholdPct);
    const doc = {
      base: labels.base,
      new: labels.next,
      confidence_pct: options.confidencePct,
      threshold_pct: options.thresholdPct,
      rule,
      metrics: rows,
      ...extra,
    };
    io.stdout(`${JSON.stringify(doc, null, 2)}\n`);
  } else io.stdout(renderRepeatsComparison(rows, labels, options.confidencePct, options.thresholdPct));
  const failed = rows.filter((r) => r.regressed);
  if (options.thresholdPct !== null && failed.length > 0) {
    io.stderr(
      `regression: ${failed.map((r) => r.label).join(", ")} significantly worse (Welch, ${options.confidencePct} %) ` +
        `by more than ${options.thresholdPct} %\n`,
    );
    return ExitCode.regression;
  }
  return ExitCode.ok;
}
