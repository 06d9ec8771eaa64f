/**
 * @module test/client/responses-quirks.test — OpenAI's Responses API streams as the wire shows them, through the real send path.
 *
 * Raw-socket scenarios (test/support/quirk-server). A Responses stream names each event on an
 * `event:` line and in its data's `type`, opens with `response.created` … `content_part.added`,
 * carries `response.output_text.delta` events, and ends with `response.completed` (no
 * `[DONE]`). llama.cpp's bytes below are what its server (../shared/tools/llama-server, build
 * 3f545bec) wrote for `POST /v1/responses` with `stream: true`: no `sequence_number`, its
 * `timings` beside the response in the last event, status `completed` at the token limit.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { noteBit } from "../../src/record/stream-notes.ts";
import {
  anthropicEvent,
  blockDelta,
  blockStart,
  blockStop,
  MESSAGE_STOP,
  messageDelta,
  messageStart,
} from "../support/anthropic-bytes.ts";
import { chunked, jsonResponse, LAST_CHUNK, sseHead } from "../support/quirk-bytes.ts";
import { send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";
import { expectChunksAfterWrites, expectNotBeforeWrite } from "../support/stream-stamps.ts";

afterEach(stopQuirkServer);

const TEN = Array.from({ length: 10 }, (_, i) => ` t${i}`);
const ITEM = "msg_f7Bif2M74If9MYaPaftaMDTmvmytIEzS";

/** One typed event as llama.cpp writes it: `event:` line, `data:` line, blank line (`eol` for each line end). */
function typed(type: string, fields: Record<string, unknown>, eol = "\n"): string {
  return `event: ${type}${eol}data: ${JSON.stringify({ type, ...fields })}${eol}${eol}`;
}

const response = (status: string, extra: Record<string, unknown> = {}) => ({
  id: "resp_hPZmsPQnKcOBvVLcktqNFZbNPZG6h7T7",
  object: "response",
  status,
  ...extra,
});
const USAGE = { input_tokens: 28, output_tokens: 10, total_tokens: 38, input_tokens_details: { cached_tokens: 0 } };
const TIMINGS = { cache_n: 0, prompt_n: 28, prompt_ms: 1.828, predicted_n: 10, predicted_ms: 2.879 };

const opening = (eol = "\n") =>
  typed("response.created", { response: response("in_progress") }, eol) +
  typed("response.in_progress", { response: response("in_progress") }, eol) +
  typed(
    "response.output_item.added",
    { item: { content: [], id: ITEM, role: "assistant", status: "in_progress", type: "message" } },
    eol,
  ) +
  typed("response.content_part.added", { item_id: ITEM, part: { type: "output_text", text: "" } }, eol);

const delta = (text: string, eol = "\n", type = "response.output_text.delta") =>
  typed(type, { item_id: ITEM, delta: text }, eol);

const completed = (text: string, eol = "\n") =>
  typed("response.output_text.done", { item_id: ITEM, text }, eol) +
  typed(
    "response.completed",
    {
      response: response("completed", {
        output: [{ type: "message", content: [{ type: "output_text", text }], role: "assistant" }],
        usage: USAGE,
      }),
      timings: TIMINGS,
    },
    eol,
  );

interface Paced {
  pieces?: string[];
  gapMs?: number;
  ttftMs?: number;
  eol?: string;
  /** Replaces the completed event (and what follows it). */
  end?: string;
  /** Written between events. */
  between?: string;
}

/** llama.cpp's stream: the opening with the first delta after `ttftMs`, one delta per write `gapMs` apart, then the end. */
function llamaSteps({ pieces = TEN, gapMs = 10, ttftMs = 0, eol = "\n", end, between = "" }: Paced = {}): Step[] {
  const steps: Step[] = [sseHead(), chunked(opening(eol))];
  if (ttftMs > 0) steps.push({ waitMs: ttftMs });
  pieces.forEach((piece, i) => {
    if (i > 0) steps.push({ waitMs: gapMs });
    steps.push(chunked(between + delta(piece, eol)));
  });
  steps.push(chunked(end ?? completed(pieces.join(""), eol)), LAST_CHUNK);
  return steps;
}

describe("client quirks: OpenAI's Responses API streams", () => {
  test("llama.cpp's stream: TTFT at the first delta, TPOT the server's gaps, the end at response.completed", async () => {
    const r = await send(() => llamaSteps({ ttftMs: 30 }), { keepResponseText: true, recordIds: true });
    expect(r.errorKind).toBeNull();
    expect([r.chunkCount, r.outputTokens, r.inputTokens, r.tokenSource]).toEqual([10, 10, 28, "server_usage"]);
    expect([r.finishReason, r.responseText]).toEqual(["stop", TEN.join("")]);
    expect(r.responseId).toBe("resp_hPZmsPQnKcOBvVLcktqNFZbNPZG6h7T7");
    expect(r.serverPrefillNs).toBe(1_828_000);
    // TTFT at the first delta's read, not the opening events' (written 30 ms before); each delta a chunk after its write.
    expectNotBeforeWrite(r.firstTokenNs, '"delta":" t0"');
    expectChunksAfterWrites(r, "response.output_text.delta");
    expectNotBeforeWrite(r.doneNs, "response.completed");
  });

  test.each([
    ["CRLF line ends", { eol: "\r\n" }],
    ["keep-alive comments between events", { between: ": keep-alive\n\n" }],
  ] as const)("%s: read as the same stream", async (_name, paced) => {
    const r = await send(() => llamaSteps({ gapMs: 2, ...paced }), { keepResponseText: true });
    expect([r.errorKind, r.chunkCount, r.outputTokens, r.finishReason, r.responseText]).toEqual([
      null,
      10,
      10,
      "stop",
      TEN.join(""),
    ]);
  });

  test("every event split across reads, inside its event: line and inside its JSON: the same stream", async () => {
    const whole = opening() + TEN.map((p) => delta(p)).join("") + completed(TEN.join(""));
    const steps: Step[] = [sseHead()];
    for (let at = 0; at < whole.length; at += 37) steps.push(chunked(whole.slice(at, at + 37)), { waitMs: 1 });
    steps.push(LAST_CHUNK);
    const r = await send(() => steps, { keepResponseText: true });
    expect([r.errorKind, r.chunkCount, r.outputTokens, r.responseText]).toEqual([null, 10, 10, TEN.join("")]);
  });

  test("reasoning and function-call argument deltas are output chunks; reasoning tokens come from usage", async () => {
    const end = typed("response.completed", {
      response: response("completed", {
        output: [{ type: "function_call", name: "f", arguments: "{}" }],
        usage: { input_tokens: 5, output_tokens: 4, output_tokens_details: { reasoning_tokens: 2 } },
      }),
    });
    const steps: Step[] = [
      sseHead(),
      chunked(opening()),
      chunked(delta("think", "\n", "response.reasoning_text.delta")),
      { waitMs: 2 },
      chunked(delta("more", "\n", "response.reasoning_summary_text.delta")),
      { waitMs: 2 },
      chunked(delta('{"a"', "\n", "response.function_call_arguments.delta")),
      { waitMs: 2 },
      chunked(delta(":1}", "\n", "response.function_call_arguments.delta") + end),
      LAST_CHUNK,
    ];
    const r = await send(() => steps, { keepResponseText: true });
    expect(r.errorKind).toBeNull();
    expect([r.chunkCount, r.outputTokens, r.reasoningTokens, r.hiddenTokens]).toEqual([4, 4, 2, null]);
    expect([r.finishReason, r.responseText]).toEqual(["tool_calls", 'thinkmore{"a":1}']);
  });

  test("a function call's output_item.added (its name) is the first chunk: TTFT as Anthropic's tool_use start gives it", async () => {
    const call = { type: "function_call", id: "fc_1", call_id: "call_1", name: "get_weather", arguments: "" };
    const args = ['{"city":', ' "Paris"}'];
    const responses: Step[] = [
      sseHead(),
      chunked(
        typed("response.created", { response: response("in_progress") }) +
          typed("response.in_progress", { response: response("in_progress") }),
      ),
      { waitMs: 20 },
      chunked(typed("response.output_item.added", { output_index: 0, item: call })),
      ...args.flatMap((a): Step[] => [
        { waitMs: 5 },
        chunked(typed("response.function_call_arguments.delta", { item_id: "fc_1", delta: a })),
      ]),
      chunked(
        typed("response.completed", {
          response: response("completed", {
            output: [{ ...call, arguments: args.join("") }],
            usage: { input_tokens: 5, output_tokens: 6 },
          }),
        }),
      ),
      LAST_CHUNK,
    ];
    const r = await send(() => responses, { keepResponseText: true });
    expect([r.errorKind, r.chunkCount, r.finishReason]).toEqual([null, 3, "tool_calls"]);
    expect(r.responseText).toBe(`get_weather${args.join("")}`);
    // The call's start is the first chunk: not the opening event's read, 20 ms before it was written.
    expectNotBeforeWrite(r.firstTokenNs, "response.output_item.added");

    // The same call in Anthropic's dialect at the same pacing: its tool_use start is the first chunk too.
    const start = blockStart(0, { type: "tool_use", id: "toolu_1", name: "get_weather", input: {} });
    const deltas = args.map((partial_json) => blockDelta(0, { type: "input_json_delta", partial_json }));
    const messages: Step[] = [
      sseHead(),
      chunked(anthropicEvent(messageStart())),
      { waitMs: 20 },
      chunked(anthropicEvent(start)),
      ...deltas.flatMap((d): Step[] => [{ waitMs: 5 }, chunked(anthropicEvent(d))]),
      chunked([blockStop(0), messageDelta(6, "tool_use"), MESSAGE_STOP].map((e) => anthropicEvent(e)).join("")),
      LAST_CHUNK,
    ];
    const a = await send(() => messages, { keepResponseText: true });
    expect([a.errorKind, a.chunkCount]).toEqual([null, 3]);
    expectNotBeforeWrite(a.firstTokenNs, "content_block_start");
    expect(a.responseText).toBe(r.responseText);
  });

  test("response.incomplete at max_output_tokens is a normal end with finish reason length", async () => {
    const end = typed("response.incomplete", {
      response: response("incomplete", { incomplete_details: { reason: "max_output_tokens" }, usage: USAGE }),
    });
    const r = await send(() => llamaSteps({ gapMs: 1, end }));
    expect([r.errorKind, r.finishReason, r.outputTokens]).toEqual([null, "length", 10]);
  });

  test.each([
    [
      "an error event mid-stream",
      typed("error", { code: "server_error", message: "The server had an error", param: null }),
      "http_5xx",
      "in-stream error after the first token: The server had an error",
    ],
    [
      "an error event naming a rate limit",
      typed("error", { code: "rate_limit_exceeded", message: "Slow down", param: null }),
      "http_429",
      "in-stream error after the first token: Slow down",
    ],
    [
      "response.failed",
      typed("response.failed", {
        response: response("failed", { error: { code: "server_error", message: "generation failed" } }),
      }),
      "http_5xx",
      "in-stream error after the first token: generation failed",
    ],
  ] as const)("%s: the server's error, of its kind, with its message", async (_name, end, kind, message) => {
    const r = await send(() => llamaSteps({ pieces: TEN.slice(0, 3), gapMs: 1, end }));
    expect([r.errorKind, r.errorMessage]).toEqual([kind, message]);
  });

  test("a [DONE] a proxy adds after response.completed is no content after the end; a delta there is", async () => {
    const clean = await send(() => llamaSteps({ gapMs: 1, end: `${completed(TEN.join(""))}data: [DONE]\n\n` }));
    expect([clean.errorKind, clean.chunkCount, clean.streamNotes & noteBit("content_after_done")]).toEqual([
      null,
      10,
      0,
    ]);
    const late = await send(() => llamaSteps({ gapMs: 1, end: completed(TEN.join("")) + delta(" late") }));
    expect([late.errorKind, late.chunkCount]).toEqual([null, 10]);
    expect(late.streamNotes & noteBit("content_after_done")).toBeTruthy();
  });

  test("a stream cut before response.completed is truncated", async () => {
    const steps = llamaSteps({ pieces: TEN.slice(0, 3), gapMs: 1, end: "" });
    const r = await send(() => steps);
    expect(r.errorKind).toBe("truncated");
  });
});

describe("client quirks: a whole Responses API body", () => {
  test("llama.cpp's body: output_text, usage, status completed", async () => {
    const body = response("completed", {
      output: [
        { content: [{ type: "output_text", annotations: [], text: " a b" }], role: "assistant", type: "message" },
      ],
      usage: { input_tokens: 47, output_tokens: 2, total_tokens: 49 },
    });
    const r = await send(() => [jsonResponse(200, body)], { streaming: false, keepResponseText: true });
    expect([r.errorKind, r.responseText, r.outputTokens, r.inputTokens, r.finishReason]).toEqual([
      null,
      " a b",
      2,
      47,
      "stop",
    ]);
  });

  test("reasoning items and an incomplete status: the text in order, finish reason length", async () => {
    const body = response("incomplete", {
      incomplete_details: { reason: "max_output_tokens" },
      output: [
        { type: "reasoning", summary: [{ type: "summary_text", text: "hm " }] },
        { type: "message", content: [{ type: "output_text", text: "yes" }] },
      ],
      usage: { input_tokens: 3, output_tokens: 5, output_tokens_details: { reasoning_tokens: 3 } },
    });
    const r = await send(() => [jsonResponse(200, body)], { streaming: false, keepResponseText: true });
    expect([r.errorKind, r.responseText, r.outputTokens, r.reasoningTokens, r.finishReason]).toEqual([
      null,
      "hm yes",
      5,
      3,
      "length",
    ]);
  });

  test("status failed is the server's error", async () => {
    const body = response("failed", { error: { code: "rate_limit_exceeded", message: "try later" } });
    const r = await send(() => [jsonResponse(200, body)], { streaming: false });
    expect([r.errorKind, r.errorMessage]).toEqual(["http_429", "error in a 200 response (status failed): try later"]);
  });
});
