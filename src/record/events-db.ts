/**
 * @module record/events-db — events.db: one row per request, written by the main process.
 *
 * WAL mode with synchronous=NORMAL: a crash or kill -9 loses at most the last uncommitted batch
 * and the file always opens. Rows arrive in batches (one worker frame) and are inserted in one
 * transaction each. The `requests` table and its inserts come from record/request-fields (record/request-sql).
 */
import { Database, type Statement } from "bun:sqlite";
import { sharedChunkTokens } from "../tokens/chunk-tokens.ts";
import type { RequestRecord } from "./request-record.ts";
import type { RequestContent } from "../dataset/request-content.ts";
import { insertRequest } from "./request-insert.ts";
import { bytesOf, INSERT_ALL, INSERT_COMMON, REQUEST_CONTENT_TABLE, REQUESTS_TABLE } from "./request-sql.ts";
import { ServerMetricsTable } from "./server-metrics-table.ts";
import { MODELS_TABLE, writeModels, type RunModel } from "./run-models.ts";

export const EVENTS_DB_FILE = "events.db";
/**
 * 2: `requests.attempt` (retries). 3: `hidden_tokens`, `stream_notes`, `chunk_chars`. 4: TPOT's
 * `first_chunk_chars` and `tokenizer_tokens_after_first`, the server's per-request figures, `worker_health`.
 * 5: `requests.model` and the `models` table it indexes (record/run-models). 6: `requests.input_count`
 * (embeddings and rerank). 7: what each body carried: `images`, `audio_ns`, `videos`, `request_bytes`. 8: those
 * four in their own table, `request_content`, a row per body joined on (phase, sample_index, model).
 */
const SCHEMA_VERSION = 8;
/**
 * How long opening events.db waits for another connection's lock: switching to WAL needs the file
 * to itself, and a reader (a user's sqlite3, a script polling the run) may hold it for a moment.
 * Once in WAL mode readers never block the writer, so only the open can wait.
 */
const OPEN_BUSY_TIMEOUT_MS = 10_000;
/** Rows per chunk when counting tokens after the run (a full GC after each). */
const TOKENIZER_CHUNK_ROWS = 20_000;

const SCHEMA = `
CREATE TABLE IF NOT EXISTS run (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS phases (
  name TEXT PRIMARY KEY, kind TEXT NOT NULL, start_ns INTEGER, end_ns INTEGER,
  planned INTEGER NOT NULL DEFAULT 0, sent INTEGER NOT NULL DEFAULT 0, state TEXT NOT NULL DEFAULT 'running');
${REQUESTS_TABLE}
${REQUEST_CONTENT_TABLE}
CREATE TABLE IF NOT EXISTS worker_health (
  phase TEXT NOT NULL, worker INTEGER NOT NULL, t_ns INTEGER NOT NULL, lateness_ns INTEGER NOT NULL, cpu REAL NOT NULL);
${MODELS_TABLE}
`;

/** A blob's bytes as uint32s (copied: SQLite's buffer need not be aligned). */
function asUint32(bytes: Uint8Array): Uint32Array {
  return new Uint32Array(bytes.slice().buffer, 0, bytes.byteLength >> 2);
}

export class EventsDb {
  private readonly db: Database;
  private readonly insert: Statement;
  private readonly insertWithNotes: Statement;
  private readonly insertMany: (records: readonly RequestRecord[]) => void;
  private serverMetricsTable: ServerMetricsTable | null = null;

  constructor(path: string) {
    this.db = new Database(path, { create: true });
    this.db.exec(
      `PRAGMA busy_timeout = ${OPEN_BUSY_TIMEOUT_MS}; PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL;`,
    );
    this.db.exec(SCHEMA);
    this.insert = this.db.prepare(INSERT_COMMON);
    this.insertWithNotes = this.db.prepare(INSERT_ALL);
    this.insertMany = this.db.transaction((records: readonly RequestRecord[]) => {
      for (const r of records) insertRequest(this.insert, this.insertWithNotes, r);
    });
    this.setMeta("schema_version", String(SCHEMA_VERSION));
  }

  addRecords(records: readonly RequestRecord[]): void {
    if (records.length > 0) this.insertMany(records);
  }

  /** A worker's loop-health samples (worker/loop-health): flattened (end of window, worst lateness, CPU fraction) triples. */
  addWorkerHealth(phase: string, worker: number, samples: Float64Array): void {
    const insert = this.db.prepare(
      "INSERT INTO worker_health (phase, worker, t_ns, lateness_ns, cpu) VALUES (?, ?, ?, ?, ?)",
    );
    this.db.transaction(() => {
      for (let k = 0; k + 2 < samples.length; k += 3)
        insert.run(
          phase,
          worker,
          Math.round(samples[k] as number),
          Math.round(samples[k + 1] as number),
          samples[k + 2] as number,
        );
    })();
    insert.finalize();
  }

  /** The server's scraped metrics (created on first use: a run without them has no such tables). */
  serverMetrics(): ServerMetricsTable {
    this.serverMetricsTable ??= new ServerMetricsTable(this.db);
    return this.serverMetricsTable;
  }

  setMeta(key: string, value: string): void {
    this.db
      .prepare("INSERT INTO run (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value")
      .run(key, value);
  }

  /** The run's models, whose indices the requests' `model` column holds (written once, before the first phase). */
  setModels(models: readonly RunModel[]): void {
    writeModels(this.db, models);
  }

  startPhase(name: string, kind: string, startNs: number, planned: number): void {
    this.db
      .prepare(
        "INSERT INTO phases (name, kind, start_ns, planned) VALUES (?, ?, ?, ?) ON CONFLICT(name) " +
          "DO UPDATE SET start_ns = excluded.start_ns, planned = excluded.planned",
      )
      .run(name, kind, startNs, planned);
  }

  endPhase(name: string, endNs: number, sent: number, state: string): void {
    this.db.prepare("UPDATE phases SET end_ns = ?, sent = ?, state = ? WHERE name = ?").run(endNs, sent, state, name);
  }

  /**
   * After the run (never on the hot path): client-side token counts for every request. Where the
   * server sent no usage, they become the request's token counts (source "tokenizer"); where it
   * did, they are kept beside it so the report can show the discrepancy. A stream without usage
   * that kept its chunks' lengths (`chunk_chars`) gets its tokens per chunk from the tokenizer's
   * total, shared by those lengths, so ITL is per token here too (tokens/chunk-tokens). A stream
   * that kept its first chunk's length gets the count of the text after it: TPOT's tokens; one
   * that reasoned, the count of its reasoning text (before the answer) apart (metrics/reasoning-split).
   * `chunkRows` is the rows read at a time: the default everywhere but in tests, which cross
   * chunk boundaries with a few rows instead of tens of thousands.
   */
  applyTokenizerCounts(
    phase: string,
    inputTokensOfRow: (sampleIndex: number, model: number) => number | null,
    outputTokensOf: (text: string, model: number) => number | null,
    chunkRows: number = TOKENIZER_CHUNK_ROWS,
  ): number {
    type Row = {
      id: number;
      sample_index: number;
      model: number;
      response_text: string | null;
      chunk_chars: Uint8Array | null;
      first_chunk_chars: number | null;
      reasoning_text_chars: number | null;
      token_source: string;
    };
    // A chunk of rows at a time (keyset on id): a million response texts at once would be
    // hundreds of MB in the main process at the end of the run.
    const select =
      this.db.prepare(`SELECT id, sample_index, model, response_text, chunk_chars, first_chunk_chars, reasoning_text_chars, token_source FROM requests
      WHERE error_kind IS NULL AND phase = ? AND id > ? ORDER BY id LIMIT ${chunkRows}`);
    const update = this.db.prepare(`UPDATE requests SET tokenizer_input_tokens = ?1, tokenizer_output_tokens = ?2,
      input_tokens = COALESCE(input_tokens, ?1),
      output_tokens = CASE WHEN token_source = 'server_usage' OR ?2 IS NULL THEN output_tokens ELSE ?2 END,
      token_source = CASE WHEN token_source = 'server_usage' OR ?2 IS NULL THEN token_source ELSE 'tokenizer' END,
      chunk_tokens = COALESCE(?4, chunk_tokens), tokenizer_tokens_after_first = ?5, tokenizer_reasoning_tokens = ?6
      WHERE id = ?3`);
    let counted = 0;
    this.db.transaction(() => {
      for (let lastId = Number.MIN_SAFE_INTEGER; ; ) {
        const rows = select.all(phase, lastId) as Row[];
        for (const row of rows) {
          // A model of a mix counts with its own tokenizer (run/model-tokenizers); null: none counts it.
          const output = row.response_text === null ? null : outputTokensOf(row.response_text, row.model);
          const perChunk =
            output !== null && row.chunk_chars && row.token_source !== "server_usage"
              ? sharedChunkTokens(output, asUint32(row.chunk_chars))
              : null;
          // As upstream's TPOT: the tokens of the text after the first chunk, counted on their own.
          const afterFirst =
            row.response_text === null || row.first_chunk_chars === null
              ? null
              : outputTokensOf(row.response_text.slice(row.first_chunk_chars), row.model);
          const reasoning =
            row.response_text === null || row.reasoning_text_chars === null
              ? null
              : outputTokensOf(row.response_text.slice(0, row.reasoning_text_chars), row.model);
          const input = inputTokensOfRow(row.sample_index, row.model);
          update.run(input, output, row.id, bytesOf(perChunk), afterFirst, reasoning);
        }
        counted += rows.length;
        if (rows.length < chunkRows) break;
        lastId = (rows[rows.length - 1] as Row).id;
        Bun.gc(true);
      }
    })();
    select.finalize();
    update.finalize();
    return counted;
  }

  /**
   * After the run: each successful request's `input_count` (embeddings, rerank), by the dataset row it sent; the
   * worker checked that its answer held that many (client/pooling-response), so nothing of it crosses the IPC.
   * Their only token counts are input tokens, so one the tokenizer gave (no usage) makes the row's source `tokenizer`.
   */
  applyInputCounts(phase: string, inputsOfSample: (sampleIndex: number) => number): void {
    const samples = this.db
      .query("SELECT DISTINCT sample_index AS s FROM requests WHERE phase = ? AND error_kind IS NULL")
      .all(phase) as { s: number }[];
    this.db.transaction(() => {
      this.db.exec("CREATE TEMP TABLE IF NOT EXISTS sample_inputs (sample_index INTEGER PRIMARY KEY, inputs INTEGER)");
      this.db.exec("DELETE FROM sample_inputs");
      const add = this.db.prepare("INSERT INTO sample_inputs VALUES (?, ?)");
      for (const { s } of samples) add.run(s, inputsOfSample(s));
      add.finalize();
      this.db
        .prepare(`UPDATE requests SET input_count = (SELECT inputs FROM sample_inputs WHERE sample_index = requests.sample_index),
          token_source = CASE WHEN token_source = 'none' AND tokenizer_input_tokens IS NOT NULL THEN 'tokenizer' ELSE token_source END
          WHERE phase = ? AND error_kind IS NULL`)
        .run(phase);
    })();
  }

  /**
   * After the run: what each body sent carried (dataset/request-content), a row per (dataset row, model) the phase's
   * plan sends — failed requests share it, their bytes went out all the same. No request row is touched: readers join
   * on those keys (record/request-sql), so a million requests over a thousand rows cost a thousand inserts.
   */
  applyRequestContent(
    phase: string,
    pairs: Iterable<readonly [sampleIndex: number, model: number]>,
    contentOf: (sampleIndex: number, model: number) => RequestContent | null,
  ): void {
    const add = this.db.prepare(
      `INSERT OR REPLACE INTO request_content (phase, sample_index, model, images, audio_ns, videos, request_bytes)
        VALUES (?, ?, ?, ?, ?, ?, ?)`,
    );
    this.db.transaction(() => {
      for (const [s, m] of pairs) {
        const c = contentOf(s, m);
        if (c) add.run(phase, s, m, c.images, c.audioNs === null ? null : Math.round(c.audioNs), c.videos, c.bytes);
      }
    })();
    add.finalize();
  }

  /** An imported run's streams that the source counted but did not time chunk by chunk: TPOT's tokens by plan index (import/). */
  setTokensAfterFirst(phase: string, tokens: ReadonlyMap<number, number>): void {
    const update = this.db.prepare(
      "UPDATE requests SET tokenizer_tokens_after_first = ? WHERE phase = ? AND plan_index = ?",
    );
    this.db.transaction(() => {
      for (const [planIndex, n] of tokens) update.run(n, phase, planIndex);
    })();
    update.finalize();
  }

  close(): void {
    this.db.close();
  }
}
