/**
 * @module test/client/server-figure-quirks.test — the server's own figures off the wire, through the real send path:
 * TGI's timing headers on a whole response (none on a stream), SGLang's meta_info on its last event and on a whole body.
 *
 * Raw-socket scenarios (test/support/quirk-server). TGI's router sets its `x-*-time` headers only
 * where the response is complete before its head is written; its streams' heads carry
 * `x-compute-type`, `x-compute-characters` and `x-accel-buffering` only (router/src/server.rs
 * `generate_stream_internal`). SGLang's timing keys ride on the finishing event's meta_info.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { RequestRecord } from "../../src/record/request-record.ts";
import {
  chunked,
  head,
  jsonResponse,
  LAST_CHUNK,
  SGLANG_META_WITH_METRICS,
  sse,
  streamSteps,
  TGI_TIMING_HEADERS,
} from "../support/quirk-bytes.ts";
import { send as sendPlain, stopQuirkServer } from "../support/quirk-client.ts";

/** Sent with --record-ids, so the ids the servers send are kept as the figures are. */
const send: typeof sendPlain = (scenario, extra = {}) => sendPlain(scenario, { recordIds: true, ...extra });

afterEach(stopQuirkServer);

const MS = 1e6;
const figures = (r: RequestRecord) => ({
  queue: r.serverQueueNs ?? null,
  prefill: r.serverPrefillNs ?? null,
  inference: r.serverInferenceNs ?? null,
  total: r.serverTotalNs ?? null,
  output: r.serverOutputTokens ?? null,
  cached: r.cachedTokens ?? null,
});
const none = { queue: null, prefill: null, inference: null, total: null, output: null, cached: null };

/** TGI's non-streamed chat completion (its `ChatCompletion`: an empty id, usage without details). */
const TGI_CHAT_COMPLETION = {
  object: "chat.completion",
  id: "",
  created: 1_760_000_000,
  model: "m",
  system_fingerprint: "3.3.4-native",
  choices: [
    { index: 0, message: { role: "assistant", content: " sixteen tokens" }, logprobs: null, finish_reason: "length" },
  ],
  usage: { prompt_tokens: 11, completion_tokens: 16, total_tokens: 27 },
};

describe("client quirks: TGI's timing headers", () => {
  test("without --record-ids no id is kept, the timing figures still are", async () => {
    const r = await sendPlain(
      () => [
        jsonResponse(
          200,
          { ...TGI_CHAT_COMPLETION, id: "chatcmpl-1" },
          { ...TGI_TIMING_HEADERS, "x-request-id": "r-1" },
        ),
      ],
      { streaming: false },
    );
    expect([r.responseId ?? null, r.serverRequestId ?? null]).toEqual([null, null]);
    expect(r.serverOutputTokens).toBe(16);
  });

  test("a whole response: its queue, inference and whole time, and its generated tokens, from the headers", async () => {
    const r = await send(
      () => [jsonResponse(200, TGI_CHAT_COMPLETION, { ...TGI_TIMING_HEADERS, "x-request-id": "r-1" })],
      {
        streaming: false,
      },
    );
    expect(r.errorKind).toBeNull();
    expect(r.outputTokens).toBe(16);
    expect(figures(r)).toEqual({ ...none, queue: 12 * MS, inference: 305 * MS, total: 318 * MS, output: 16 });
    expect(r.serverRequestId).toBe("r-1");
  });

  test("a stream's head carries none of them: no figure, and the stream is read as ever", async () => {
    const tgiStreamHead = head(200, {
      "content-type": "text/event-stream",
      "x-compute-type": "gpu+optimized",
      "x-compute-characters": "41",
      "x-accel-buffering": "no",
      "transfer-encoding": "chunked",
    });
    const r = await send(() => [tgiStreamHead, ...streamSteps({ pieces: [" a", " b", " c"], gapMs: 2 })]);
    expect(r.errorKind).toBeNull();
    expect(r.chunkCount).toBe(3);
    expect(figures(r)).toEqual(none);
  });
});

describe("client quirks: SGLang's meta_info figures", () => {
  const event = (text: string, meta: Record<string, unknown>) => ({ text, output_ids: [501], meta_info: meta });
  const running = { id: SGLANG_META_WITH_METRICS.id, finish_reason: null, prompt_tokens: 24, cached_tokens: 8 };

  test("a stream: the figures of its finishing event, its id as the response id", async () => {
    const r = await send(() => [
      head(200, { "content-type": "text/event-stream", "transfer-encoding": "chunked" }),
      chunked(sse(event(" a", { ...running, completion_tokens: 1 }))),
      { waitMs: 2 },
      chunked(sse(event(" a b", SGLANG_META_WITH_METRICS)) + sse("[DONE]")),
      LAST_CHUNK,
    ]);
    expect(r.errorKind).toBeNull();
    const { prefill, ...rest } = figures(r);
    expect(Math.abs((prefill ?? 0) - 25 * MS)).toBeLessThan(1_000);
    expect(rest).toEqual({ queue: 12.5 * MS, inference: 297.5 * MS, total: 312.5 * MS, output: 16, cached: 8 });
    expect(r.responseId).toBe(SGLANG_META_WITH_METRICS.id as string);
  });

  test("a whole /generate body without --enable-metrics: its whole time, cache and tokens, no queue", async () => {
    const meta = { id: "a1", finish_reason: { type: "stop", matched: 2 }, prompt_tokens: 7, completion_tokens: 3 };
    const r = await send(() => [jsonResponse(200, event(" x y z", { ...meta, cached_tokens: 4, e2e_latency: 0.1 }))], {
      streaming: false,
    });
    expect(r.errorKind).toBeNull();
    expect(figures(r)).toEqual({ ...none, total: 100 * MS, output: 3, cached: 4 });
    expect(r.responseId).toBe("a1");
  });
});
