/**
 * @module import/import-console — what `import` prints on stdout: for one benchmark our console
 * summary with the source's figures beside ours; for several, one comparison a benchmark.
 */
import type { ResultSummary } from "../report/result-summary.ts";
import { renderConsoleSummary } from "../report/report-text.ts";
import { importLines } from "../report/import-text.ts";
import type { ImportOutcome } from "./import-run.ts";
import { stepDirName } from "./import-sweep.ts";

export function renderImportConsole(outcome: ImportOutcome): string {
  if (outcome.summaries.length === 1) return renderConsoleSummary(outcome.summaries[0] as ResultSummary);
  const parts = outcome.summaries.map((s, i) => {
    const lines = s.import ? importLines(s.import) : [];
    return [`${stepDirName(i)}:`, ...lines].join("\n");
  });
  return `${parts.join("\n\n")}\n`;
}
