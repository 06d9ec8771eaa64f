/**
 * @module scripts/bench/bare-fetch — the floor set by Bun's fetch: the least a Bun client can do per request.
 *
 * `connections` loops, each POSTing the body and reading the whole response (streamed
 * responses read chunk by chunk with a reader, as the real client does) — no timing, no
 * parsing, no records. Whatever inference-endpoint costs above this is ours; this much is the
 * runtime's. Prints `{"requests": N, "seconds": S}` on stdout.
 *
 * With EVENTS_DB, also the least recording the design asks for, in the same process: every read
 * is timestamped and every response becomes one row of a real events.db (record/events-db,
 * a worker frame's worth of rows per transaction as main writes them, with a gap per token of the
 * response as a streamed record carries) — fetch plus bun:sqlite, without SSE parsing, IPC
 * or a second process.
 * Usage: `bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB]`.
 */
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { FLUSH_BATCH } from "../../workers/http-worker.ts";

const [url, bodyFile, secondsText, connectionsText, eventsDbPath] = process.argv.slice(2);
if (!url || !bodyFile || !secondsText) {
  console.error("usage: bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB]");
  process.exit(2);
}
/** Token gaps per streamed row: the mock's 32 tokens, one gap before each after the first. */
const GAPS_PER_STREAMED_ROW = 31;

const body = await Bun.file(bodyFile).text();
const streamed = (JSON.parse(body) as { stream?: boolean }).stream === true;
const headers = { "content-type": "application/json" };
const stopAt = performance.now() + Number(secondsText) * 1000;
const db = eventsDbPath ? new EventsDb(eventsDbPath) : null;
const pending: RequestRecord[] = [];
let requests = 0;

/** One events.db row for a response: its send and read instants, and as many gaps as a streamed record carries. */
function record(planIndex: number, sentNs: number, readNs: number[]): void {
  const gaps = streamed ? new Float64Array(GAPS_PER_STREAMED_ROW) : null;
  if (gaps) for (let i = 1; i < readNs.length && i <= gaps.length; i++) gaps[i - 1] = (readNs[i] as number) - (readNs[i - 1] as number);
  pending.push({
    phase: "performance", planIndex, sampleIndex: planIndex % 1000, workerId: 0, endpointIndex: 0,
    scheduledNs: 0, sentNs, responseHeadersNs: readNs[0] ?? null, firstTokenNs: streamed ? (readNs[0] ?? null) : null,
    doneNs: readNs[readNs.length - 1] ?? sentNs, httpStatus: 200, errorKind: null, errorMessage: null,
    inputTokens: 12, outputTokens: 32, reasoningTokens: null, tokenSource: "server_usage",
    chunkCount: streamed ? GAPS_PER_STREAMED_ROW + 1 : 1, chunkGapsNs: gaps, chunkTokens: null,
    finishReason: "length", responseText: null, attempt: 0,
  });
  // One transaction per worker frame's worth of rows, as the main process writes them.
  if (pending.length >= FLUSH_BATCH) db?.addRecords(pending.splice(0));
}

async function loop(): Promise<void> {
  while (performance.now() < stopAt) {
    const sentNs = Bun.nanoseconds();
    const response = await fetch(url as string, { method: "POST", headers, body });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const readNs: number[] = [];
    while (!(await reader.read()).done) {
      if (db) readNs.push(Bun.nanoseconds());
    }
    if (db) record(requests, sentNs, readNs);
    requests++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connectionsText ?? 64) }, loop));
db?.addRecords(pending.splice(0));
db?.close();
console.log(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000 }));
