/** @module test/dataset/request-body — request bodies per api_type, routes and URL joining. */
import { describe, expect, test } from "bun:test";
import { InputError } from "../../src/errors.ts";
import { buildRequestBody, joinEndpointUrl, routeFor, type RequestBodyParams } from "../../src/dataset/request-body.ts";

const chat: RequestBodyParams = { apiType: "openai", model: "m", maxNewTokens: 64, streaming: false };
const completions: RequestBodyParams = {
  apiType: "openai_completions",
  model: "m",
  maxNewTokens: 64,
  streaming: false,
};
const sglang: RequestBodyParams = { apiType: "sglang", model: "m", maxNewTokens: 1024, streaming: true };

function body(row: Record<string, unknown>, params: RequestBodyParams): unknown {
  return JSON.parse(buildRequestBody(row, params));
}

describe("dataset/request-body", () => {
  test.each<{ title: string; row: Record<string, unknown>; params: RequestBodyParams; expected: unknown }>([
    {
      title: "chat, not streaming",
      row: { prompt: "hi", ref_output: "ignored" },
      params: chat,
      expected: { model: "m", messages: [{ role: "user", content: "hi" }], max_completion_tokens: 64, stream: false },
    },
    {
      title: "chat, streaming asks for usage",
      row: { prompt: "hi" },
      params: { ...chat, streaming: true },
      expected: {
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        max_completion_tokens: 64,
        stream: true,
        stream_options: { include_usage: true },
      },
    },
    {
      title: "chat with system and user name",
      row: { prompt: "hi", system: "be brief", name: "ann" },
      params: chat,
      expected: {
        model: "m",
        messages: [
          { role: "system", content: "be brief" },
          { role: "user", content: "hi", name: "ann" },
        ],
        max_completion_tokens: 64,
        stream: false,
      },
    },
    {
      title: "chat sends messages verbatim over prompt and system",
      row: {
        prompt: "unused",
        system: "unused",
        messages: [
          { role: "user", content: "q" },
          { role: "assistant", content: "", tool_calls: [{ id: "c1" }] },
          { role: "tool", tool_call_id: "c1", content: "42" },
        ],
      },
      params: chat,
      expected: {
        model: "m",
        messages: [
          { role: "user", content: "q" },
          { role: "assistant", content: "", tool_calls: [{ id: "c1" }] },
          { role: "tool", tool_call_id: "c1", content: "42" },
        ],
        max_completion_tokens: 64,
        stream: false,
      },
    },
    {
      title: "chat with sampling parameters and forwarded row fields, nulls omitted",
      row: {
        prompt: "hi",
        n: 2,
        stop: ["\n"],
        tools: [{ type: "function" }],
        tool_choice: "auto",
        user: "u",
        logit_bias: null,
      },
      params: {
        ...chat,
        temperature: 0,
        topP: 0.9,
        topK: 20,
        seed: 7,
        repetitionPenalty: 1.1,
        presencePenalty: null,
        frequencyPenalty: 0.5,
        chatTemplateKwargs: { enable_thinking: false },
        minNewTokens: 3,
        skipSpecialTokens: true,
      },
      expected: {
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        max_completion_tokens: 64,
        stream: false,
        temperature: 0,
        top_p: 0.9,
        top_k: 20,
        seed: 7,
        repetition_penalty: 1.1,
        frequency_penalty: 0.5,
        chat_template_kwargs: { enable_thinking: false },
        n: 2,
        stop: ["\n"],
        tools: [{ type: "function" }],
        tool_choice: "auto",
        user: "u",
      },
    },
    {
      title: "completions with token ids, streaming",
      row: { input_tokens: [1, 2, 3], prompt: "text too" },
      params: { ...completions, streaming: true, minNewTokens: 8, skipSpecialTokens: false, temperature: 1 },
      expected: {
        model: "m",
        prompt: [1, 2, 3],
        max_tokens: 64,
        min_tokens: 8,
        skip_special_tokens: false,
        stream: true,
        stream_options: { include_usage: true },
        temperature: 1,
      },
    },
    {
      title: "completions with a text prompt (ours), not streaming",
      row: { prompt: "once upon", stop: ".", tools: ["not forwarded"] },
      params: { ...completions, maxNewTokens: null },
      expected: { model: "m", prompt: "once upon", stream: false, stop: "." },
    },
    {
      // Upstream's verified body: 1.0 defaults sent, top_k -1 left out, no model name.
      title: "the sglang body as upstream sends it",
      row: { input_tokens: [1, 2, 3], prompt: "ignored" },
      params: sglang,
      expected: {
        input_ids: [1, 2, 3],
        sampling_params: { max_new_tokens: 1024, temperature: 1.0, top_p: 1.0 },
        stream: true,
      },
    },
    {
      title: "sglang with sampling set, a top_k and a synthetic row's length controls",
      row: { input_tokens: [9], max_new_tokens: 16, min_tokens: 16, ignore_eos: true },
      params: { ...sglang, streaming: false, temperature: 0, topK: 20, topP: 0.9, seed: 7, presencePenalty: 1 },
      expected: {
        input_ids: [9],
        sampling_params: {
          max_new_tokens: 16,
          temperature: 0,
          top_k: 20,
          top_p: 0.9,
          min_new_tokens: 16,
          ignore_eos: true,
        },
        stream: false,
      },
    },
  ])("builds $title", ({ row, params, expected }) => {
    const text = buildRequestBody(row, params);
    expect(JSON.parse(text)).toEqual(expected);
    expect(Object.keys(JSON.parse(text) as object)).toEqual(Object.keys(expected as object));
  });

  test.each([
    { title: "chat row without prompt or messages", row: { text: "x" }, params: chat },
    { title: "chat row with empty messages and no prompt", row: { messages: [] }, params: chat },
    {
      title: "completions row with only messages",
      row: { messages: [{ role: "user", content: "x" }] },
      params: completions,
    },
    { title: "sglang row with text only (upstream Harmony-tokenizes it first)", row: { prompt: "x" }, params: sglang },
  ])("refuses a $title", ({ row, params }) => {
    expect(() => body(row, params)).toThrow(InputError);
  });

  test.each([
    { apiType: "openai" as const, route: "/v1/chat/completions" },
    { apiType: "openai_completions" as const, route: "/v1/completions" },
    { apiType: "sglang" as const, route: "/generate" },
  ])("routes $apiType to $route", ({ apiType, route }) => {
    expect(routeFor(apiType)).toBe(route);
  });

  test.each([
    { base: "http://localhost:8000", route: "/v1/chat/completions", url: "http://localhost:8000/v1/chat/completions" },
    { base: "http://localhost:8000/", route: "/v1/completions", url: "http://localhost:8000/v1/completions" },
    { base: "http://h:1//", route: "/v1/completions", url: "http://h:1/v1/completions" },
    { base: "http://h/v1", route: "/v1/chat/completions", url: "http://h/v1/chat/completions" },
    { base: "http://h/v1/", route: "/v1/completions", url: "http://h/v1/completions" },
    { base: "https://proxy/team/v1", route: "/v1/completions", url: "https://proxy/team/v1/completions" },
    { base: "http://h/v10", route: "/v1/completions", url: "http://h/v10/v1/completions" },
    { base: "http://h/api", route: "/v1/completions", url: "http://h/api/v1/completions" },
    { base: "http://h", route: "health", url: "http://h/health" },
    { base: "http://h:30000", route: "/generate", url: "http://h:30000/generate" },
    { base: "http://h:30000/v1/", route: "/generate", url: "http://h:30000/generate" },
  ])("joins $base + $route", ({ base, route, url }) => {
    expect(joinEndpointUrl(base, route)).toBe(url);
  });
});

describe("dataset/request-body extra_body", () => {
  const extraBody = { min_p: 0.05, stop: ["##"], sampling_params: { min_p: 0.1 } };

  test.each<[string, Record<string, unknown>, RequestBodyParams, Record<string, unknown>]>([
    ["chat: every key is added after ours", { prompt: "hi" }, { ...chat, extraBody }, { model: "m", ...extraBody }],
    [
      "chat: the row's own stop wins over extra_body's",
      { prompt: "hi", stop: ["\n"] },
      { ...chat, extraBody },
      { stop: ["\n"] },
    ],
    ["completions", { prompt: "hi" }, { ...completions, extraBody }, { prompt: "hi", min_p: 0.05 }],
    [
      "sglang: sampling_params is filled key by key",
      { input_tokens: [1, 2] },
      { ...sglang, extraBody },
      {
        input_ids: [1, 2],
        min_p: 0.05,
        sampling_params: { min_p: 0.1, max_new_tokens: 1024, temperature: 1, top_p: 1 },
      },
    ],
  ])("%s", (_name, row, params, expected) => {
    expect(body(row, params)).toMatchObject(expected);
  });

  test("none, null or empty leaves the body as it was", () => {
    const plain = buildRequestBody({ prompt: "hi" }, chat);
    expect(buildRequestBody({ prompt: "hi" }, { ...chat, extraBody: null })).toBe(plain);
    expect(buildRequestBody({ prompt: "hi" }, { ...chat, extraBody: {} })).toBe(plain);
  });

  test("the model and prompt stay first, so the body reads as before", () => {
    expect(Object.keys(body({ prompt: "hi" }, { ...chat, extraBody: { a: 1 } }) as object)).toEqual([
      "model",
      "messages",
      "max_completion_tokens",
      "stream",
      "a",
    ]);
  });
});
