/**
 * @module compare/render-repeats-comparison — two sets of repeats as text (pure): means with their intervals, the change,
 * Hedges' g, Welch's p and the verdict, under a line saying how the verdict and the gate are decided.
 */
import { textTable } from "../report/text-table.ts";
import type { RepeatsRow, RepeatsSide } from "./compare-repeats.ts";
import { changeText, figureText } from "./render-comparison.ts";

function sideText(s: RepeatsSide): string {
  if (s.mean === null) return "N/A";
  if (s.ciLow === null || s.ciHigh === null) return figureText(s.mean);
  return `${figureText(s.mean)} ± ${figureText((s.ciHigh - s.ciLow) / 2)}`;
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
      changeText(r),
      r.hedgesG === null ? "N/A" : r.hedgesG.toFixed(2),
      pText(r.p),
      `${r.verdict}${r.regressed ? " — FAILS" : ""}`,
    ]),
  ];
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
  return `${[...header, "", ...textTable(table, [0, 6]), "", ...verdict].join("\n")}\n`;
}
