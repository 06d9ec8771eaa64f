/**
 * @module scripts/record-code/row-sources — the sources of src/record/request-insert.ts (a record as events.db's row) and
 * src/metrics/fill-metric-arrays.ts (a row into the metric columns).
 *
 * Both are a statement or an argument per field, as a hand-written call would be: the insert runs for
 * every row main writes, the fill for every row a report reads. The expressions are the ones
 * record/request-sql and metrics/phase-columns built with `new Function` until they were generated
 * ahead of time; laid out as the formatter lays them out.
 */
import { FIELD_LIST, METRIC_ARRAY_FIELDS } from "../../src/record/request-field-lists.ts";
import { bareRead, type CodeField, generatedHeader, readExpression } from "./code-text.ts";

const STORED = FIELD_LIST.filter((f) => f.wire !== "after-run");
const COMMON = STORED.filter((f) => !f.rare);
const RARE = STORED.filter((f) => f.rare);

/** The SQL value of `f` in record `r`: NaN and typed arrays as SQLite takes them. */
function valueExpression(f: CodeField): string {
  const read = bareRead("r", f);
  if (f.wire === "nan") return `Number.isNaN(${read}) ? null : ${read}`;
  if (f.wire === "f64s" || f.wire === "u16s" || f.wire === "u32s") return `bytesOf(${read})`;
  return read;
}

/** A rare field at its default: 0 for a number column with DEFAULT 0, else null (a fallback of null adds nothing to `?? null`). */
function atDefault(f: CodeField): string {
  if (f.wire === "number" || f.wire === "plan") return `${readExpression("r", f)} === 0`;
  return f.fallback === undefined || f.fallback === null
    ? `(r.${f.name} ?? null) === null`
    : `(${readExpression("r", f)} ?? null) === null`;
}

const call = (statement: string, fields: readonly CodeField[]) => [
  `    ${statement}.run(`,
  ...fields.map((f) => `      ${valueExpression(f)},`),
  "    );",
];

/** The text of src/record/request-insert.ts. */
export function requestInsertText(): string {
  const rare = RARE.map(atDefault);
  return [
    ...generatedHeader(
      "record/request-insert",
      "one record as a row of events.db's `requests`, an argument per field",
      "scripts/record-code/row-sources",
    ),
    'import type { Statement } from "bun:sqlite";',
    'import type { RequestRecord } from "./request-record.ts";',
    'import { bytesOf } from "./request-sql.ts";',
    "",
    "/**",
    " * Inserts `r` with `common` (record/request-sql's INSERT_COMMON) when its rare fields are at their",
    " * defaults, binding only the others (each bound value costs the insert), else with `all` (INSERT_ALL).",
    " */",
    "export function insertRequest(common: Statement, all: Statement, r: RequestRecord): void {",
    ...(rare.length === 0
      ? ["  if (true)"]
      : ["  if (", ...rare.map((c, k) => `    ${c}${k < rare.length - 1 ? " &&" : ""}`), "  )"]),
    ...call("common", COMMON),
    "  else",
    ...call("all", [...COMMON, ...RARE]),
    "}",
    "",
  ].join("\n");
}

/** The text of src/metrics/fill-metric-arrays.ts. */
export function fillMetricArraysText(): string {
  return [
    ...generatedHeader(
      "metrics/fill-metric-arrays",
      "one row's numeric fields into the metric columns, a statement per field",
      "scripts/record-code/row-sources",
    ),
    'import type { MetricArrays, MetricRow } from "../record/request-field-lists.ts";',
    "",
    "/** Copies row `row`'s numeric fields into columns `cols` at `i`, null as NaN (metrics/phase-columns). */",
    "export function fillMetricArrays(cols: MetricArrays, row: MetricRow, i: number): void {",
    ...METRIC_ARRAY_FIELDS.map((f) => `  cols.${f.name}[i] = row.${f.name} ?? NaN;`),
    "}",
    "",
  ].join("\n");
}
