/**
 * @module report/html/model-table — a model mix's breakdown in report.html: the rows report.txt shows
 * (report/model-text), one per model or LoRA adapter; nothing for a one-model run.
 */
import type { ResultSummary } from "../result-summary.ts";
import { modelTable } from "../model-text.ts";
import { escapeHtml } from "./escape-html.ts";

/** The table of report/model-text (its columns by API type) as HTML; "" for a one-model run. */
export function renderModelTable(summary: Pick<ResultSummary, "per_model" | "inputs">): string {
  const rows = modelTable(summary);
  if (!rows) return "";
  const [header = [], ...body] = rows;
  const head = header.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("");
  const cells = body.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join("")}</tr>`).join("");
  return (
    `<section id="models"><h2>Per model (${body.length})</h2><p class="note">every metric over each model's own ` +
    `requests; result_summary.json per_model holds them all</p><table class="percentiles"><thead><tr>${head}</tr>` +
    `</thead><tbody>${cells}</tbody></table></section>`
  );
}
