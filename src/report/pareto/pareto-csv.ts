/** @module report/pareto/pareto-csv — pareto.csv: one row per point, the columns of pareto.json's points. Pure. */
import type { ParetoPoint } from "./pareto-schema.ts";

const COLUMNS = [
  "label",
  "isl_osl",
  "step",
  "kind",
  "offered",
  "report_dir",
  "x",
  "y",
  "hollow",
  "on_frontier",
  "usd_per_million_output_tokens",
  "usd_per_million_tokens",
] as const satisfies readonly (keyof ParetoPoint)[];

/** A CSV field (RFC 4180): quoted when it holds a comma, quote or line break; empty for null. */
function field(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function paretoCsv(points: readonly ParetoPoint[]): string {
  const rows = points.map((p) => COLUMNS.map((c) => field(p[c])).join(","));
  return `${[COLUMNS.join(","), ...rows].join("\n")}\n`;
}
