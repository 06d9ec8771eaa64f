/**
 * @module record/read-phase — reads one phase of events.db back into metric columns.
 *
 * Rows are streamed (iterate), never materialised as objects, so a million requests cost only
 * their typed arrays. Works on a database left by a crashed or killed run.
 */
import { Database } from "bun:sqlite";
import { spreadChunkGaps, type PhaseColumns } from "../metrics/phase-columns.ts";
import type { TokenSource } from "./request-record.ts";

const MAX_ERROR_SAMPLES_PER_KIND = 3;

interface Row {
  scheduled_ns: number; sent_ns: number | null; response_headers_ns: number | null; first_token_ns: number | null;
  done_ns: number; http_status: number; error_kind: string | null; error_message: string | null;
  input_tokens: number | null; output_tokens: number | null; reasoning_tokens: number | null;
  token_source: string; tokenizer_output_tokens: number | null; chunk_count: number; chunk_gaps_ns: Uint8Array | null; chunk_tokens: Uint8Array | null;
  finish_reason: string | null;
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

export function readPhaseColumns(db: Database, phase: string): PhaseColumns {
  const count = (db.query("SELECT COUNT(*) AS n FROM requests WHERE phase = ?").get(phase) as { n: number }).n;
  const nan = () => new Float64Array(count).fill(Number.NaN);
  const cols: PhaseColumns = {
    count, scheduledNs: new Float64Array(count), sentNs: new Float64Array(count), responseHeadersNs: nan(),
    firstTokenNs: nan(), doneNs: new Float64Array(count), httpStatus: new Uint16Array(count),
    failed: new Uint8Array(count), errorKinds: new Array(count).fill(null), errorSamples: [],
    inputTokens: nan(), outputTokens: nan(), reasoningTokens: nan(), tokenSources: new Array(count).fill("none"),
    tokenizerOutputTokens: nan(),
    chunkCount: new Uint32Array(count), itlNs: new Float64Array(0), finishReasons: new Array(count).fill(null),
  };
  const itl: number[] = [];
  const samplesPerKind = new Map<string, number>();
  const query = db.query(`SELECT scheduled_ns, sent_ns, response_headers_ns, first_token_ns, done_ns, http_status,
    error_kind, error_message, input_tokens, output_tokens, reasoning_tokens, token_source, tokenizer_output_tokens, chunk_count,
    chunk_gaps_ns, chunk_tokens, finish_reason FROM requests WHERE phase = ? ORDER BY id`);
  let i = 0;
  for (const row of query.iterate(phase) as IterableIterator<Row>) {
    if (i >= count) break;
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
    if (row.error_kind !== null) {
      const seen = samplesPerKind.get(row.error_kind) ?? 0;
      if (seen < MAX_ERROR_SAMPLES_PER_KIND) cols.errorSamples.push({ kind: row.error_kind, message: row.error_message ?? "" });
      samplesPerKind.set(row.error_kind, seen + 1);
    }
    i++;
  }
  cols.itlNs = Float64Array.from(itl);
  return cols;
}
