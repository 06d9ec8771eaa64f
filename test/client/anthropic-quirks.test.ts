/**
 * @module test/client/anthropic-quirks.test — Anthropic's Messages stream as the wire shows it: typed events, pings, thinking and tool blocks, errors.
 *
 * Raw-socket scenarios (test/support/quirk-server) through the real send path, with the bytes of
 * test/support/anthropic-bytes. Timing is held to the chat scenarios' bounds (test/client/quirks):
 * latency within 10 % of the write that carried `message_stop`, TTFT within 10 % of the write
 * that carried the first `text_delta`, ITL within 15 % of the per-token gap.
 */
import { afterEach, describe, expect, test } from "bun:test";
import {
  anthropicEvent,
  blockDelta,
  blockStart,
  blockStop,
  MESSAGE_STOP,
  messageBody,
  messageDelta,
  messageStart,
  messageSteps,
  overloaded,
  PING,
  textDelta,
} from "../support/anthropic-bytes.ts";
import { chunked, jsonResponse, LAST_CHUNK, sseHead } from "../support/quirk-bytes.ts";
import { send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";
import { expectChunksAfterWrites, expectNotBeforeWrite } from "../support/stream-stamps.ts";

afterEach(stopQuirkServer);

const TEN = Array.from({ length: 10 }, (_, i) => ` t${i}`);

describe("client quirks: Anthropic's Messages stream", () => {
  test.each([
    ["LF line ends", {}],
    ["CRLF line ends", { lineEnd: "\r\n" }],
    ["a ping between every two deltas", { pings: true }],
    ["every event split across two reads inside its data line", { split: true }],
  ] as const)("%s: TTFT, TPOT, ITL and latency from the deltas and message_stop", async (_name, extra) => {
    const r = await send(() => messageSteps({ pieces: TEN, gapMs: 10, ttftMs: 30, ...extra }), {
      keepResponseText: true,
    });
    expect([r.errorKind, r.responseText, r.chunkCount, r.outputTokens, r.inputTokens, r.finishReason]).toEqual([
      null,
      TEN.join(""),
      10,
      10,
      7,
      "max_tokens",
    ]);
    expect(r.tokenSource).toBe("server_usage");
    // Each text delta is a chunk read no sooner than its write (one clock: the server runs in this process), so TTFT
    // is not the message_start's or a ping's read; the end is message_stop's.
    expectChunksAfterWrites(r, "text_delta");
    expectNotBeforeWrite(r.doneNs, "message_stop");
  });

  test("vLLM's shape: input_tokens 0 in message_start and real in message_delta, `data: [DONE]` after message_stop (noted as nothing)", async () => {
    // vLLM's /v1/messages (its message_stream_converter): usage in message_delta, then [DONE].
    const events = [
      messageStart(0),
      blockStart(0, { type: "thinking", thinking: "" }),
      blockDelta(0, { type: "thinking_delta", thinking: "so" }),
      blockDelta(0, { type: "signature_delta", signature: "4f1c" }),
      blockStop(0),
      blockStart(1),
      textDelta(" yes", 1),
      blockStop(1),
      { type: "message_delta", delta: { stop_reason: "end_turn" }, usage: { input_tokens: 12, output_tokens: 2 } },
      MESSAGE_STOP,
    ];
    const r = await send(() => [
      sseHead(),
      chunked(events.map((e) => anthropicEvent(e)).join("") + "data: [DONE]\n\n"),
      LAST_CHUNK,
    ]);
    expect([r.errorKind, r.chunkCount, r.inputTokens, r.outputTokens, r.finishReason, r.streamNotes]).toEqual([
      null,
      2,
      12,
      2,
      "end_turn",
      0,
    ]);
  });

  test("thinking deltas are output chunks (TTFT at the first); a signature is no chunk; a tool_use block's name and input_json_delta are", async () => {
    const events = [
      messageStart(),
      blockStart(0, { type: "thinking", thinking: "" }),
      blockDelta(0, { type: "thinking_delta", thinking: "hmm" }),
      blockDelta(0, { type: "signature_delta", signature: "EqQBCgIYAhIM" }),
      blockStop(0),
      blockStart(1, { type: "tool_use", id: "toolu_1", name: "get_weather", input: {} }),
      blockDelta(1, { type: "input_json_delta", partial_json: '{"city":' }),
      blockDelta(1, { type: "input_json_delta", partial_json: ' "Paris"}' }),
      blockStop(1),
      messageDelta(6, "tool_use"),
      MESSAGE_STOP,
    ];
    // The thinking delta 20 ms after the head, then an event every 5 ms.
    const steps: Step[] = [sseHead(), { waitMs: 20 }];
    events.forEach((e, i) => steps.push(...(i > 2 ? [{ waitMs: 5 }] : []), chunked(anthropicEvent(e))));
    steps.push(LAST_CHUNK);
    const r = await send(() => steps, { keepResponseText: "structured" });
    expect([r.errorKind, r.chunkCount, r.outputTokens, r.finishReason]).toEqual([null, 4, 6, "tool_use"]);
    expectNotBeforeWrite(r.firstTokenNs, "thinking_delta");
    expect(JSON.parse(r.responseText as string)).toEqual({
      content: "",
      reasoning_content: "hmm",
      tool_calls: [
        { id: "toolu_1", type: "function", function: { name: "get_weather", arguments: '{"city": "Paris"}' } },
      ],
    });
  });

  test("an overloaded_error event mid-stream is recorded as overload (http_429) with its message, not a crash", async () => {
    const opening = anthropicEvent(messageStart()) + anthropicEvent(blockStart(0)) + anthropicEvent(textDelta(" a"));
    const r = await send(() => [
      sseHead(),
      chunked(opening),
      { waitMs: 5 },
      chunked(anthropicEvent(PING)),
      { waitMs: 5 },
      chunked(anthropicEvent(overloaded())),
      LAST_CHUNK,
    ]);
    expect([r.errorKind, r.errorMessage]).toEqual(["http_429", "in-stream error after the first token: Overloaded"]);
  });

  test("an api_error event is a server error (http_5xx)", async () => {
    const error = { type: "error", error: { type: "api_error", message: "Internal server error" } };
    const r = await send(() => [
      sseHead(),
      chunked(anthropicEvent(messageStart()) + anthropicEvent(error)),
      LAST_CHUNK,
    ]);
    expect([r.errorKind, r.errorMessage]).toEqual(["http_5xx", "in-stream error: Internal server error"]);
  });

  test("llama.cpp's own error event after tokens (chat's error object, not Anthropic's shape) is its status's kind", async () => {
    // Captured from llama.cpp's /v1/messages with the unguarded tiny model (broken UTF-8 output).
    const message = "The model produced output that does not match the expected peg-native format";
    const opening = anthropicEvent(messageStart()) + anthropicEvent(blockStart(0)) + anthropicEvent(textDelta(" a"));
    const error = `event: error\ndata: ${JSON.stringify({ code: 500, message, type: "server_error" })}\n\n`;
    const r = await send(() => [sseHead(), chunked(opening), { waitMs: 2 }, chunked(error), LAST_CHUNK]);
    expect([r.errorKind, r.errorMessage]).toEqual([
      "http_5xx",
      `in-stream error (status 500) after the first token: ${message}`,
    ]);
  });

  test("a stream cut before message_delta and message_stop is truncated", async () => {
    const opening = anthropicEvent(messageStart()) + anthropicEvent(blockStart(0)) + anthropicEvent(textDelta(" a"));
    const r = await send(() => [sseHead(), chunked(opening), LAST_CHUNK]);
    expect(r.errorKind).toBe("truncated");
  });
});

describe("client quirks: Anthropic's whole Messages responses", () => {
  test("content blocks, usage and stop_reason of a non-streamed message", async () => {
    const body = messageBody(
      [
        { type: "thinking", thinking: "so", signature: "x" },
        { type: "text", text: " the answer" },
      ],
      5,
      "end_turn",
    );
    const r = await send(() => [jsonResponse(200, body)], { streaming: false, keepResponseText: true });
    expect([r.errorKind, r.responseText, r.outputTokens, r.inputTokens, r.finishReason]).toEqual([
      null,
      "so the answer",
      5,
      7,
      "end_turn",
    ]);
  });

  test("the prompt's tokens are input_tokens plus those read from and written to the cache, as Anthropic counts them", async () => {
    const body = {
      ...messageBody([{ type: "text", text: " a" }], 1),
      usage: {
        input_tokens: 5,
        cache_read_input_tokens: 30,
        cache_creation_input_tokens: 2,
        output_tokens: 1,
      },
    };
    const r = await send(() => [jsonResponse(200, body)], { streaming: false });
    expect([r.errorKind, r.inputTokens, r.outputTokens]).toEqual([null, 37, 1]);
  });

  test.each([
    [529, "overloaded_error", "Overloaded", "http_429"],
    [400, "invalid_request_error", "max_tokens: Field required", "http_4xx"],
    [500, "api_error", "Internal server error", "http_5xx"],
  ] as const)("HTTP %d with %s: that kind, and the body's message", async (status, type, message, kind) => {
    const r = await send(() => [jsonResponse(status, { type: "error", error: { type, message } })], {
      streaming: false,
    });
    expect(r.errorKind).toBe(kind);
    expect(r.errorMessage).toContain(message);
  });
});
