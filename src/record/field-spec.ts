/**
 * @module record/field-spec — the shape of one request-record field's declaration (record/request-fields) and the
 * builders for the kinds of field that recur there.
 */

/** Where an output/input token count came from, best first. */
export type TokenSource = "server_usage" | "tokenizer" | "chunk_count" | "none";

/**
 * How a field crosses from a worker to main (ipc/record-batch): once per frame; a float64
 * column (`nan`: NaN is its "unknown", stored as NULL; `nullable`: null travels as NaN); `sparse`:
 * a number most records leave null, as (record index, value) pairs of the records that set it; a
 * one-byte code into the frame's dictionary; a sparse list of texts; typed arrays end to end.
 * `after-run` columns exist only in events.db (counted once the run is over); `plan` ones main sets from
 * the phase's plan as a worker's records arrive (run/session), so no worker sends them.
 */
type Wire =
  | "frame"
  | "number"
  | "nan"
  | "nullable"
  | "sparse"
  | "code"
  | "text"
  | "f64s"
  | "u16s"
  | "u32s"
  | "after-run"
  | "plan";
/** The typed array a metric column is held in (metrics/phase-columns); NaN fills float columns. */
type MetricArray = "f64" | "u16" | "u32";

export interface FieldSpec<T = unknown> {
  column: string;
  sql: string;
  wire: Wire;
  unit: "name" | "index" | "ns" | "status" | "tokens" | "count" | "bits" | "text" | "attempt" | "bytes";
  /** Bound only in the insert for rows that differ from the default (most rows do not, and each bound value costs). */
  rare?: true;
  /** The SQL a file from before this column existed reads instead (metrics/read-phase). */
  before?: string;
  /** Read back into the metric columns: as a typed array of this kind, or `true` (a column of its own shape). */
  metric?: MetricArray | true;
  /** A producer may leave it out; it is then this value. */
  fallback?: T;
  /** Its value in the record of a request nothing answered (record/no-response-record); unset: null, 0 for a NOT NULL integer, NaN for a `nan` instant. */
  unanswered?: T;
  /**
   * Stored in this table instead of `requests`, one row per (phase, dataset row, model) and read back by a join
   * (record/request-sql): a value every request sending the same body shares, written once the run is over
   * without rewriting a request row.
   */
  table?: "request_content";
  /** The field's value type, for the type system only: undefined at run time. */
  readonly type: T;
}

export const of = <T>(): T => undefined as T;
/**
 * A count or duration most responses do not carry: sent and bound only when set, null for older files and
 * producers that do not measure it.
 */
export const nullableRare = (column: string, unit: "ns" | "tokens" | "count") =>
  ({
    type: of<number | null>(),
    column,
    sql: "INTEGER",
    wire: "sparse",
    unit,
    rare: true,
    before: "NULL",
    fallback: null,
  }) as const;
/** A small number most rows leave at 0: bound only when set, 0 for older files. */
const ZERO_DEFAULT = { sql: "INTEGER NOT NULL DEFAULT 0", wire: "number", before: "0", metric: "u16" } as const;
export const smallRare = (column: string, unit: "bits" | "index") =>
  ({ ...ZERO_DEFAULT, type: of<number>(), column, unit, rare: true }) as const;
/** A count written into events.db after the run, read back as a metric column; NULL in files from before it. */
export const afterRunCount = (column: string, unit: "count" | "tokens" | "ns" | "bytes") =>
  ({
    type: of<number | null>(),
    column,
    sql: "INTEGER",
    wire: "after-run",
    unit,
    before: "NULL",
    metric: "f64",
  }) as const;
/** What a request's body carried, one row per body in `request_content` (record/request-sql); NULL in files from before it. */
export const bodyContentCount = (column: string, unit: "count" | "ns" | "bytes") =>
  ({ ...afterRunCount(column, unit), table: "request_content" }) as const;
/** An id a response may carry, kept to join a row with the server's log; null when it names none. */
export const nullableText = (column: string) =>
  ({ type: of<string | null>(), column, sql: "TEXT", wire: "text", unit: "text", fallback: null }) as const;
