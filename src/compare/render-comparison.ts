/** @module compare/render-comparison — the comparison table as text (pure), under the servers' differences when they differ. */
import { textTable } from "../report/text-table.ts";
import type { MetricRow } from "./compare-summaries.ts";

/** A figure as both comparison tables print it (compare/render-repeats-comparison too): 1 decimal from 100 up, else 2. */
export const figureText = (v: number | null) => (v === null ? "N/A" : Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2));

/** A row's change: in %, or in percentage points where the metric is itself a percentage. */
export function changeText(row: { deltaPct: number | null; unit: string }): string {
  if (row.deltaPct === null) return "N/A";
  const sign = row.deltaPct > 0 ? "+" : "";
  return row.unit === "%" ? `${sign}${row.deltaPct.toFixed(2)} pt` : `${sign}${row.deltaPct.toFixed(1)} %`;
}

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
      figureText(r.base),
      figureText(r.next),
      changeText(r),
      r.regressed ? "REGRESSED" : "",
    ]),
  ];
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
  return `${[...header, "", ...textTable(table), "", ...verdict].join("\n")}\n`;
}
