/**
 * @module record/request-sql — events.db's `requests` table, written out from record/request-fields: its columns, its inserts, its reader's SELECT.
 *
 * Rows are inserted through one of two statements: most rows leave the `rare` fields at their
 * defaults and bind only the others (each bound value costs the insert); a row that sets one
 * binds them all. The insert's argument list is generated once, field by field, as a hand-written
 * call would be (record/events-db runs it for every row).
 */
import type { Statement } from "bun:sqlite";
import { FIELD_LIST, readExpression, type FieldName, type FieldSpec } from "./request-field-lists.ts";
import type { RequestRecord } from "./request-record.ts";

type Field = FieldSpec & { name: FieldName };

/** The `requests` table as record/request-fields declares it (`id` first, then every field in order). */
export const REQUESTS_TABLE = `CREATE TABLE IF NOT EXISTS requests (
  id INTEGER PRIMARY KEY,
  ${FIELD_LIST.map((f) => `${f.column} ${f.sql}`).join(",\n  ")});`;

const STORED = FIELD_LIST.filter((f) => f.wire !== "after-run");
const COMMON = STORED.filter((f) => !f.rare);
const RARE = STORED.filter((f) => f.rare);

const insertSql = (fields: readonly Field[]) =>
  `INSERT INTO requests (${fields.map((f) => f.column).join(", ")}) VALUES (${fields.map(() => "?").join(",")})`;
export const INSERT_COMMON = insertSql(COMMON);
export const INSERT_ALL = insertSql([...COMMON, ...RARE]);

/** The SQL value of `f` in record `r`: NaN and typed arrays as SQLite takes them. */
function valueExpression(f: Field): string {
  const read = readExpression("r", f);
  if (f.wire === "nan") return `(Number.isNaN(${read}) ? null : ${read})`;
  if (f.wire === "f64s" || f.wire === "u16s" || f.wire === "u32s") return `bytesOf(${read})`;
  return read;
}

/** A rare field at its default: 0 for a number column with DEFAULT 0, else null. */
const atDefault = (f: Field) =>
  f.wire === "number" || f.wire === "plan"
    ? `${readExpression("r", f)} === 0`
    : `(${readExpression("r", f)} ?? null) === null`;

type Insert = (common: Statement, all: Statement, r: RequestRecord) => void;

/** A typed array's bytes, for a BLOB column (no copy). */
export function bytesOf(array: Float64Array | Uint32Array | Uint16Array | null): Uint8Array | null {
  return array ? new Uint8Array(array.buffer, array.byteOffset, array.byteLength) : null;
}

/** Inserts `r` with `common` (INSERT_COMMON) when its rare fields are at their defaults, else with `all` (INSERT_ALL). */
export const insertRequest = new Function(
  "bytesOf",
  `return (common, all, r) => {
  if (${RARE.map(atDefault).join(" && ") || "true"}) common.run(${COMMON.map(valueExpression).join(", ")});
  else all.run(${[...COMMON, ...RARE].map(valueExpression).join(", ")});
};`,
)(bytesOf) as Insert;

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
