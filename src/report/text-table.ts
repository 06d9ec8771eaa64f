/**
 * @module report/text-table — a plain-text table (pure): each column as wide as its widest cell,
 * two spaces apart, a dashed rule under the header row.
 *
 * Numbers line up on the right, so their column is right-aligned; names and verdicts read from
 * the left. The repeats' report.txt (report/repeats-text) and `compare`'s two tables
 * (compare/render-comparison, compare/render-repeats-comparison) print through it.
 */

/** The table's lines, header first; `leftAligned` lists the columns padded on the right (default: the first). */
export function textTable(rows: readonly (readonly string[])[], leftAligned: readonly number[] = [0]): string[] {
  const widths = (rows[0] ?? []).map((_, c) => Math.max(...rows.map((row) => (row[c] as string).length)));
  const lines = rows.map((row) =>
    row
      .map((cell, c) =>
        leftAligned.includes(c) ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number),
      )
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  return lines;
}
