/**
 * @module accuracy/accuracy-results-file — writes accuracy/accuracy_results.json.
 *
 * `{average_accuracy?, osl_tokenization_s?, accuracy_scores: [entry…]}`, as upstream:
 * `average_accuracy` is the plain mean of the entries' numeric scores and is left out when no
 * entry has one; `osl_tokenization_s` sums the entries' `osl_tokenize_s` when one has it. Written to a temp file in the
 * same directory and renamed, so a reader never sees half a file. Nothing is written when there
 * are no entries. Failing to write is an ExecutionError (exit 4).
 */
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { ExecutionError } from "../errors.ts";
import { scrubNonFinite } from "../metrics/json-numbers.ts";
import type { AccuracyEntry, AccuracyResults } from "./accuracy-entry.ts";

export const ACCURACY_RESULTS_FILE = join("accuracy", "accuracy_results.json");

/** Mean of the entries' numeric scores; null when none has a score. */
export function averageAccuracy(entries: readonly AccuracyEntry[]): number | null {
  // As upstream, a performance dataset's own score (agentic_inference_inline) is not an accuracy component.
  const scores = entries.flatMap((e) =>
    e.dataset_type !== "performance" && typeof e.score === "number" && Number.isFinite(e.score) ? [e.score] : [],
  );
  return scores.length === 0 ? null : scores.reduce((a, b) => a + b, 0) / scores.length;
}

/** The entries' tokenizer seconds summed (3 decimals), or null when none has them. */
function oslTokenizationS(entries: readonly AccuracyEntry[]): number | null {
  const timed = entries.filter((e) => e.osl_tokenize_s !== undefined);
  if (timed.length === 0) return null;
  return Math.round(timed.reduce((sum, e) => sum + (e.osl_tokenize_s as number), 0) * 1000) / 1000;
}

/** The document written to accuracy_results.json. */
export function buildAccuracyResults(entries: AccuracyEntry[]): AccuracyResults {
  const average = averageAccuracy(entries);
  const tokenization = oslTokenizationS(entries);
  return {
    ...(average === null ? {} : { average_accuracy: average }),
    ...(tokenization === null ? {} : { osl_tokenization_s: tokenization }),
    accuracy_scores: entries,
  };
}

function removeQuietly(path: string): void {
  try {
    rmSync(path, { force: true });
  } catch {
    // The directory itself is unusable (the reason we are here); there is no temp file to remove.
  }
}

/** Writes `reportDir/accuracy/accuracy_results.json` atomically; its path, or null when there are no entries. */
export function writeAccuracyResults(reportDir: string, entries: AccuracyEntry[]): string | null {
  if (entries.length === 0) return null;
  const path = join(reportDir, ACCURACY_RESULTS_FILE);
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(tmp, `${JSON.stringify(scrubNonFinite(buildAccuracyResults(entries)), null, 2)}\n`);
    renameSync(tmp, path);
  } catch (error) {
    removeQuietly(tmp);
    const reason = error instanceof Error ? error.message : String(error);
    throw new ExecutionError(`cannot write ${path}: ${reason}`, {
      cause: error,
      hint: "check that the report directory is writable and the disk has space",
    });
  }
  return path;
}
