/**
 * @module scripts/bench/bare-fetch — the floor set by Bun's fetch: the least a Bun client can do per request.
 *
 * `connections` loops, each POSTing the body and reading the whole response (streamed
 * responses read chunk by chunk with a reader, as the real client does) — no timing, no
 * parsing, no records. Whatever inference-endpoint costs above this is ours; this much is the
 * runtime's. Prints `{"requests": N, "seconds": S}` on stdout.
 * Usage: `bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS]`.
 */
export {};

const [url, bodyFile, secondsText, connectionsText] = process.argv.slice(2);
if (!url || !bodyFile || !secondsText) {
  console.error("usage: bun scripts/bench/bare-fetch.ts URL BODY_FILE SECONDS [CONNECTIONS]");
  process.exit(2);
}
const body = await Bun.file(bodyFile).text();
const headers = { "content-type": "application/json" };
const stopAt = performance.now() + Number(secondsText) * 1000;
let requests = 0;

async function loop(): Promise<void> {
  while (performance.now() < stopAt) {
    const response = await fetch(url as string, { method: "POST", headers, body });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    while (!(await reader.read()).done) {
      // drain the body chunk by chunk
    }
    requests++;
  }
}

const started = performance.now();
await Promise.all(Array.from({ length: Number(connectionsText ?? 64) }, loop));
console.log(JSON.stringify({ requests, seconds: (performance.now() - started) / 1000 }));
