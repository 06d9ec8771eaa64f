/**
 * @module compare/render-repeats-comparison — two sets of repeats as text (pure): means with their intervals, the change,
 * Hedges' g, Welch's p and the verdict, under a line saying how the verdict and the gate are decided.
 */
import type { RepeatsRow, RepeatsSide } from "./compare-repeats.ts";

const num = (v: number | null) => (v === null ? "N/A" : Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2));

function sideText(s: RepeatsSide): string {
  if (s.mean === null) return "N/A";
  if (s.ciLow === null || s.ciHigh === null) return num(s.mean);
  return `${num(s.mean)} ± ${num((s.ciHigh - s.ciLow) / 2)}`;
}

function delta(row: RepeatsRow): string {
  if (row.deltaPct === null) return "N/A";
  const sign = row.deltaPct > 0 ? "+" : "";
  return row.unit === "%" ? `${sign}${row.deltaPct.toFixed(2)} pt` : `${sign}${row.deltaPct.toFixed(1)} %`;
}

const pText = (p: number | null) => (p === null ? "N/A" : p < 0.001 ? "<0.001" : p.toFixed(3));

export interface RepeatsLabels {
  base: string;
  next: string;
  baseRuns: number;
  nextRuns: number;
}

/** How the verdict and the `--fail-on-regression` gate combine, in words (printed, and in the JSON). */
export function gateRule(confidencePct: number, thresholdPct: number | null): string {
  const test =
    `Welch's t-test (two-sided) at ${confidencePct} % confidence: a change is significant when p < ` +
    `${Number((1 - confidencePct / 100).toFixed(6))}; effect size: the change of the means and Hedges' g`;
  if (thresholdPct === null) return test;
  return (
    `${test}. --fail-on-regression ${thresholdPct} %: a metric fails only when its change is a significant ` +
    `regression AND its mean is worse by more than ${thresholdPct} % (a metric with fewer than two runs a side: by the ${thresholdPct} % alone)`
  );
}

export function renderRepeatsComparison(
  rows: readonly RepeatsRow[],
  labels: RepeatsLabels,
  confidencePct: number,
  thresholdPct: number | null,
): string {
  const table = [
    ["metric", `base (mean ± ${confidencePct} %)`, "new", "delta", "g", "p", "verdict"],
    ...rows.map((r) => [
      `${r.label} (${r.unit})`,
      sideText(r.base),
      sideText(r.next),
      delta(r),
      r.hedgesG === null ? "N/A" : r.hedgesG.toFixed(2),
      pText(r.p),
      `${r.verdict}${r.regressed ? " — FAILS" : ""}`,
    ]),
  ];
  const widths = (table[0] as string[]).map((_, c) => Math.max(...table.map((row) => (row[c] as string).length)));
  const lines = table.map((row) =>
    row
      .map((cell, c) => (c === 0 || c === 6 ? cell.padEnd(widths[c] as number) : cell.padStart(widths[c] as number)))
      .join("  ")
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  const header = [
    `base: ${labels.base} (${labels.baseRuns} runs)`,
    `new:  ${labels.next} (${labels.nextRuns} runs)`,
    gateRule(confidencePct, thresholdPct),
  ];
  const failed = rows.filter((r) => r.regressed).map((r) => r.label);
  const verdict =
    thresholdPct === null
      ? []
      : [
          failed.length > 0
            ? `regressed significantly and beyond ${thresholdPct} %: ${failed.join(", ")}`
            : `no metric regressed significantly beyond ${thresholdPct} %`,
        ];
  return `${[...header, "", ...lines, "", ...verdict].join("\n")}\n`;
}
