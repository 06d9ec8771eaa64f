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
 * `readLeast`): fetch, JSON.parse and bun:sqlite, none of our code. With `ipc` after `parse`, the
 * rows are written by a second process that gets them as msgpackr frames over a unix socket
 * (lib/floor-ipc): the least of our design's split into a worker and a main process.
 * Usage: `bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse [ipc]]]`.
 */
import { RemoteFloorRows } from "./lib/floor-ipc.ts";
import { FloorRows, readLeast } from "./lib/least-client.ts";

const [url, bodyFile, secondsText, connectionsText, eventsDbPath, parseText, ipcText] = process.argv.slice(2);
if (
  !url ||
  !bodyFile ||
  !secondsText ||
  (parseText !== undefined && parseText !== "parse") ||
  (ipcText !== undefined && ipcText !== "ipc")
) {
  console.error("usage: bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS] [EVENTS_DB [parse [ipc]]]");
  process.exit(2);
}

const body = await Bun.file(bodyFile).text();
const streamed = (JSON.parse(body) as { stream?: boolean }).stream === true;
const headers = { "content-type": "application/json" };
/** Where each response's row goes: this process's events.db, or a second process's. */
interface Rows {
  add(planIndex: number, sentNs: number, readNs: readonly number[]): void;
  close(): void | Promise<void>;
}

async function openRows(path: string, remote: boolean): Promise<Rows> {
  if (remote) return RemoteFloorRows.start(path, streamed);
  const local = new FloorRows(path, streamed);
  return { add: (planIndex, sentNs, readNs) => local.add(planIndex, 0, sentNs, readNs), close: () => local.close() };
}

const rows = eventsDbPath ? await openRows(eventsDbPath, ipcText === "ipc") : null;
const parse = parseText === "parse";
const stopAt = performance.now() + Number(secondsText) * 1000;
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
    rows?.add(requests, sentNs, readNs);
    requests++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connectionsText ?? 64) }, loop));
await rows?.close();
console.log(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000 }));
