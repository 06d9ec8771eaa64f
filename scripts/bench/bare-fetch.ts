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
 *
 * With `parse` after the events.db path, also the least reading any OpenAI-compatible client
 * does: the bytes decoded to text, a streamed body cut into its events at blank lines, and
 * JSON.parse of the events that carry something a record needs — the role chunk, the first
 * content chunk, the finish chunk and the usage chunk (4 of the mock's 36; the 31 plain text
 * chunks between them are only cut out); a plain body parsed whole. Fewer checks than a correct
 * client makes, so a floor: what fetch, JSON.parse and bun:sqlite cost before any code of ours.
 * Usage: `bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse]]`.
 */
import { EventsDb } from "../../src/record/events-db.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { FLUSH_BATCH } from "../../workers/http-worker.ts";

const [url, bodyFile, secondsText, connectionsText, eventsDbPath, parseText] = process.argv.slice(2);
if (!url || !bodyFile || !secondsText || (parseText !== undefined && parseText !== "parse")) {
  console.error("usage: bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse]]");
  process.exit(2);
}
/** Token gaps per streamed row: the mock's 32 tokens, one gap before each after the first. */
const GAPS_PER_STREAMED_ROW = 31;

const body = await Bun.file(bodyFile).text();
const streamed = (JSON.parse(body) as { stream?: boolean }).stream === true;
const headers = { "content-type": "application/json" };
const stopAt = performance.now() + Number(secondsText) * 1000;
const db = eventsDbPath ? new EventsDb(eventsDbPath) : null;
const parse = parseText === "parse";
const STREAM = { stream: true };
const DATA_PREFIX_LENGTH = "data: ".length;
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

/** The events a record needs parsed: role, first content, finish, usage (before [DONE]); a plain body whole. */
function parseWhatARecordNeeds(events: string[], rest: string): void {
  if (!streamed) {
    JSON.parse(rest);
    return;
  }
  const n = events.length;
  for (const i of [0, 1, n - 3, n - 2]) JSON.parse(events[i] as string);
}

/** Reads the body as text: a streamed one cut into events at blank lines, as the reads arrive. */
async function readAndParse(bodyStream: ReadableStream<Uint8Array>, readNs: number[]): Promise<void> {
  const reader = bodyStream.getReader();
  const decoder = new TextDecoder();
  const events: string[] = [];
  let rest = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (db) readNs.push(Bun.nanoseconds());
    rest += decoder.decode(value, STREAM);
    if (!streamed) continue;
    let at = 0;
    for (let end = rest.indexOf("\n\n"); end !== -1; end = rest.indexOf("\n\n", at)) {
      events.push(rest.slice(at + DATA_PREFIX_LENGTH, end));
      at = end + 2;
    }
    rest = rest.slice(at);
  }
  parseWhatARecordNeeds(events, rest);
}

async function loop(): Promise<void> {
  while (performance.now() < stopAt) {
    const sentNs = Bun.nanoseconds();
    const response = await fetch(url as string, { method: "POST", headers, body });
    const bodyStream = response.body as ReadableStream<Uint8Array>;
    const readNs: number[] = [];
    if (parse) {
      await readAndParse(bodyStream, readNs);
    } else {
      const reader = bodyStream.getReader();
      while (!(await reader.read()).done) {
        if (db) readNs.push(Bun.nanoseconds());
      }
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
