/** @module test/client/server-figures.test — a server's own per-request figures, read from the events that carry them. */
import { describe, expect, test } from "bun:test";
import { readServerFigures, responseIdOf } from "../../src/client/server-figures.ts";

/** llama-server's last chat stream event (llama.cpp 3f545bec), as it wrote it. */
const LLAMA_CPP_LAST_EVENT =
  '{"choices":[],"created":1796348672,"id":"chatcmpl-XBuRVP0QWeZLFSn5fYYFFaiDwfreBHoQ","model":"m",' +
  '"system_fingerprint":"b0-unknown","object":"chat.completion.chunk","usage":{"completion_tokens":5,' +
  '"prompt_tokens":28,"total_tokens":33,"prompt_tokens_details":{"cached_tokens":0}},"timings":{"cache_n":0,' +
  '"prompt_n":28,"prompt_ms":3.318,"prompt_per_token_ms":0.11850000000000001,"prompt_per_second":8438.818565400845,' +
  '"predicted_n":5,"predicted_ms":8.006,"predicted_per_token_ms":2.0015,"predicted_per_second":499.62528103922057}}';

describe("client/server-figures", () => {
  test.each([
    [
      "llama.cpp's timings: prefill and decode in ns, its generated tokens, cached prompt tokens from usage",
      LLAMA_CPP_LAST_EVENT,
      { prefillNs: 3_318_000, decodeNs: 8_006_000, outputTokens: 5, cachedTokens: 0 },
    ],
    [
      "vLLM's usage with prompt_tokens_details.cached_tokens and no timings",
      '{"id":"cmpl-1","usage":{"prompt_tokens":900,"completion_tokens":3,"prompt_tokens_details":{"cached_tokens":768}}}',
      { prefillNs: null, decodeNs: null, outputTokens: null, cachedTokens: 768 },
    ],
    [
      "llama.cpp's cache_n where usage has no details",
      '{"usage":{"prompt_tokens":9},"timings":{"cache_n":12,"prompt_n":9,"prompt_ms":1,"predicted_n":2,"predicted_ms":0.5}}',
      { prefillNs: 1_000_000, decodeNs: 500_000, outputTokens: 2, cachedTokens: 12 },
    ],
    ["usage without any server figure", '{"usage":{"prompt_tokens":9,"completion_tokens":1}}', null],
    ["a plain chunk", '{"choices":[{"delta":{"content":"x"}}]}', null],
  ])("%s", (_name, json, expected) => {
    expect(readServerFigures(JSON.parse(json))).toEqual(expected);
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
