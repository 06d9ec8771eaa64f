/** @module compare/render-comparison — the comparison table as text (pure), under the servers' differences when they differ. */
import type { MetricRow } from "./compare-summaries.ts";

const value = (v: number | null) => (v === null ? "N/A" : Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2));
const delta = (row: MetricRow) => {
  if (row.deltaPct === null) return "N/A";
  const sign = row.deltaPct > 0 ? "+" : "";
  return row.unit === "%" ? `${sign}${row.deltaPct.toFixed(2)} pt` : `${sign}${row.deltaPct.toFixed(1)} %`;
};

export function renderComparison(
  rows: readonly MetricRow[],
  baseLabel: string,
  nextLabel: string,
  thresholdPct: number | null,
  serverNotes: readonly string[] = [],
): string {
  const table = [
    ["metric", "base", "new", "delta", ""],
    ...rows.map((r) => [
      `${r.name} (${r.unit})`,
      value(r.base),
      value(r.next),
      delta(r),
      r.regressed ? "REGRESSED" : "",
    ]),
  ];
  const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => (row[c] as string).length)));
  const lines = table.map((row) =>
    row
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number)))
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  const served =
    serverNotes.length > 0 ? ["the runs were served differently:", ...serverNotes.map((n) => `  ${n}`)] : [];
  const header = [`base: ${baseLabel}`, `new:  ${nextLabel}`, ...served];
  const regressed = rows.filter((r) => r.regressed).map((r) => r.name);
  const verdict =
    thresholdPct === null
      ? []
      : [
          regressed.length > 0
            ? `regressed beyond ${thresholdPct} %: ${regressed.join(", ")}`
            : `no metric regressed beyond ${thresholdPct} %`,
        ];
  return `${[...header, "", ...lines, "", ...verdict].join("\n")}\n`;
}
