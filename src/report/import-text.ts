/**
 * @module report/import-text — an imported run's `import` block as report lines (report.txt and the
 * import command's console): each source figure beside ours, the difference, and why; then the notes
 * that hold for the whole import.
 */
import { figureText } from "./import-figures.ts";
import type { ImportBlock } from "./import-schema.ts";
import { textTable } from "./text-table.ts";

const NA = "not in the source";

function cell(v: number | null, unit: string): string {
  return v === null ? "–" : figureText(v, unit);
}

function diffCell(pct: number | null): string {
  return pct === null ? "–" : `${pct >= 0 ? "+" : ""}${pct.toFixed(2)} %`;
}

/** The heading line: the tool, its version, the files, the benchmark. */
export function importHeading(block: ImportBlock): string {
  const version = block.source_version ? ` ${block.source_version}` : "";
  const label = block.label ? `, ${block.label}` : "";
  return `Imported from ${block.source_name}${version} (${block.files.join(", ")}${label}): figures by our definitions`;
}

/** The block as lines: heading, table (figure, ours, source, diff, recomputed, why), the reasons under it, notes. */
export function importLines(block: ImportBlock): string[] {
  const figures = Object.values(block.figures);
  const reasons: string[] = [];
  const rows = figures.map((f) => {
    let mark = "";
    if (f.note !== null && f.note.startsWith(NA)) mark = NA;
    else if (f.note !== null) {
      // One number a reason: four TPOT figures differing for one cause say it once.
      if (!reasons.includes(f.note)) reasons.push(f.note);
      mark = `[${reasons.indexOf(f.note) + 1}]`;
    }
    return [
      f.label,
      cell(f.ours, f.unit),
      cell(f.source, f.unit),
      diffCell(f.diff_pct),
      cell(f.recomputed, f.unit),
      mark,
    ];
  });
  const header = ["figure", "ours", block.source_name, "diff", "its way, recomputed", "why"];
  return [
    importHeading(block),
    ...textTable([header, ...rows], [0, 5]).map((line) => `  ${line}`),
    ...reasons.map((r, i) => `  [${i + 1}] ${r}`),
    ...block.notes.map((n) => `  note: ${n}`),
  ];
}
