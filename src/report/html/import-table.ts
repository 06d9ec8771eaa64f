/**
 * @module report/html/import-table — report.html's section on an imported run: each of the source
 * tool's figures beside ours (report/import-figures), the difference, the source's figure recomputed
 * the way that explains it, and why; then the notes that hold for the whole import.
 */
import { figureText } from "../import-figures.ts";
import type { ImportBlock } from "../import-schema.ts";
import { importHeading } from "../import-text.ts";
import { escapeHtml } from "./escape-html.ts";

const cell = (v: number | null, unit: string) => (v === null ? "–" : escapeHtml(figureText(v, unit)));

/** The section, or nothing for a run of ours. */
export function renderImportTable(block: ImportBlock | undefined): string {
  if (!block) return "";
  const rows = Object.values(block.figures)
    .map((f) => {
      const diff = f.diff_pct === null ? "–" : `${f.diff_pct >= 0 ? "+" : ""}${f.diff_pct.toFixed(2)} %`;
      const cells = [
        escapeHtml(f.label),
        cell(f.ours, f.unit),
        cell(f.source, f.unit),
        diff,
        cell(f.recomputed, f.unit),
      ];
      return `<tr>${cells.map((c) => `<td>${c}</td>`).join("")}<td class="note">${escapeHtml(f.note ?? "")}</td></tr>`;
    })
    .join("");
  const notes = block.notes.map((n) => `<li>${escapeHtml(n)}</li>`).join("");
  return (
    `<section id="import"><h2>${escapeHtml(importHeading(block))}</h2>` +
    `<table><tr><th>figure</th><th>ours</th><th>${escapeHtml(block.source_name)}</th><th>diff</th>` +
    `<th>its way, recomputed</th><th>why</th></tr>${rows}</table><ul class="note">${notes}</ul></section>`
  );
}
