/**
 * @module scripts/bench/bare-fetch — the floor set by Bun's fetch: the least a Bun client can do per request.
 *
 * `connections` loops, each POSTing the body and reading the whole response (streamed
 * responses read chunk by chunk with a reader, as the real client does) — no timing, no
 * parsing, no records. Whatever inference-endpoint costs above this is ours; this much is the
 * runtime's. Prints `{"requests": N, "seconds": S}` on stdout.
 *
 * With EVENTS_DB, also the least recording the design asks for, in the same process: every read
 * is timestamped and every response becomes one events.db row (lib/least-client `FloorRows`) —
 * fetch plus bun:sqlite, without SSE parsing, IPC or a second process. With `parse` after the
 * events.db path, each body is also read as little as any client can (lib/least-client
 * `readLeast`): fetch, JSON.parse and bun:sqlite, none of our code.
 * Usage: `bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse]]`.
 */
import { FloorRows, readLeast } from "./lib/least-client.ts";

const [url, bodyFile, secondsText, connectionsText, eventsDbPath, parseText] = process.argv.slice(2);
if (!url || !bodyFile || !secondsText || (parseText !== undefined && parseText !== "parse")) {
  console.error("usage: bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse]]");
  process.exit(2);
}

const body = await Bun.file(bodyFile).text();
const streamed = (JSON.parse(body) as { stream?: boolean }).stream === true;
const headers = { "content-type": "application/json" };
const stopAt = performance.now() + Number(secondsText) * 1000;
const rows = eventsDbPath ? new FloorRows(eventsDbPath, streamed) : null;
const parse = parseText === "parse";
let requests = 0;

async function loop(): Promise<void> {
  while (performance.now() < stopAt) {
    const sentNs = Bun.nanoseconds();
    const response = await fetch(url as string, { method: "POST", headers, body });
    const bodyStream = response.body as ReadableStream<Uint8Array>;
    const readNs: number[] = [];
    if (parse) {
      await readLeast(bodyStream, streamed, readNs);
    } else {
      const reader = bodyStream.getReader();
      while (!(await reader.read()).done) {
        if (rows) readNs.push(Bun.nanoseconds());
      }
    }
    rows?.add(requests, 0, sentNs, readNs);
    requests++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connectionsText ?? 64) }, loop));
rows?.close();
console.log(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000 }));
