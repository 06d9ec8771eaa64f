/**
 * @module metrics/read-phase — reads one phase of events.db back into metric columns.
 *
 * Rows are streamed (iterate), never held, and their garbage is collected as the scan goes
 * (garbage-pacer.ts), so a million requests cost about their typed arrays. Works on a database
 * left by a crashed or killed run, and on one written before the `attempt` column existed
 * (schema 1: every row a first attempt) or before the stream-notes columns (schema 2).
 * Superseded attempts (retries, and reconnects after a stale connection) are counted, not read.
 */
import { Database } from "bun:sqlite";
import { PhaseColumnsBuilder, type ColumnRow, type PhaseColumns } from "./phase-columns.ts";
import { garbagePacer, ROWS_PER_COLLECTION } from "../record/garbage-pacer.ts";
import { metricSelectList, requestRowSource } from "../record/request-sql.ts";

/** A requests row under the builder's field names, blobs still bytes. */
type Row = Omit<ColumnRow, "sentNs" | "chunkGapsNs" | "chunkTokens"> & {
  sentNs: number | null;
  chunkGapsNs: Uint8Array | Float64Array | null;
  chunkTokens: Uint8Array | Uint16Array | null;
  planIndex: number;
  attempt: number;
};

/** A blob's bytes as float64s, copied only when SQLite's buffer is not 8-byte aligned. */
function asFloat64(bytes: Uint8Array): Float64Array {
  const aligned = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  return new Float64Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 3);
}

/** A blob's bytes as uint16s, copied only when SQLite's buffer is not 2-byte aligned. */
function asUint16(bytes: Uint8Array): Uint16Array {
  const aligned = bytes.byteOffset % 2 === 0 ? bytes : bytes.slice();
  return new Uint16Array(aligned.buffer, aligned.byteOffset, aligned.byteLength >> 1);
}

export function openEventsDbReadonly(path: string): Database {
  return new Database(path, { readonly: true });
}

export function readRunMeta(db: Database): Record<string, string> {
  const rows = db.query("SELECT key, value FROM run").all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

interface PhaseRow {
  name: string;
  kind: string;
  start_ns: number | null;
  end_ns: number | null;
  planned: number;
  sent: number;
  state: string;
}

export function readPhases(db: Database): PhaseRow[] {
  return db
    .query("SELECT name, kind, start_ns, end_ns, planned, sent, state FROM phases ORDER BY start_ns")
    .all() as PhaseRow[];
}

/** The rows of a phase, or of one model's requests in it (`requests.model`, a model mix's breakdown). */
interface RowFilter {
  where: string;
  args: [string] | [string, number];
}

const rowFilter = (phase: string, model: number | null): RowFilter =>
  model === null ? { where: "phase = ?", args: [phase] } : { where: "phase = ? AND model = ?", args: [phase, model] };

/** Plan entries that were retried → their last attempt (empty when nothing was retried). */
function lastAttempts(db: Database, filter: RowFilter): Map<number, number> {
  const rows = db
    .query(
      `SELECT plan_index AS p, MAX(attempt) AS a FROM requests WHERE ${filter.where} AND attempt > 0 GROUP BY plan_index`,
    )
    .all(...filter.args) as { p: number; a: number }[];
  return new Map(rows.map((r) => [r.p, r.a]));
}

interface PhaseCounts {
  /** Rows of the phase, retried attempts included. */
  total: number;
  /** Rows that are a retry or a reconnect (attempt > 0). */
  retries: number;
  /** Rows of attempts sent again on a new connection (`stale_connection`). */
  reconnects: number;
  /** Token gaps of the phase's successful streams before spreading: the ITL column's first size. */
  gaps: number;
}

/** The phase's row counts in one scan of the table (three queries would scan it three times). */
function phaseCounts(db: Database, rows: RowFilter, withAttempts: boolean): PhaseCounts {
  return db
    .query(`SELECT COUNT(*) AS total, ${withAttempts ? "COALESCE(SUM(attempt > 0), 0)" : "0"} AS retries,
      COALESCE(SUM(error_kind = 'stale_connection'), 0) AS reconnects,
      COALESCE(SUM(CASE WHEN error_kind IS NULL THEN length(chunk_gaps_ns) END), 0) / 8 AS gaps FROM requests WHERE ${rows.where}`)
    .get(...rows.args) as PhaseCounts;
}

/** Chunk-gap blob bytes that leave as much garbage behind as a row's own object and strings. */
const GAP_BYTES_WEIGHING_A_ROW = 124;

/**
 * Rows between full collections for this phase: ROWS_PER_COLLECTION, fewer when rows carry
 * chunk-gap blobs, each read back as a typed array over a copy of its bytes: their garbage
 * raises the peak RSS unless collected sooner. Rows without blobs gain nothing from more
 * collections, which only slow the read down.
 */
export function rowsPerCollection(rows: number, gaps: number): number {
  const meanGapBytes = rows > 0 ? (gaps * Float64Array.BYTES_PER_ELEMENT) / rows : 0;
  return Math.max(1, Math.round(ROWS_PER_COLLECTION / (1 + meanGapBytes / GAP_BYTES_WEIGHING_A_ROW)));
}

/**
 * `untracked`: plan entries left out of the phase (a conversation run's tail, metrics/conversation-window);
 * `model`: only the requests to that model (an index into events.db's `models`), else all.
 */
export function readPhaseColumns(
  db: Database,
  phase: string,
  untracked: ReadonlySet<number> = new Set(),
  model: number | null = null,
): PhaseColumns {
  const source = requestRowSource(db);
  const columns = new Set(source.columns);
  const withAttempts = columns.has("attempt");
  const rows = rowFilter(phase, model);
  const { total, retries, reconnects, gaps } = phaseCounts(db, rows, withAttempts);
  const lastOf = retries > 0 ? lastAttempts(db, rows) : new Map<number, number>();
  const count = total - retries - untracked.size;
  const builder = new PhaseColumnsBuilder(count, { retries: retries - reconnects, reconnects }, gaps);
  const pace = garbagePacer(rowsPerCollection(count, gaps));
  // Columns come back under the builder's field names (record/request-sql), so a row is handed over as it is read.
  const query = db.query(`SELECT ${metricSelectList(columns)} FROM ${source.from} WHERE ${rows.where} ORDER BY id`);
  let added = 0;
  for (const row of query.iterate(...rows.args) as IterableIterator<Row>) {
    pace();
    if (added >= count) break;
    if (retries > 0 && row.attempt < (lastOf.get(row.planIndex) ?? 0)) continue;
    if (untracked.size > 0 && untracked.has(row.planIndex)) continue;
    // The row object is ours: its blobs become typed arrays in place, and only where ITL needs them (a successful stream).
    const spread = row.errorKind === null && row.chunkGapsNs !== null;
    row.chunkGapsNs = spread ? asFloat64(row.chunkGapsNs as Uint8Array) : null;
    row.chunkTokens = spread && row.chunkTokens ? asUint16(row.chunkTokens as Uint8Array) : null;
    row.sentNs ??= Number.NaN;
    builder.add(row as ColumnRow);
    added++;
  }
  return builder.finish();
}
