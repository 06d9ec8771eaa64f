/**
 * @module scripts/bench/lib/least-client — the least a Bun client can do per response, for the bench's floor rows.
 *
 * `FloorRows` writes each response as one row of a real events.db (record/events-db, a worker
 * frame's worth of rows per transaction as main writes them, a gap per token as a streamed
 * record carries): the least recording the design asks for. `readLeast` reads a body as little
 * as any OpenAI-compatible client that reports TTFT, finish reason and usage can: the bytes
 * decoded to text, a stream cut into its events at blank lines, and JSON.parse of the events a
 * record needs — role, first content, finish and usage (4 of the mock's 36; the plain text
 * chunks between them are only cut out); a plain body parsed whole. Fewer checks than a correct
 * client makes, so a floor: fetch, JSON.parse and bun:sqlite with no code of ours.
 */
import { rmSync } from "node:fs";
import { EventsDb } from "../../../src/record/events-db.ts";
import type { RequestRecord } from "../../../src/record/request-record.ts";
import { FLUSH_BATCH } from "../../../workers/http-worker.ts";

/** Token gaps per streamed row: the mock's 32 tokens, one gap before each after the first. */
const GAPS_PER_STREAMED_ROW = 31;
const STREAM = { stream: true };
const DATA_PREFIX_LENGTH = "data: ".length;

export class FloorRows {
  private readonly db: EventsDb;
  private readonly pending: RequestRecord[] = [];

  constructor(
    path: string,
    private readonly streamed: boolean,
  ) {
    this.db = new EventsDb(path);
  }

  /** One row for a response: its send and read instants, and as many gaps as a streamed record carries. */
  add(planIndex: number, scheduledNs: number, sentNs: number, readNs: readonly number[]): void {
    const gaps = this.streamed ? new Float64Array(GAPS_PER_STREAMED_ROW) : null;
    if (gaps)
      for (let i = 1; i < readNs.length && i <= gaps.length; i++)
        gaps[i - 1] = (readNs[i] as number) - (readNs[i - 1] as number);
    this.pending.push({
      phase: "performance",
      planIndex,
      sampleIndex: planIndex % 1000,
      workerId: 0,
      endpointIndex: 0,
      scheduledNs,
      sentNs,
      responseHeadersNs: readNs[0] ?? null,
      firstTokenNs: this.streamed ? (readNs[0] ?? null) : null,
      doneNs: readNs[readNs.length - 1] ?? sentNs,
      httpStatus: 200,
      errorKind: null,
      errorMessage: null,
      inputTokens: 12,
      outputTokens: 32,
      reasoningTokens: null,
      tokenSource: "server_usage",
      chunkCount: this.streamed ? GAPS_PER_STREAMED_ROW + 1 : 1,
      chunkGapsNs: gaps,
      chunkTokens: null,
      finishReason: "length",
      hiddenTokens: null,
      streamNotes: 0,
      chunkChars: null,
      responseText: null,
      attempt: 0,
    });
    if (this.pending.length >= FLUSH_BATCH) this.flush();
  }

  /** Writes the rows added since the last flush, in one transaction. */
  flush(): void {
    this.db.addRecords(this.pending.splice(0));
  }

  close(): void {
    this.flush();
    this.db.close();
  }
}

/** Reads `body` to its end as text, a timestamp per read into `readNs`, and parses what a record needs. */
export async function readLeast(body: ReadableStream<Uint8Array>, streamed: boolean, readNs: number[]): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    readNs.push(Bun.nanoseconds());
    rest += decoder.decode(value, STREAM);
    if (!streamed) continue;
    let at = 0;
    for (let end = rest.indexOf("\n\n"); end !== -1; end = rest.indexOf("\n\n", at)) {
      events.push(rest.slice(at + DATA_PREFIX_LENGTH, end));
      at = end + 2;
    }
    rest = rest.slice(at);
  }
  if (!streamed) {
    JSON.parse(rest);
    return;
  }
  // Role, first content, finish, usage: the events before [DONE] that a record reads.
  const n = events.length;
  for (const i of [0, 1, n - 3, n - 2]) JSON.parse(events[i] as string);
}

/** Deletes a floor run's throwaway events.db with its WAL and shared-memory files. */
export function removeEventsDb(path: string): void {
  for (const suffix of ["", "-wal", "-shm"]) rmSync(path + suffix, { force: true });
}
