/** @module test/client/server-figures.test — a server's own per-request figures, read from the events and headers that carry them. */
import { describe, expect, test } from "bun:test";
import {
  NO_FIGURES,
  readServerFigures,
  readSglangFigures,
  responseIdOf,
  type ServerFigures,
} from "../../src/client/server-figures.ts";
import { readTgiHeaders } from "../../src/client/tgi-headers.ts";
import { SGLANG_META_WITH_METRICS, TGI_TIMING_HEADERS } from "../support/quirk-bytes.ts";

/** llama-server's last chat stream event (llama.cpp 3f545bec), as it wrote it. */
const LLAMA_CPP_LAST_EVENT =
  '{"choices":[],"created":1796348672,"id":"chatcmpl-XBuRVP0QWeZLFSn5fYYFFaiDwfreBHoQ","model":"m",' +
  '"system_fingerprint":"b0-unknown","object":"chat.completion.chunk","usage":{"completion_tokens":5,' +
  '"prompt_tokens":28,"total_tokens":33,"prompt_tokens_details":{"cached_tokens":0}},"timings":{"cache_n":0,' +
  '"prompt_n":28,"prompt_ms":3.318,"prompt_per_token_ms":0.11850000000000001,"prompt_per_second":8438.818565400845,' +
  '"predicted_n":5,"predicted_ms":8.006,"predicted_per_token_ms":2.0015,"predicted_per_second":499.62528103922057}}';

const ms = (value: number) => Math.round(value * 1e6);

describe("client/server-figures", () => {
  test.each([
    [
      "llama.cpp's timings: prefill and decode in ns, its generated tokens, cached prompt tokens from usage",
      LLAMA_CPP_LAST_EVENT,
      { ...NO_FIGURES, prefillNs: 3_318_000, decodeNs: 8_006_000, outputTokens: 5, cachedTokens: 0 },
    ],
    [
      "vLLM's usage with prompt_tokens_details.cached_tokens and no timings",
      '{"id":"cmpl-1","usage":{"prompt_tokens":900,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":768}}}',
      { ...NO_FIGURES, cachedTokens: 768 },
    ],
    [
      "llama.cpp's cache_n where usage has no details",
      '{"usage":{"prompt_tokens":9},"timings":{"cache_n":12,"prompt_n":9,"prompt_ms":1,"predicted_n":2,"predicted_ms":0.5}}',
      { ...NO_FIGURES, prefillNs: 1_000_000, decodeNs: 500_000, outputTokens: 2, cachedTokens: 12 },
    ],
    ["usage without any server figure", '{"usage":{"prompt_tokens":9,"completion_tokens":1}}', null],
    ["a plain chunk", '{"choices":[{"delta":{"content":"x"}}]}', null],
  ])("%s", (_name, json, expected) => {
    expect(readServerFigures(JSON.parse(json))).toEqual(expected);
  });

  test.each([
    [
      "with --enable-metrics: queue, prefill from its two instants, inference, whole time, decode and TTFT, cache, tokens",
      SGLANG_META_WITH_METRICS,
      {
        queueNs: ms(12.5),
        prefillNs: ms(25),
        inferenceNs: ms(297.5),
        totalNs: ms(312.5),
        // 16 tokens at 58.5 tokens/s: 273.504… ms of decode, so 38.995… ms to the first token.
        decodeNs: 273_504_274,
        ttftNs: 312_500_000 - 273_504_274,
        outputTokens: 16,
        cachedTokens: 8,
      },
    ],
    [
      "without it: the whole time, the cache and the tokens only",
      {
        id: "a1",
        finish_reason: { type: "stop", matched: 2 },
        prompt_tokens: 7,
        completion_tokens: 3,
        cached_tokens: 0,
        e2e_latency: 0.1,
      },
      { totalNs: ms(100), outputTokens: 3, cachedTokens: 0 },
    ],
    [
      "queue_time 0 without forward_entry_time (the scheduler's instants lost on the way): no queue figure",
      { finish_reason: { type: "stop" }, completion_tokens: 3, cached_tokens: 0, e2e_latency: 0.1, queue_time: 0 },
      { totalNs: ms(100), outputTokens: 3, cachedTokens: 0 },
    ],
  ] as [string, Record<string, unknown>, Partial<ServerFigures>][])(
    "SGLang's meta_info %s",
    (_name, meta, expected) => {
      const figures = readSglangFigures(meta);
      // Its instants are seconds since the epoch as doubles: their difference is exact to well under a µs.
      expect(Math.abs((figures.prefillNs ?? 0) - (expected.prefillNs ?? 0))).toBeLessThan(1_000);
      expect({ ...figures, prefillNs: null }).toEqual({ ...NO_FIGURES, ...expected, prefillNs: null });
    },
  );

  test.each([
    [
      "TGI's non-streamed response: queue, inference, whole time in whole ms, its generated tokens",
      TGI_TIMING_HEADERS,
      { queueNs: ms(12), inferenceNs: ms(305), totalNs: ms(318), outputTokens: 16 },
    ],
    ["a queue wait under a millisecond reads 0 ms, as TGI truncates it", { "x-queue-time": "0" }, { queueNs: 0 }],
    [
      "values that are no numbers are no figures",
      { "x-queue-time": " ", "x-total-time": "soon", "x-generated-tokens": "1.5" },
      {},
    ],
  ] as [string, Record<string, string>, Partial<ServerFigures>][])("%s", (_name, raw, expected) => {
    const headers = new Headers(raw);
    expect(readTgiHeaders(headers, headers.get("x-queue-time") ?? "")).toEqual({ ...NO_FIGURES, ...expected });
  });

  test.each([
    ["an OpenAI-style id", { id: "chatcmpl-abc" }, "chatcmpl-abc"],
    ["no id", { object: "chat.completion.chunk" }, null],
    ["a number is no id", { id: 7 }, null],
    ["an empty id", { id: "" }, null],
  ])("the response id: %s", (_name, body, expected) => {
    expect(responseIdOf(body)).toBe(expected);
  });
});
