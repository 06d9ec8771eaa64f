/**
 * @module accuracy/accuracy-text — accuracy entries as text: the report.txt block and the `eval` table.
 *
 * Pure functions. The block follows upstream's report.txt layout:
 * ```
 * Accuracy:
 *   gpqa: 0.6000 (unit=198, repeats=5, total=990, duration=812.345s)
 *     responses: 985/990 scored (3 empty, 2 missing)
 *     output tokens (avg/min/max): 2048.5/12/32768
 *     diamond: 60.00%
 *     (incomplete)
 *   Average: 0.6000
 * ```
 * Scores show 4 significant figures ("N/A" when nothing was issued).
 */
import { hasValues } from "../metrics/series-rollup.ts";
import type { AccuracyEntry } from "./accuracy-entry.ts";
import { averageAccuracy } from "./accuracy-results-file.ts";

/** A score with 4 significant figures, or "N/A"; a score of several measures as `name=value` pairs. */
export function formatScore(score: AccuracyEntry["score"]): string {
  if (score !== null && typeof score === "object")
    return Object.entries(score)
      .map(([k, v]) => `${k}=${v}`)
      .join(" ");
  return score === null || !Number.isFinite(score) ? "N/A" : score.toPrecision(4);
}

/** Fractions by subset print as percentages; BFCL's breakdown is already in percent (and counts), nested by kind. */
function breakdownLines(method: string, key: string, value: NonNullable<AccuracyEntry["breakdown"]>[string]): string[] {
  if (value === null) return [`    ${key}: N/A`];
  if (typeof value === "object")
    return [`    ${key}:`, ...Object.entries(value).map(([name, v]) => `      ${name}: ${v.toFixed(2)}%`)];
  if (method === "bfcl_v4") return [`    ${key}: ${key.endsWith("_samples") ? String(value) : `${value.toFixed(2)}%`}`];
  return [`    ${key}: ${(value * 100).toFixed(2)}%`];
}

function entryLines(e: AccuracyEntry): string[] {
  const c = e.response_counts;
  const lines = [
    `  ${e.dataset_name}: ${formatScore(e.score)} (unit=${e.unit_samples}, repeats=${e.num_repeats}, total=${e.total_samples}, duration=${e.duration_s}s)`,
    `    responses: ${c.scored}/${c.issued} scored (${c.empty} empty, ${c.missing} missing)`,
  ];
  const osl = e.output_sequence_lengths;
  if (osl && hasValues(osl))
    lines.push(`    output tokens (avg/min/max): ${(osl.avg ?? 0).toFixed(1)}/${osl.min}/${osl.max}`);
  for (const [subset, value] of Object.entries(e.breakdown ?? {}))
    lines.push(...breakdownLines(e.eval_method, subset, value));
  if (!e.complete) lines.push("    (incomplete)");
  return lines;
}

/** The "Accuracy:" block as lines; none when there are no entries. */
export function accuracyLines(entries: readonly AccuracyEntry[]): string[] {
  if (entries.length === 0) return [];
  const lines = ["Accuracy:", ...entries.flatMap(entryLines)];
  const average = averageAccuracy(entries);
  if (average !== null) lines.push(`  Average: ${formatScore(average)}`);
  return lines;
}

/** The "Accuracy:" block for report.txt and the console; "" when there are no entries. */
export function renderAccuracyText(entries: AccuracyEntry[]): string {
  const lines = accuracyLines(entries);
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

const TABLE_HEADER = [
  "dataset",
  "type",
  "eval_method",
  "extractor",
  "score",
  "scored",
  "empty",
  "missing",
  "repeats",
  "duration_s",
];

/** One row per entry, columns aligned, for the `eval` command's stdout. */
export function renderAccuracyTable(entries: readonly AccuracyEntry[]): string {
  const rows = entries.map((e) => [
    e.dataset_name,
    e.dataset_type,
    e.eval_method,
    e.extractor ?? "-",
    `${formatScore(e.score)}${e.complete ? "" : "*"}`,
    `${e.response_counts.scored}/${e.response_counts.issued}`,
    String(e.response_counts.empty),
    String(e.response_counts.missing),
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
  if (average !== null && entries.length > 1) lines.push(`average: ${formatScore(average)}`);
  return `${lines.join("\n")}\n`;
}
