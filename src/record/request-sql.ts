/**
 * @module record/request-sql — events.db's `requests` table, written out from record/request-fields: its columns, its inserts, its reader's SELECT.
 *
 * Rows are inserted through one of two statements: most rows leave the `rare` fields at their
 * defaults and bind only the others (each bound value costs the insert); a row that sets one
 * binds them all. The call that binds them, an argument per field as a hand-written call would
 * be, is record/request-insert (generated ahead of time by scripts/make-record-code.ts).
 */
import type { Database } from "bun:sqlite";
import { FIELD_LIST, type FieldName, type FieldSpec } from "./request-field-lists.ts";

type Field = FieldSpec & { name: FieldName };

const IN_REQUESTS = FIELD_LIST.filter((f) => f.table === undefined);
const IN_REQUEST_CONTENT = FIELD_LIST.filter((f) => f.table === "request_content");

/** The `requests` table as record/request-fields declares it (`id` first, then every field in order). */
export const REQUESTS_TABLE = `CREATE TABLE IF NOT EXISTS requests (
  id INTEGER PRIMARY KEY,
  ${IN_REQUESTS.map((f) => `${f.column} ${f.sql}`).join(",\n  ")});`;

/**
 * What each body sent carried, a row per (phase, dataset row, model) — the keys a request row joins it on — so
 * counting it after the run rewrites no request row (a thousand rows for a million requests of a thousand-row dataset).
 */
export const REQUEST_CONTENT_TABLE = `CREATE TABLE IF NOT EXISTS request_content (
  phase TEXT NOT NULL, sample_index INTEGER NOT NULL, model INTEGER NOT NULL,
  ${IN_REQUEST_CONTENT.map((f) => `${f.column} ${f.sql}`).join(", ")},
  PRIMARY KEY (phase, sample_index, model)) WITHOUT ROWID;`;

const columnsOf = (db: Database, table: string): string[] =>
  (db.query(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name);

/**
 * What a file's request rows are read from: `requests`, joined to what their bodies carried where the file has that
 * table (from schema 8; a schema-7 file holds the same columns in `requests`), and the columns the two offer, each
 * once. USING keeps the keys' unqualified names.
 */
export function requestRowSource(db: Database): { columns: string[]; from: string } {
  const content = columnsOf(db, "request_content");
  return {
    columns: [...new Set([...columnsOf(db, "requests"), ...content])],
    from: content.length > 0 ? "requests LEFT JOIN request_content USING (phase, sample_index, model)" : "requests",
  };
}

const STORED = FIELD_LIST.filter((f) => f.wire !== "after-run");
const COMMON = STORED.filter((f) => !f.rare);
const RARE = STORED.filter((f) => f.rare);

const insertSql = (fields: readonly Field[]) =>
  `INSERT INTO requests (${fields.map((f) => f.column).join(", ")}) VALUES (${fields.map(() => "?").join(",")})`;
export const INSERT_COMMON = insertSql(COMMON);
export const INSERT_ALL = insertSql([...COMMON, ...RARE]);

/** A typed array's bytes, for a BLOB column (no copy). */
export function bytesOf(array: Float64Array | Uint32Array | Uint16Array | null): Uint8Array | null {
  return array ? new Uint8Array(array.buffer, array.byteOffset, array.byteLength) : null;
}

/**
 * The SELECT list of what the metric columns read back (metrics/read-phase), under the fields'
 * names: a column a file from before it existed lacks reads as its `before` value.
 */
export function metricSelectList(columns: ReadonlySet<string>): string {
  return FIELD_LIST.filter((f) => f.metric !== undefined)
    .map((f) =>
      columns.has(f.column) || f.before === undefined ? `${f.column} AS ${f.name}` : `${f.before} AS ${f.name}`,
    )
    .join(", ");
}
