/**
 * @module test/client/sglang-quirks.test — SGLang's native `/generate` as the wire shows it: the text so far per event, counts in meta_info, aborts.
 *
 * Raw-socket scenarios (test/support/quirk-server) through the real send path. SGLang's
 * `/generate` writes `data: ` + the output object + a blank line per step, then `data: [DONE]`;
 * a request its scheduler aborts gets one last event with `finish_reason: {"type": "abort",
 * "message", "status_code"}` and no output, then `[DONE]`.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { RequestRecord } from "../../src/record/request-record.ts";
import { chunked, jsonResponse, LAST_CHUNK, sse, sseHead } from "../support/quirk-bytes.ts";
import { itlMs, MS, send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";
import { expectChunksAfterWrites, expectEndsWithLastChunk } from "../support/stream-stamps.ts";

afterEach(stopQuirkServer);

const TEN = Array.from({ length: 10 }, (_, i) => ` t${i}`);

/** SGLang's /generate event: the text so far, the new ids, the running token count, and the finish reason object. */
function sglangEvent(
  sofar: string,
  newIds: number,
  completionTokens: number,
  finish: Record<string, unknown> | null = null,
): Record<string, unknown> {
  return {
    text: sofar,
    output_ids: Array.from({ length: newIds }, (_, i) => 500 + i),
    meta_info: {
      id: "9f2c",
      finish_reason: finish,
      prompt_tokens: 7,
      weight_version: "default",
      total_retractions: 0,
      completion_tokens: completionTokens,
      cached_tokens: 0,
      e2e_latency: 0.1,
    },
  };
}

/** An SGLang stream of `texts` (`perEvent` tokens each), `gapMs` apart, the last one finishing with `finish`, then [DONE]. */
function sglangSteps(
  texts: string[],
  perEvent: number,
  gapMs: number,
  finish: Record<string, unknown> = { type: "stop", matched: 2 },
): Step[] {
  const steps: Step[] = [sseHead()];
  texts.forEach((text, i) => {
    if (i > 0) steps.push({ waitMs: gapMs });
    const last = i === texts.length - 1;
    steps.push(
      chunked(sse(sglangEvent(text, perEvent, (i + 1) * perEvent, last ? finish : null)) + (last ? sse("[DONE]") : "")),
    );
  });
  steps.push(LAST_CHUNK);
  return steps;
}

const sofar = (pieces: string[]) => pieces.map((_, i) => pieces.slice(0, i + 1).join(""));
const TOO_LONG =
  "Input length (9000 tokens) exceeds the maximum allowed length (8192 tokens). Use a shorter input or enable --allow-auto-truncate.";
const abort = (message: string, statusCode?: number) => ({
  type: "abort",
  message,
  ...(statusCode === undefined ? {} : { status_code: statusCode }),
});
/** The abort event alone, 1 ms after the headers, as SGLang streams a request rejected before it ran. */
const abortOnly = (finish: Record<string, unknown>): Step[] => [
  sseHead(),
  { waitMs: 1 },
  chunked(sse(sglangEvent("", 0, 0, finish)) + sse("[DONE]")),
  LAST_CHUNK,
];

describe("client quirks: SGLang's native /generate", () => {
  test("events repeat the text so far: each event's new text is one chunk, counts come from meta_info", async () => {
    const r = await send(() => sglangSteps(sofar(TEN), 1, 10), { keepResponseText: true });
    expect(r.errorKind).toBeNull();
    expect(r.responseText).toBe(TEN.join(""));
    expect(r.chunkCount).toBe(10);
    expect(r.outputTokens).toBe(10);
    expect(r.inputTokens).toBe(7);
    expect(r.finishReason).toBe("stop");
    expectEndsWithLastChunk(r, "[DONE]");
    expectChunksAfterWrites(r, '"meta_info"');
  });

  test("two tokens per event: ITL is per token, from the running completion_tokens", async () => {
    const r = await send(() => sglangSteps(sofar(TEN), 2, 10));
    expect(r.errorKind).toBeNull();
    expect(r.outputTokens).toBe(20);
    // Each event's gap shared by its two tokens: one ITL value per token, half the gap its event arrived after.
    expect(Array.from(r.chunkTokens ?? [])).toEqual(Array(9).fill(2));
    expect(itlMs(r)).toEqual(Array.from(r.chunkGapsNs ?? [], (g) => [g / 2 / MS, g / 2 / MS]).flat());
  });

  test("--incremental-streaming-output (only the new text per event) is read as such", async () => {
    const r = await send(() => sglangSteps(TEN, 1, 5), { keepResponseText: true });
    expect(r.errorKind).toBeNull();
    expect(r.responseText).toBe(TEN.join(""));
    expect(r.outputTokens).toBe(10);
  });

  test('--incremental-streaming-output whose first pieces repeat ("\\n", "\\n"): the text keeps both, every event a token', async () => {
    const pieces = ["\n", "\n", "Hello", " world", "!"];
    const r = await send(() => sglangSteps(pieces, 1, 10), { keepResponseText: true });
    expect([r.errorKind, r.responseText, r.chunkCount, r.outputTokens]).toEqual([null, "\n\nHello world!", 5, 5]);
    expect(itlMs(r)).toHaveLength(4);
    expectChunksAfterWrites(r, '"meta_info"');
  });

  test("a whole /generate body: text, finish reason and counts from meta_info", async () => {
    const r = await send(() => [jsonResponse(200, sglangEvent(" the answer", 2, 2, { type: "length", length: 2 }))], {
      streaming: false,
      keepResponseText: true,
    });
    expect(r.errorKind).toBeNull();
    expect(r.responseText).toBe(" the answer");
    expect(r.outputTokens).toBe(2);
    expect(r.finishReason).toBe("length");
  });
});

describe("client quirks: SGLang's native /generate aborts", () => {
  test.each([
    ["input too long (400)", abort(TOO_LONG, 400), "http_4xx", `in-stream error (status 400): ${TOO_LONG}`],
    [
      "queue full (503)",
      abort("The request queue is full.", 503),
      "http_5xx",
      "in-stream error (status 503): The request queue is full.",
    ],
    [
      "rate limited (429)",
      abort("Too many requests", 429),
      "http_429",
      "in-stream error (status 429): Too many requests",
    ],
    [
      "no status (aborted by /abort_request)",
      abort("Abort in waiting queue"),
      "http_5xx",
      "in-stream error: Abort in waiting queue",
    ],
  ] as const)(
    "streamed, %s: a failure of that kind with the server's message, not a 0-token success",
    async (_name, finish, kind, message) => {
      const r = await send(() => abortOnly(finish));
      expect([r.errorKind, r.errorMessage, r.httpStatus, r.firstTokenNs]).toEqual([kind, message, 200, null]);
    },
  );

  test("an abort after tokens (a running request cut) fails after the first token", async () => {
    const r: RequestRecord = await send(() =>
      sglangSteps(sofar(TEN.slice(0, 3)), 1, 5, abort("Out of memory: the request was aborted", 500)),
    );
    expect(r.errorKind).toBe("http_5xx");
    expect(r.errorMessage).toBe(
      "in-stream error (status 500) after the first token: Out of memory: the request was aborted",
    );
  });

  test("a 503 abort before any token is retried like an HTTP 503, and the retry's answer counts", async () => {
    let n = 0;
    const superseded: RequestRecord[] = [];
    const r = await send(
      () => (n++ === 0 ? abortOnly(abort("The request queue is full.", 503)) : sglangSteps(sofar(TEN), 1, 2)),
      {
        retry: { maxRetries: 1 },
        onSuperseded: (x) => superseded.push(x),
      },
    );
    expect(superseded.map((x) => x.errorKind)).toEqual(["http_5xx"]);
    expect([r.attempt, r.errorKind, r.outputTokens]).toEqual([1, null, 10]);
  });

  test("an in-stream error with no code or type saying the input is too long is http_4xx, and not retried", async () => {
    const message = "The input (9000 tokens) is longer than the model's context length (8192 tokens).";
    const superseded: RequestRecord[] = [];
    const r = await send(() => [sseHead(), chunked(sse({ error: { message } }) + sse("[DONE]")), LAST_CHUNK], {
      retry: { maxRetries: 2 },
      onSuperseded: (x) => superseded.push(x),
    });
    expect([r.errorKind, r.errorMessage, r.attempt, superseded.length]).toEqual([
      "http_4xx",
      `in-stream error: ${message}`,
      0,
      0,
    ]);
  });

  test("a whole 200 body with an abort finish reason is the server's error too", async () => {
    const r = await send(() => [jsonResponse(200, sglangEvent("", 0, 0, abort(TOO_LONG, 400)))], { streaming: false });
    expect([r.errorKind, r.errorMessage]).toEqual(["http_4xx", `error in a 200 response (status 400): ${TOO_LONG}`]);
  });
});
