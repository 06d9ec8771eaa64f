/**
 * @module report/repeats-text — the repeats as text (pure): one row per metric with its mean, std, interval and CV.
 *
 * The same text opens the repeats' top-level report.txt and closes the console after the last
 * run; each run's own report.txt stays in its run-N directory. The file keeps its warnings under
 * the table; the console prints the table on stdout and the warnings on stderr (results to
 * stdout, warnings to stderr), so `repeatsConsole` splits them.
 */
import { fixed2 } from "./text-format.ts";
import { textTable } from "./text-table.ts";
import type { RepeatedMetric, RepeatsSummary } from "./repeats-schema.ts";

function interval(m: RepeatedMetric): string {
  return m.ci_low === null || m.ci_high === null ? "N/A" : `[${fixed2(m.ci_low)}, ${fixed2(m.ci_high)}]`;
}

/** The repeats' warnings as `warning: …` lines (each ending in a newline), for stderr. */
export function repeatsWarningText(repeats: RepeatsSummary): string {
  return repeats.warnings.map((w) => `warning: ${w}\n`).join("");
}

/** report.txt's text (`withWarnings`), or the console's stdout part (the table alone). */
export function renderRepeatsText(repeats: RepeatsSummary, withWarnings = true): string {
  const dirs = repeats.runs.map((r) => r.dir);
  const header = `Repeats: ${repeats.runs.length} runs (${dirs.join(", ")}); mean, sample std, ${repeats.confidence_pct} % Student-t interval, CV`;
  const rows = [
    ["metric", "mean", "std", `${repeats.confidence_pct} % interval`, "CV", "n"],
    ...Object.values(repeats.metrics).map((m) => [
      `${m.label} (${m.unit})`,
      fixed2(m.mean),
      fixed2(m.std),
      interval(m),
      m.cv_pct === null ? "N/A" : `${m.cv_pct.toFixed(1)} %`,
      String(m.n),
    ]),
  ];
  const warnings = withWarnings ? repeats.warnings.map((w) => `warning: ${w}`) : [];
  return `${[header, "", ...textTable(rows), ...(warnings.length > 0 ? ["", ...warnings] : [])].join("\n")}\n`;
}
