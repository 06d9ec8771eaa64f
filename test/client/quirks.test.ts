/**
 * @module test/client/quirks.test — what real servers send that the mock does not, byte for byte, and what the client must read off it.
 *
 * Each scenario is a raw-socket server (test/support/quirk-server) writing exactly the bytes of
 * a dialect or a misbehaviour, with TCP boundaries set by waits. The client is the real send
 * path (client/send-request). Timings are checked against the instants the server chose:
 * latency within 10 % of the `[DONE]` instant, ITL within 15 % of the per-token gap.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { sendRequest } from "../../src/client/send-request.ts";
import { columnsFromRecords } from "../../src/metrics/phase-columns.ts";
import { tpotNs } from "../../src/metrics/request-values.ts";
import { noteBit } from "../../src/record/stream-notes.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";
import {
  chatChunk,
  chunked,
  head,
  jsonResponse,
  LAST_CHUNK,
  sse,
  sseHead,
  streamSteps,
  usageChunk,
} from "../support/quirk-bytes.ts";
import {
  currentServer,
  itlMs,
  lastSendStallMs,
  MS,
  outgoing,
  quirkSettings,
  send,
  startServer,
  stopQuirkServer,
} from "../support/quirk-client.ts";
import type { Scenario, Step } from "../support/quirk-server.ts";
import { expectChunksAfterWrites, expectEndsWithLastChunk } from "../support/stream-stamps.ts";

afterEach(stopQuirkServer);

const TEN = Array.from({ length: 10 }, (_, i) => ` t${i}`);
/** Ten tokens 10 ms apart: `[DONE]` ~90 ms after the first. */
const paced = (extra: Partial<Parameters<typeof streamSteps>[0]> = {}): Step[] => [
  sseHead(),
  ...streamSteps({ pieces: TEN, gapMs: 10, ...extra }),
];

describe("client quirks: where a response ends", () => {
  test.each([
    ["the body stays open 300 ms after [DONE]", [{ waitMs: 300 }, LAST_CHUNK]],
    [
      "`: ping` comments every 50 ms after [DONE]",
      [...Array.from({ length: 6 }, () => [{ waitMs: 50 }, chunked(": ping\n\n")]).flat(), LAST_CHUNK],
    ],
  ] as const)("%s: latency ends at [DONE], the tail is cut and noted", async (_name, tail) => {
    const steps = paced();
    steps.pop(); // the LAST_CHUNK: the scenario's tail ends the body instead
    const started = Bun.nanoseconds();
    const r = await send(() => [...steps, ...tail]);
    const heldMs = (Bun.nanoseconds() - started) / MS;
    expect(r.errorKind).toBeNull();
    expectEndsWithLastChunk(r, "[DONE]");
    expectChunksAfterWrites(r, '"content":" t');
    expect(r.streamNotes & noteBit("body_open_after_done")).toBeTruthy();
    expect(heldMs).toBeLessThan(200 + lastSendStallMs()); // let go of after the tail's grace, not at the body's end
  });

  test("an event after [DONE], in the same read and in a later one: ignored and noted", async () => {
    const late = sse(chatChunk({ content: " late" }));
    const steps: Step[] = [
      sseHead(),
      ...streamSteps({ pieces: TEN.slice(0, 9), gapMs: 10, finish: null, done: false }),
    ];
    steps.pop(); // LAST_CHUNK
    steps.push(
      { waitMs: 10 },
      chunked(sse(chatChunk({ content: " t9" }, { finish_reason: "stop" })) + sse("[DONE]") + late),
      { waitMs: 5 },
      chunked(late),
      LAST_CHUNK,
    );
    const r = await send(() => steps);
    expect(r.errorKind).toBeNull();
    expect(r.chunkCount).toBe(10);
    expect(r.outputTokens).toBe(10);
    expect(r.streamNotes & noteBit("content_after_done")).toBeTruthy();
  });

  test("a stream with neither finish_reason nor [DONE] is truncated", async () => {
    const r = await send(() => [
      sseHead(),
      ...streamSteps({ pieces: [" a", " b"], gapMs: 5, finish: null, done: false }),
    ]);
    expect(r.errorKind).toBe("truncated");
    expect(r.errorMessage).toContain("after 2 content chunks with neither [DONE] nor a finish_reason");
  });

  test("a finish event with usage and no [DONE] (a dialect without it) ends the response there", async () => {
    const steps = [sseHead(), ...streamSteps({ pieces: TEN, gapMs: 10, usage: usageChunk(3, 10), done: false })];
    steps.pop();
    const r = await send(() => [...steps, { waitMs: 100 }, LAST_CHUNK]);
    expect(r.errorKind).toBeNull();
    // It ends on the finish event's read, not at the body's end 100 ms later.
    expectEndsWithLastChunk(r, '"finish_reason":"stop"');
    expect(r.finishReason).toBe("stop");
  });
});

describe("client quirks: the stall watch starts at the first body byte", () => {
  // vLLM and TensorRT-LLM send the 200 headers when they admit a request; its first byte comes after queueing and prefill.
  test("headers at once, 1.5 s of queueing, then the stream: a success with that TTFT, not a stall of --stall-timeout 0.1 s", async () => {
    const r = await send(() => [sseHead(), { waitMs: 1500 }, ...streamSteps({ pieces: TEN, gapMs: 5 })], {
      stallTimeoutMs: 100,
    });
    expect(r.errorKind).toBeNull();
    expect(((r.firstTokenNs as number) - r.sentNs) / MS).toBeGreaterThan(1400);
  });

  test("headers and nothing more: --request-timeout ends it, not the stall watch", async () => {
    const r = await send(() => [sseHead(), { waitMs: 3000 }], { stallTimeoutMs: 100, requestTimeoutMs: 1500 });
    expect(r.errorKind).toBe("timeout");
  });

  test("a stream that goes silent after its first byte is still cut as stalled", async () => {
    const r = await send(() => [sseHead(), chunked(sse(chatChunk({ content: " a" }))), { waitMs: 3000 }], {
      stallTimeoutMs: 100,
    });
    expect(r.errorKind).toBe("stalled_stream");
    expect(r.errorMessage).toBe("no bytes for --stall-timeout 0.1 s (mid-stream, after the first token)");
  });
});

describe("client quirks: errors inside a 200 stream", () => {
  const firstThenError =
    (error: string): Scenario =>
    () => [
      sseHead(),
      chunked(sse(chatChunk({ role: "assistant", content: "" }))),
      { waitMs: 5 },
      chunked(error),
      chunked(sse("[DONE]")),
      LAST_CHUNK,
    ];
  test.each([
    [
      "vLLM",
      sse({ error: { message: "Internal server error", type: "InternalServerError", param: null, code: 500 } }),
      "http_5xx",
      "in-stream error (status 500): Internal server error",
    ],
    [
      "vLLM before 0.10.1 / SGLang",
      sse({ error: { object: "error", message: "bad input", type: "BadRequestError", param: null, code: 400 } }),
      "http_4xx",
      "bad input",
    ],
    // TGI names 422 for every error it streams: the message decides.
    [
      "TGI, a failed generation",
      sse({ error: { message: "Request failed during generation: CUDA OOM", http_status_code: 422 } }),
      "http_5xx",
      "in-stream error: Request failed during generation: CUDA OOM",
    ],
    [
      "TGI, overloaded",
      sse({ error: { message: "Model is overloaded", http_status_code: 422 } }),
      "http_429",
      "in-stream error: Model is overloaded",
    ],
    [
      "TGI, input validation",
      sse({
        error: {
          message: "Input validation error: `inputs` must have less than 4096 tokens. Given: 5000",
          http_status_code: 422,
        },
      }),
      "http_4xx",
      "Input validation error",
    ],
    [
      "OpenAI rate limit",
      sse({ error: { message: "Rate limit reached", type: "rate_limit_exceeded" } }),
      "http_429",
      "Rate limit reached",
    ],
    [
      "`event: error`",
      `event: error\ndata: {"message":"engine overloaded","type":"overloaded"}\n\n`,
      "http_429",
      "engine overloaded",
    ],
    [
      "older llama.cpp's `error:` field",
      `error: {"code":500,"message":"slot unavailable","type":"server_error"}\n\n`,
      "http_5xx",
      "slot unavailable",
    ],
  ] as const)("%s → %p with the server's message", async (_name, error, kind, message) => {
    const r = await send(firstThenError(error));
    expect(r.errorKind).toBe(kind);
    expect(r.httpStatus).toBe(200);
    expect(r.errorMessage).toContain(message);
  });

  test("an in-stream 5xx before the first token is retried; the retry's answer counts", async () => {
    let n = 0;
    const superseded: RequestRecord[] = [];
    const r = await send(
      () => (n++ === 0 ? firstThenError(sse({ error: { message: "busy", code: 503 } }))({} as never) : paced()),
      { retry: { maxRetries: 1 }, onSuperseded: (x) => superseded.push(x) },
    );
    expect(superseded.map((x) => x.errorKind)).toEqual(["http_5xx"]);
    expect([r.attempt, r.errorKind, r.outputTokens]).toEqual([1, null, 10]);
  });

  test("TGI's in-stream overload before the first token is retried like a 429", async () => {
    let n = 0;
    const superseded: RequestRecord[] = [];
    const overloaded: Step[] = [
      sseHead(),
      chunked(sse({ error: { message: "Model is overloaded", http_status_code: 422 } }) + sse("[DONE]")),
      LAST_CHUNK,
    ];
    const r = await send(() => (n++ === 0 ? overloaded : paced()), {
      retry: { maxRetries: 2 },
      onSuperseded: (x) => superseded.push(x),
    });
    expect(superseded.map((x) => x.errorKind)).toEqual(["http_429"]);
    expect([r.attempt, r.errorKind, r.outputTokens]).toEqual([1, null, 10]);
  });
});

describe("client quirks: framing and labels", () => {
  test.each([
    ["lone CR line endings", "\r"],
    ["CRLF line endings", "\r\n"],
  ])("%s are parsed", async (_name, lineEnd) => {
    const r = await send(() => [sseHead(), ...streamSteps({ pieces: TEN, gapMs: 10, lineEnd })]);
    expect([r.errorKind, r.chunkCount, r.finishReason]).toEqual([null, 10, "stop"]);
    expectChunksAfterWrites(r, '"content":" t');
  });

  test.each([
    ["text/plain", "text/plain; charset=utf-8"],
    ["no Content-Type", null],
    ["application/json", "application/json"],
  ])("an SSE body labelled %s is read as SSE and noted", async (_name, type) => {
    const r = await send(() => [sseHead(type), ...streamSteps({ pieces: TEN, gapMs: 10 })]);
    expect([r.errorKind, r.chunkCount]).toEqual([null, 10]);
    expect(r.firstTokenNs).not.toBeNull();
    expect(r.streamNotes & noteBit("sse_without_event_stream_type")).toBeTruthy();
  });

  test("a streaming request answered with one JSON body is read as JSON and noted", async () => {
    const body = {
      id: "x",
      object: "chat.completion",
      choices: [{ index: 0, message: { role: "assistant", content: "a b" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 2 },
    };
    const r = await send(() => [jsonResponse(200, body)]);
    expect([r.errorKind, r.outputTokens, r.firstTokenNs]).toEqual([null, 2, null]);
    expect(r.streamNotes & noteBit("json_for_streaming_request")).toBeTruthy();
  });

  test("a non-streaming request answered with SSE is read whole and noted", async () => {
    const r = await send(() => [sseHead(), ...streamSteps({ pieces: TEN, gapMs: 1, usage: usageChunk(2, 10) })], {
      streaming: false,
    });
    expect([r.errorKind, r.outputTokens, r.firstTokenNs]).toEqual([null, 10, null]);
    expect(r.streamNotes & noteBit("sse_for_non_streaming_request")).toBeTruthy();
  });

  test("a malformed chunked body is invalid_http", async () => {
    const r = await send(() => [sseHead(), "zz\r\ndata: x\r\n\r\n", { close: "end" }]);
    expect(r.errorKind).toBe("invalid_http");
  });

  test("a corrupt gzip body is decode_error", async () => {
    const gz = gzipSync(Buffer.from(JSON.stringify({ choices: [{ message: { content: "hi" } }] })));
    gz[12] = (gz[12] as number) ^ 0xff;
    gz[gz.length - 6] = (gz[gz.length - 6] as number) ^ 0xff;
    const r = await send(
      () => [
        head(200, {
          "content-type": "application/json",
          "content-encoding": "gzip",
          "content-length": String(gz.length),
        }),
        gz,
      ],
      { streaming: false },
    );
    expect(r.errorKind).toBe("decode_error");
  });
});

describe("client quirks: tokens", () => {
  test("hidden reasoning: usage counts 100 reasoning tokens never streamed; ITL and TPOT are over the 10 streamed", async () => {
    const r = await send(() => paced({ usage: usageChunk(3, 110, 100) }));
    expect([r.outputTokens, r.hiddenTokens, r.reasoningTokens]).toEqual([110, 100, 100]);
    expect(r.chunkTokens).toBeNull(); // one streamed token per chunk
    // Per streamed token: 9 gaps, and TPOT over them (the metric's own reading of the record).
    expect(itlMs(r)).toHaveLength(9);
    expect(tpotNs(columnsFromRecords([r]), 0)).toBe(((r.doneNs as number) - (r.firstTokenNs as number)) / 9);
    expect(r.streamNotes & noteBit("hidden_reasoning")).toBeTruthy();
  });

  test("streamed reasoning is not hidden", async () => {
    const steps: Step[] = [
      sseHead(),
      chunked(sse(chatChunk({ reasoning_content: "think" }))),
      { waitMs: 10 },
      ...streamSteps({ pieces: [" a", " b"], gapMs: 10, usage: usageChunk(3, 3, 1) }),
    ];
    const r = await send(() => steps);
    expect([r.outputTokens, r.hiddenTokens, r.streamNotes & noteBit("hidden_reasoning")]).toEqual([3, null, 0]);
  });

  test("four tokens per chunk with usage: ITL per token (10 ms / 4)", async () => {
    const pieces = Array.from({ length: 10 }, (_, i) => ` a${i} b c d`);
    const r = await send(() => paced({ pieces, usage: usageChunk(3, 37) }));
    expect(r.outputTokens).toBe(37);
    // Each later chunk's gap is shared by its tokens (3 or 4 of the 37 each): one ITL value per token, each its
    // chunk's gap divided by its token count.
    const tokens = Array.from(r.chunkTokens ?? []);
    expect(tokens).toHaveLength(9);
    for (const k of tokens) expect([3, 4]).toContain(k);
    const shares = Array.from(r.chunkGapsNs ?? [], (g, i) => Array(tokens[i]).fill(g / (tokens[i] as number) / MS));
    expect(itlMs(r)).toEqual(shares.flat());
  });

  test("without usage, the text is kept with each chunk's length, for the tokenizer to share its count", async () => {
    const pieces = Array.from({ length: 10 }, (_, i) => ` a${i} b c d`);
    const r = await send(() => paced({ pieces }), { keepResponseText: true });
    expect(r.tokenSource).toBe("chunk_count");
    expect(Array.from(r.chunkChars ?? [])).toEqual(pieces.map((p) => p.length));
  });

  test("tool-call deltas are output text: their name and arguments are kept and counted", async () => {
    const call = (fn: Record<string, string>, first: boolean) =>
      chatChunk({ tool_calls: [{ index: 0, ...(first ? { id: "call_1", type: "function" } : {}), function: fn }] });
    const steps: Step[] = [
      sseHead(),
      chunked(sse(call({ name: "get_weather" }, true))),
      { waitMs: 5 },
      chunked(sse(call({ arguments: '{"city": ' }, false))),
      { waitMs: 5 },
      chunked(
        sse(call({ arguments: '"Paris"}' }, false)) +
          sse(chatChunk({}, { finish_reason: "tool_calls" })) +
          sse("[DONE]"),
      ),
      LAST_CHUNK,
    ];
    const r = await send(() => steps, { keepResponseText: true });
    expect([r.errorKind, r.chunkCount, r.finishReason]).toEqual([null, 3, "tool_calls"]);
    expect(r.responseText).toBe('get_weather{"city": "Paris"}');
  });
});

describe("client quirks: error bodies", () => {
  test.each([
    [
      "vLLM before 0.10.1",
      { object: "error", message: "The model `x` does not exist.", type: "NotFoundError", param: null, code: 404 },
      "HTTP 404: The model `x` does not exist.",
    ],
    [
      "a proxy",
      { error: "Not Found", message: "no route for /v1/chat/completions" },
      "HTTP 404: no route for /v1/chat/completions",
    ],
    [
      "TGI",
      { error: "Input validation error: too long", error_type: "validation" },
      "HTTP 404: Input validation error: too long",
    ],
    ["FastAPI", { detail: "Not Found" }, "HTTP 404: Not Found"],
  ])("%s's error body gives its message", async (_name, body, message) => {
    const r = await send(() => [jsonResponse(404, body)]);
    expect([r.errorKind, r.errorMessage]).toEqual(["http_4xx", message]);
  });
});

describe("client quirks: connections", () => {
  /** `requests` sends, `concurrency` at a time, against a server that closes each connection `closeAfterMs` after answering. */
  async function closingServerRun(requests: number, concurrency: number, closeAfterMs: number, streaming: boolean) {
    const answer: Step[] = streaming
      ? [sseHead(), ...streamSteps({ pieces: [" a", " b"], gapMs: 0, usage: usageChunk(1, 2) })]
      : [
          jsonResponse(200, {
            id: "x",
            object: "chat.completion",
            choices: [{ index: 0, message: { role: "assistant", content: "a b" }, finish_reason: "stop" }],
            usage: { prompt_tokens: 1, completion_tokens: 2 },
          }),
        ];
    const server = startServer(() => [...answer, { waitMs: closeAfterMs }, { close: "end" }]);
    const url = server.url;
    const superseded: RequestRecord[] = [];
    const finals: RequestRecord[] = [];
    let next = 0;
    const loop = async () => {
      while (next < requests) {
        const planIndex = next++;
        finals.push(
          await sendRequest(
            outgoing(url, planIndex),
            quirkSettings({ streaming, onSuperseded: (r) => superseded.push(r) }),
            () => () => {},
          ),
        );
      }
    };
    await Promise.all(Array.from({ length: concurrency }, loop));
    return {
      failed: finals.filter((r) => r.errorKind !== null).length,
      superseded,
      connections: server.connections(),
      requestsSeen: server.requests.length,
    };
  }

  test.each([
    ["non-streaming", false],
    ["streaming", true],
  ])(
    "a server that closes after every response without saying so (%s): 1,000 requests over 16 connections, no failures, every reconnect counted",
    async (_name, streaming) => {
      const { failed, superseded, requestsSeen } = await closingServerRun(1000, 16, 1, streaming);
      expect(failed).toBe(0);
      expect(
        superseded.every((r) => r.errorKind === "stale_connection" && r.attempt === 0 && r.responseHeadersNs === null),
      ).toBe(true);
      // Each reconnect is a request the server saw in addition to the 1,000 (or never saw: a stale connection's write may not arrive).
      expect(requestsSeen).toBeGreaterThanOrEqual(1000);
      expect(requestsSeen).toBeLessThanOrEqual(1000 + superseded.length);
    },
    30_000,
  );

  test("a server that resets every connection after reading the request: a reconnect, then a real reset", async () => {
    const r = await send(() => [{ close: "reset" }]);
    expect([r.attempt, r.errorKind]).toEqual([1, "reset"]);
    expect(currentServer().connections()).toBe(2);
  });
});
