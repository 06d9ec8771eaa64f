/**
 * @module accuracy/accuracy-text — accuracy entries as text: the report.txt block and the `eval` table.
 *
 * Pure functions. The block is upstream's report.txt Accuracy section, character for character:
 * ```
 * Accuracy:
 *   gpqa: 0.6 (unit=198, repeats=5, total=990, duration=812.35s)
 *     responses: 985/990 scored (3 empty, 2 missing)
 *     output tokens (avg/min/max): 2048.5/12/32768
 *     simple_python: 92.50%
 *     (incomplete)
 *   Average: 0.6
 *   OSL tokenization: 1.23s
 * ```
 * with Python's number formats (metrics/python-float-format): a score `:.4g` ("N/A" when there is
 * none, a score of several measures as Python prints the dict), the duration `:.2f`, a breakdown's
 * `subset_scores` alone, already percentages, `:.2f`.
 */
import { hasValues } from "../metrics/series-rollup.ts";
import { formatF, formatG, pythonStr } from "../metrics/python-float-format.ts";
import type { AccuracyEntry } from "./accuracy-entry.ts";
import { averageAccuracy } from "./accuracy-results-file.ts";

/** Upstream's score text: `:.4g` for a number, "N/A" for none, Python's `str` for anything else (rouge's measures). */
export function formatScore(score: AccuracyEntry["score"]): string {
  if (score === null) return "N/A";
  return typeof score === "number" ? formatG(score, 4) : pythonStr(score);
}

/** Upstream prints a breakdown's `subset_scores` only (percentages in [0, 100]), nothing else of it. */
function subsetLines(breakdown: AccuracyEntry["breakdown"]): string[] {
  const subsets = breakdown?.subset_scores;
  if (subsets === null || typeof subsets !== "object") return [];
  return Object.entries(subsets).map(([name, value]) => `    ${name}: ${formatF(value, 2)}%`);
}

function entryLines(e: AccuracyEntry): string[] {
  const samples = `unit=${e.unit_samples}, repeats=${e.num_repeats}, total=${e.total_samples}`;
  const lines = [`  ${e.dataset_name}: ${formatScore(e.score)} (${samples}, duration=${formatF(e.duration_s, 2)}s)`];
  const c = e.response_counts;
  if (c) lines.push(`    responses: ${c.scored}/${c.issued} scored (${c.empty} empty, ${c.missing} missing)`);
  const osl = e.output_sequence_lengths;
  if (osl && hasValues(osl))
    lines.push(
      `    output tokens (avg/min/max): ${formatF(osl.avg ?? 0, 1)}/${pythonStr(osl.min)}/${pythonStr(osl.max)}`,
    );
  lines.push(...subsetLines(e.breakdown));
  if (!e.complete) lines.push("    (incomplete)");
  return lines;
}

/** The "Accuracy:" block as lines; none when there are no entries. */
export function accuracyLines(entries: readonly AccuracyEntry[]): string[] {
  if (entries.length === 0) return [];
  const lines = ["Accuracy:", ...entries.flatMap(entryLines)];
  const average = averageAccuracy(entries);
  if (average !== null) lines.push(`  Average: ${formatG(average, 4)}`);
  // Upstream sums the entries' own seconds here, unrounded (the file's osl_tokenization_s is rounded).
  const timed = entries.filter((e) => e.osl_tokenize_s !== undefined);
  if (timed.length > 0)
    lines.push(
      `  OSL tokenization: ${formatG(
        timed.reduce((sum, e) => sum + (e.osl_tokenize_s as number), 0),
        3,
      )}s`,
    );
  return lines;
}

/** The "Accuracy:" block for report.txt and the console; "" when there are no entries. */
export function renderAccuracyText(entries: AccuracyEntry[]): string {
  const lines = accuracyLines(entries);
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

const TABLE_HEADER = ["dataset", "type", "extractor", "score", "scored", "empty", "missing", "repeats", "duration_s"];

/** One row per entry, columns aligned, for the `eval` command's stdout. */
export function renderAccuracyTable(entries: readonly AccuracyEntry[]): string {
  const rows = entries.map((e) => [
    e.dataset_name,
    e.dataset_type,
    e.extractor ?? "-",
    `${formatScore(e.score)}${e.complete ? "" : "*"}`,
    e.response_counts ? `${e.response_counts.scored}/${e.response_counts.issued}` : "-",
    e.response_counts ? String(e.response_counts.empty) : "-",
    e.response_counts ? String(e.response_counts.missing) : "-",
    String(e.num_repeats),
    e.duration_s.toFixed(3),
  ]);
  const all = [TABLE_HEADER, ...rows];
  const widths = TABLE_HEADER.map((_, col) => Math.max(...all.map((r) => (r[col] as string).length)));
  const lines = all.map((r) =>
    r
      .map((cell, col) => cell.padEnd(widths[col] as number))
      .join("  ")
      .trimEnd(),
  );
  if (entries.some((e) => !e.complete)) lines.push("* incomplete: the scorer could not judge every sample");
  const average = averageAccuracy(entries);
  if (average !== null && entries.length > 1) lines.push(`average: ${formatG(average, 4)}`);
  return `${lines.join("\n")}\n`;
}
