/**
 * @module record/read-phase — reads one phase of events.db back into metric columns.
 *
 * Rows are streamed (iterate), never materialised as objects, so a million requests cost only
 * their typed arrays. Works on a database left by a crashed or killed run, and on one written
 * before the `attempt` column existed (schema 1: every row a first attempt). Retried attempts
 * (rows superseded by a later attempt of the same plan entry) are counted, not read.
 */
import { Database } from "bun:sqlite";
import { ErrorSampler, spreadChunkGaps, type PhaseColumns } from "../metrics/phase-columns.ts";
import type { TokenSource } from "./request-record.ts";

interface Row {
  scheduled_ns: number; sent_ns: number | null; response_headers_ns: number | null; first_token_ns: number | null;
  done_ns: number; http_status: number; error_kind: string | null; error_message: string | null;
  input_tokens: number | null; output_tokens: number | null; reasoning_tokens: number | null;
  token_source: string; tokenizer_output_tokens: number | null; chunk_count: number; chunk_gaps_ns: Uint8Array | null; chunk_tokens: Uint8Array | null;
  finish_reason: string | null; plan_index: number; attempt: number;
}

function asFloat64(bytes: Uint8Array): Float64Array {
  const copy = bytes.slice();
  return new Float64Array(copy.buffer, 0, copy.byteLength / 8);
}

function asUint16(bytes: Uint8Array): Uint16Array {
  const copy = bytes.slice();
  return new Uint16Array(copy.buffer, 0, copy.byteLength / 2);
}

export function openEventsDbReadonly(path: string): Database {
  return new Database(path, { readonly: true });
}

export function readRunMeta(db: Database): Record<string, string> {
  const rows = db.query("SELECT key, value FROM run").all() as { key: string; value: string }[];
  return Object.fromEntries(rows.map((r) => [r.key, r.value]));
}

export interface PhaseRow {
  name: string; kind: string; start_ns: number | null; end_ns: number | null; planned: number; sent: number; state: string;
}

export function readPhases(db: Database): PhaseRow[] {
  return db.query("SELECT name, kind, start_ns, end_ns, planned, sent, state FROM phases ORDER BY start_ns").all() as PhaseRow[];
}

function hasAttemptColumn(db: Database): boolean {
  return (db.query("PRAGMA table_info(requests)").all() as { name: string }[]).some((c) => c.name === "attempt");
}

/** Plan entries that were retried → their last attempt (empty when nothing was retried). */
function lastAttempts(db: Database, phase: string): Map<number, number> {
  const rows = db.query("SELECT plan_index AS p, MAX(attempt) AS a FROM requests WHERE phase = ? AND attempt > 0 GROUP BY plan_index").all(phase) as { p: number; a: number }[];
  return new Map(rows.map((r) => [r.p, r.a]));
}

export function readPhaseColumns(db: Database, phase: string): PhaseColumns {
  const withAttempts = hasAttemptColumn(db);
  const total = (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = ?").get(phase) as { n: number }).n;
  const retries = withAttempts ? (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = ? AND attempt > 0").get(phase) as { n: number }).n : 0;
  const lastOf = retries > 0 ? lastAttempts(db, phase) : new Map<number, number>();
  const count = total - retries;
  const nan = () => new Float64Array(count).fill(Number.NaN);
  const cols: PhaseColumns = {
    count, retries, scheduledNs: new Float64Array(count), sentNs: new Float64Array(count), responseHeadersNs: nan(),
    firstTokenNs: nan(), doneNs: new Float64Array(count), httpStatus: new Uint16Array(count),
    failed: new Uint8Array(count), errorKinds: new Array(count).fill(null), errorSamples: [],
    inputTokens: nan(), outputTokens: nan(), reasoningTokens: nan(), tokenSources: new Array(count).fill("none"),
    tokenizerOutputTokens: nan(),
    chunkCount: new Uint32Array(count), itlNs: new Float64Array(0), finishReasons: new Array(count).fill(null),
  };
  const itl: number[] = [];
  const sampler = new ErrorSampler();
  const query = db.query(`SELECT scheduled_ns, sent_ns, response_headers_ns, first_token_ns, done_ns, http_status,
    error_kind, error_message, input_tokens, output_tokens, reasoning_tokens, token_source, tokenizer_output_tokens, chunk_count,
    chunk_gaps_ns, chunk_tokens, finish_reason, plan_index, ${withAttempts ? "attempt" : "0 AS attempt"} FROM requests WHERE phase = ? ORDER BY id`);
  let i = 0;
  for (const row of query.iterate(phase) as IterableIterator<Row>) {
    if (i >= count) break;
    if (retries > 0 && row.attempt < (lastOf.get(row.plan_index) ?? 0)) continue;
    cols.scheduledNs[i] = row.scheduled_ns;
    cols.sentNs[i] = row.sent_ns ?? Number.NaN;
    if (row.response_headers_ns !== null) cols.responseHeadersNs[i] = row.response_headers_ns;
    if (row.first_token_ns !== null) cols.firstTokenNs[i] = row.first_token_ns;
    cols.doneNs[i] = row.done_ns;
    cols.httpStatus[i] = row.http_status;
    cols.failed[i] = row.error_kind === null ? 0 : 1;
    cols.errorKinds[i] = row.error_kind;
    if (row.input_tokens !== null) cols.inputTokens[i] = row.input_tokens;
    if (row.output_tokens !== null) cols.outputTokens[i] = row.output_tokens;
    if (row.reasoning_tokens !== null) cols.reasoningTokens[i] = row.reasoning_tokens;
    cols.tokenSources[i] = row.token_source as TokenSource;
    if (row.tokenizer_output_tokens !== null) cols.tokenizerOutputTokens[i] = row.tokenizer_output_tokens;
    cols.chunkCount[i] = row.chunk_count;
    cols.finishReasons[i] = row.finish_reason;
    if (row.error_kind === null && row.chunk_gaps_ns) {
      spreadChunkGaps(asFloat64(row.chunk_gaps_ns), row.chunk_tokens ? asUint16(row.chunk_tokens) : null, itl);
    }
    if (row.error_kind !== null) sampler.add(row.error_kind, row.error_message ?? "");
    i++;
  }
  cols.errorSamples = sampler.samples;
  cols.itlNs = Float64Array.from(itl);
  return cols;
}
