/**
 * @module scripts/bench/client-layers — CPU per response as the client's layers are added on top of Bun's fetch, in one process.
 *
 * Four loops of `connections` concurrent requests against the same server, one after another
 * in every round (so a drifting host shifts them alike), each for `seconds`:
 *   1. fetch: POST and drain the body, nothing else (scripts/bench/bare-fetch.ts);
 *   2. + body reading: streamed bodies through SseSplitter + StreamAccumulator as the client
 *      reads them (one timestamp per read), plain bodies through `text()` and `JSON.parse`;
 *   3. sendRequest: the whole client path — abort controller, stall watch, error handling, the
 *      RequestRecord (client/send-request);
 *   4. + record batches: each record into a RecordBatchBuilder, one IPC frame per FLUSH_BATCH.
 * What a layer adds over the one before is that layer's cost in the real setting: many
 * responses in flight, interleaved with fetch's own work (scripts/bench/stream-read.ts
 * measures the reading alone, hot, on one response at a time). Prints CPU µs per response
 * (process.cpuUsage over the loop), median of the rounds, and each round's figure.
 * Usage: `bun scripts/bench/client-layers.ts URL [SECONDS] [ROUNDS] [on|off] [CONNECTIONS]`
 * (URL: the server's base, e.g. http://127.0.0.1:8000; streaming on by default; pin it).
 */
import { sendRequest, type RequestSettings } from "../../src/client/send-request.ts";
import { SseSplitter } from "../../src/client/sse-splitter.ts";
import { StreamAccumulator } from "../../src/client/stream-accumulator.ts";
import { encodeFrame } from "../../src/ipc/frame-codec.ts";
import { RecordBatchBuilder } from "../../src/ipc/record-batch.ts";
import { FLUSH_BATCH } from "../../workers/http-worker.ts";

const [base, secondsText = "2", roundsText = "3", streamingText = "on", connectionsText = "64"] = process.argv.slice(2);
if (!base || !["on", "off"].includes(streamingText)) {
  console.error("usage: bun scripts/bench/client-layers.ts URL [SECONDS] [ROUNDS] [on|off] [CONNECTIONS]");
  process.exit(2);
}
const url = `${base.replace(/\/$/, "")}/v1/chat/completions`;
const streaming = streamingText === "on";
const body = JSON.stringify({
  model: "m",
  stream: streaming,
  ...(streaming ? { stream_options: { include_usage: true } } : {}),
  messages: [{ role: "user", content: "Say hello." }],
  max_tokens: 32,
});
const headers = { "content-type": "application/json", accept: streaming ? "text/event-stream" : "application/json" };

const settings: RequestSettings = {
  headers,
  streaming,
  requestTimeoutMs: 0,
  stallTimeoutMs: 60_000,
  keepResponseText: false,
  insecure: false,
  now: () => Bun.nanoseconds(),
  maxResponseBytes: 64 * 2 ** 20,
  onProgress: () => {},
};
const batch = new RecordBatchBuilder();
const noRegistry = () => () => {};

async function fetchOnly(): Promise<void> {
  const reader = ((await fetch(url, { method: "POST", headers, body })).body as ReadableStream<Uint8Array>).getReader();
  while (!(await reader.read()).done) {
    // drain
  }
}

async function fetchAndRead(): Promise<void> {
  const response = await fetch(url, { method: "POST", headers, body });
  if (!streaming) {
    JSON.parse(await response.text());
    return;
  }
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(false);
  for (;;) {
    const { done, value } = await reader.read();
    accumulator.readNs = Bun.nanoseconds();
    if (done) break;
    splitter.push(value, accumulator);
  }
  splitter.finish(accumulator);
  if (accumulator.result().chunkCount === 0) throw new Error("a streamed response without content");
}

async function clientPath(planIndex: number): Promise<void> {
  const record = await sendRequest(
    { phase: "performance", workerId: 0, planIndex, sampleIndex: 0, endpointIndex: 0, url, body, scheduledNs: 0 },
    settings,
    noRegistry,
  );
  if (record.errorKind !== null) throw new Error(`request failed: ${record.errorKind} ${record.errorMessage}`);
}

async function clientPathAndBatches(planIndex: number): Promise<void> {
  const record = await sendRequest(
    { phase: "performance", workerId: 0, planIndex, sampleIndex: 0, endpointIndex: 0, url, body, scheduledNs: 0 },
    settings,
    noRegistry,
  );
  batch.add(record);
  if (batch.size >= FLUSH_BATCH)
    encodeFrame({ type: "results", workerId: 0, phase: "performance", records: batch.take() });
}

const LAYERS: ReadonlyArray<[string, (i: number) => Promise<void>]> = [
  ["fetch", fetchOnly],
  [streaming ? "+ SSE reading (splitter, accumulator)" : "+ body text and JSON.parse", fetchAndRead],
  ["sendRequest (the whole client path)", clientPath],
  ["+ record batches and IPC frames", clientPathAndBatches],
];

/** CPU µs per response and responses/s of `connections` loops of `one` for `seconds`. */
async function measure(one: (i: number) => Promise<void>): Promise<{ cpuUs: number; perS: number }> {
  const stopAt = performance.now() + Number(secondsText) * 1000;
  let responses = 0;
  const loop = async () => {
    while (performance.now() < stopAt) await one(responses++);
  };
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(Array.from({ length: Number(connectionsText) }, loop));
  const used = process.cpuUsage(cpu);
  return { cpuUs: (used.user + used.system) / responses, perS: responses / ((performance.now() - started) / 1000) };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
const results = LAYERS.map(() => [] as { cpuUs: number; perS: number }[]);
for (let round = 0; round < Number(roundsText); round++) {
  for (const [i, [, one]] of LAYERS.entries()) results[i]?.push(await measure(one));
}
console.log(
  `${streaming ? "streamed" : "plain"} responses from ${url}, ${connectionsText} connections, CPU µs per response (median of ${roundsText} rounds; each round):`,
);
for (const [i, [name]] of LAYERS.entries()) {
  const runs = results[i] ?? [];
  const cpu = runs.map((r) => r.cpuUs);
  console.log(
    `  ${name.padEnd(40)} ${median(cpu).toFixed(1).padStart(6)}   (${cpu.map((c) => c.toFixed(1)).join(", ")}; ${Math.round(median(runs.map((r) => r.perS)))}/s)`,
  );
}
