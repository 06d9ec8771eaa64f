/**
 * @module record/export-csv — events.db's requests as CSV, one row per request (for spreadsheets and pandas).
 *
 * Every scalar column of the request record, in its declared order, what the body carried (`request_content`)
 * among them; the chunk blobs and response text are left out (they are arrays or large). Quoting follows
 * RFC 4180. Streams row by row, and its garbage is collected as the scan goes (garbage-pacer.ts).
 */
import { Database } from "bun:sqlite";
import { closeSync, openSync, writeSync } from "node:fs";
import { garbagePacer } from "./garbage-pacer.ts";
import { FIELD_LIST } from "./request-field-lists.ts";
import { requestRowSource } from "./request-sql.ts";

const SKIPPED = new Set(["chunk_gaps_ns", "chunk_tokens", "chunk_chars", "response_text"]);
/** A CSV row makes ~25 short-lived strings: collect more often than a plain scan. */
const ROWS_PER_COLLECTION = 20_000;

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const DECLARED = new Map(FIELD_LIST.map((f, i) => [f.column, i]));

/** `id`, then the columns as record/request-fields declares them, whichever table holds them; any other after, as found. */
function inDeclaredOrder(columns: readonly string[]): string[] {
  const rank = (c: string) => (c === "id" ? -1 : (DECLARED.get(c) ?? DECLARED.size));
  return columns
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** Writes the CSV to `outPath`; returns the number of data rows. */
export function exportRequestsCsv(dbPath: string, outPath: string): number {
  const db = new Database(dbPath, { readonly: true });
  const fd = openSync(outPath, "w");
  try {
    const source = requestRowSource(db);
    const columns = inDeclaredOrder(source.columns).filter((c) => !SKIPPED.has(c));
    writeSync(fd, `${columns.join(",")}\n`);
    let rows = 0;
    const lines: string[] = [];
    const pace = garbagePacer(ROWS_PER_COLLECTION);
    for (const row of db
      .query(`SELECT ${columns.join(", ")} FROM ${source.from} ORDER BY id`)
      .iterate() as IterableIterator<Record<string, unknown>>) {
      pace();
      lines.push(columns.map((c) => csvField(row[c])).join(","));
      rows++;
      if (lines.length === 10_000) writeSync(fd, `${lines.splice(0).join("\n")}\n`);
    }
    if (lines.length > 0) writeSync(fd, `${lines.join("\n")}\n`);
    return rows;
  } finally {
    closeSync(fd);
    db.close();
  }
}
