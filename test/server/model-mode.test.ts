/**
 * @module test/server/model-mode.test — pacing of model mode as a client sees it, checked against the server's observations.
 *
 * Each event is checked against its due time (TTFT + i × TPOT). What the server decides is checked
 * both ways on its own write times (observations' contentWritesNs, from its receipt of the
 * request): never early, and at most LATE_MS plus the worst stall of this process's event loop
 * (test/support/stall-watch) late — the server's timers run on that loop, so a preemption delays
 * the watch's ticks as it delays them. As the client sees it, an event is never early (it sent
 * before the server received); how late loopback and fetch's HTTP thread deliver it is the
 * host's, bounded against a raw-socket floor in test/e2e/timing.test.ts, not here. The median
 * gap checks that writes are paced (not coalesced) without tripping on one late event.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { withStallWatch } from "../support/stall-watch.ts";
import { chunkText, postJson, streamRequest } from "./sse-test-client.ts";

const TTFT_MS = 20;
const TPOT_MS = 5;
const TOKENS = 10;
/** Allowed lateness of any single event (timers, loopback, fetch's HTTP thread, OS scheduling). */
const LATE_MS = 8;
/** Allowed error of the median gap between events. */
const GAP_TOLERANCE_MS = 3;
/** Float noise between `performance.now()` and `Bun.nanoseconds()` readings. */
const EPSILON_MS = 0.05;

const chat = (extra: Record<string, unknown> = {}) => ({
  model: "m",
  messages: [{ role: "user", content: "hi" }],
  ...extra,
});

/** The worst stall of this process's event loop during the last `contentArrivals` (or other watched) request. */
let lastStallMs = 0;

/** Arrival times of the events that carry content, and their texts; the stall during the request is kept in `lastStallMs`. */
async function contentArrivals(url: string, body: unknown): Promise<{ arrivedMs: number; text: string }[]> {
  const { result, stallMs } = await withStallWatch(() => streamRequest(url, body));
  lastStallMs = stallMs;
  expect(result.events.at(-1)?.data).toBe("[DONE]");
  return result.events
    .map((event) => ({ arrivedMs: event.arrivedMs, text: chunkText(event.data) }))
    .filter((event) => event.text !== "");
}

/** The server's own content writes, in ms since it received the request (the last observation of `server`). */
function serverWritesMs(server: MockServer, index = -1): number[] {
  const observation = server.observations().at(index);
  return (observation?.contentWritesNs ?? []).map((ns) => (ns - (observation?.receivedNs ?? Number.NaN)) / 1e6);
}

/** Each server write is at or after its due time, and at most LATE_MS (plus the loop's stall while it ran) after it. */
function expectPaced(writesMs: number[], dueMs: number[]): void {
  expect(writesMs).toHaveLength(dueMs.length);
  writesMs.forEach((writtenMs, index) => {
    const due = dueMs[index] ?? Number.NaN;
    expect(writtenMs).toBeGreaterThanOrEqual(due - EPSILON_MS);
    expect(writtenMs).toBeLessThan(due + LATE_MS + lastStallMs);
  });
}

/** As the client saw them: one arrival per due time, none before it. */
function expectNeverEarly(arrivalsMs: number[], dueMs: number[]): void {
  expect(arrivalsMs).toHaveLength(dueMs.length);
  arrivalsMs.forEach((arrivedMs, index) => expect(arrivedMs).toBeGreaterThanOrEqual((dueMs[index] ?? 0) - EPSILON_MS));
}

/** The median gap between consecutive arrivals: one late event cannot move it. */
function medianGapMs(times: number[]): number {
  const gaps = times
    .slice(1)
    .map((time, index) => time - (times[index] ?? 0))
    .sort((a, b) => a - b);
  return gaps[Math.floor(gaps.length / 2)] ?? Number.NaN;
}

const dueTimesMs = (tokenIndexes: number[]) => tokenIndexes.map((index) => TTFT_MS + index * TPOT_MS);
const range = (count: number) => Array.from({ length: count }, (_, index) => index);

describe("server/mock-server model mode", () => {
  let server: MockServer;
  let packed: MockServer;
  beforeAll(async () => {
    const model = {
      mode: "model",
      ttftMs: TTFT_MS,
      tpotMs: TPOT_MS,
      outputTokens: TOKENS,
      recordObservations: true,
    } as const;
    server = await startMockServer(model);
    packed = await startMockServer({ ...model, tokensPerChunk: 4 });
  });
  afterAll(async () => {
    await server.stop();
    await packed.stop();
  });

  test("waits TTFT before the first token and TPOT between tokens", async () => {
    const arrivals = (await contentArrivals(`${server.url}/v1/chat/completions`, chat({ stream: true }))).map(
      (event) => event.arrivedMs,
    );
    expectNeverEarly(arrivals, dueTimesMs(range(TOKENS)));
    const writes = serverWritesMs(server);
    expectPaced(writes, dueTimesMs(range(TOKENS)));
    expect(Math.abs(medianGapMs(writes) - TPOT_MS)).toBeLessThan(GAP_TOLERANCE_MS + lastStallMs);
  });

  test("records observations that match what the client measured", async () => {
    const before = server.observations().length;
    const arrivals = await contentArrivals(`${server.url}/v1/completions`, { prompt: "p", stream: true });
    const observation = server.observations()[before];
    expect(observation).toMatchObject({ outputTokens: TOKENS, streaming: true, path: "/v1/completions" });
    const receivedNs = observation?.receivedNs ?? Number.NaN;
    const serverTtftMs = ((observation?.firstChunkNs ?? Number.NaN) - receivedNs) / 1e6;
    const serverDoneMs = ((observation?.doneNs ?? Number.NaN) - receivedNs) / 1e6;
    expectPaced([serverTtftMs, serverDoneMs], dueTimesMs([0, TOKENS - 1]));
    expect(serverWritesMs(server, before)[0]).toBe(serverTtftMs);
    // The client sent before the server received, so it cannot have seen the first token sooner.
    const clientTtftMs = arrivals[0]?.arrivedMs ?? Number.NaN;
    expect(clientTtftMs - serverTtftMs).toBeGreaterThanOrEqual(0);
    expect(arrivals).toHaveLength(TOKENS);
  });

  test("packs tokensPerChunk tokens per event after the first token", async () => {
    const arrivals = await contentArrivals(`${packed.url}/v1/chat/completions`, chat({ stream: true }));
    expect(arrivals.map((arrival) => arrival.text.split(" ").filter(Boolean).length)).toEqual([1, 4, 4, 1]);
    expect(arrivals.map((arrival) => arrival.text).join("")).toBe(Array(TOKENS).fill("tok").join(" "));
    // Each event leaves when its last token is ready: tokens 0, 4, 8 and 9.
    expectNeverEarly(
      arrivals.map((arrival) => arrival.arrivedMs),
      dueTimesMs([0, 4, 8, 9]),
    );
    expectPaced(serverWritesMs(packed), dueTimesMs([0, 4, 8, 9]));
  });

  test("paces echo mode too when a latency is set", async () => {
    const echo = await startMockServer({ ttftMs: TTFT_MS, tpotMs: TPOT_MS, recordObservations: true });
    try {
      const body = { messages: [{ role: "user", content: "a b c" }], stream: true };
      const arrivals = await contentArrivals(`${echo.url}/v1/chat/completions`, body);
      expect(arrivals.map((arrival) => arrival.text)).toEqual(["a", " b", " c"]);
      expectNeverEarly(
        arrivals.map((arrival) => arrival.arrivedMs),
        dueTimesMs(range(3)),
      );
      expectPaced(serverWritesMs(echo), dueTimesMs(range(3)));
    } finally {
      await echo.stop();
    }
  });

  test("replies to a non-streaming request after TTFT + TPOT × (n − 1)", async () => {
    const sentMs = performance.now();
    const { result: body, stallMs } = await withStallWatch(
      async () =>
        (await (await postJson(`${server.url}/v1/chat/completions`, chat())).json()) as {
          usage: { completion_tokens: number };
        },
    );
    const elapsedMs = performance.now() - sentMs;
    lastStallMs = stallMs;
    expect(body.usage.completion_tokens).toBe(TOKENS);
    expectNeverEarly([elapsedMs], dueTimesMs([TOKENS - 1]));
    const observation = server.observations().at(-1);
    expectPaced(
      [((observation?.doneNs ?? Number.NaN) - (observation?.receivedNs ?? Number.NaN)) / 1e6],
      dueTimesMs([TOKENS - 1]),
    );
  });

  test("stop() ends an in-flight stream at once", async () => {
    const slow = await startMockServer({ mode: "model", ttftMs: 0, tpotMs: 60_000, outputTokens: 3 });
    const response = await postJson(`${slow.url}/v1/chat/completions`, chat({ stream: true }));
    const reader = response.body?.getReader();
    const first = await reader?.read();
    expect(first?.done).toBe(false);
    const stopStartMs = performance.now();
    await slow.stop();
    const rest = await reader?.read().then(
      (result) => (result.done ? "ended" : "more"),
      () => "reset",
    );
    expect(["ended", "reset"]).toContain(rest ?? "");
    // long wait: the stream's next token is 60 s away; ending before half of that is stop()'s doing, not the stream's.
    expect(performance.now() - stopStartMs).toBeLessThan(30_000);
  });
});
