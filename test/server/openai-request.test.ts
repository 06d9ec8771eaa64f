/** @module test/server/openai-request.test — what the mock reads from chat and completions bodies. */
import { describe, expect, test } from "bun:test";
import { parseMockRequest, type ApiKind, type MockRequest } from "../../src/server/openai-request.ts";

function parsed(kind: ApiKind, body: unknown): MockRequest {
  const result = parseMockRequest(kind, body);
  if (!result.ok) throw new Error(result.message);
  return result.request;
}

describe("server/openai-request", () => {
  test.each([
    ["last user message", [{ role: "user", content: "old words" }, { role: "assistant", content: "reply" }, { role: "user", content: " new  one " }], 5, ["new", "one"]],
    ["all messages without a user", [{ role: "system", content: "sys a" }, { role: "assistant", content: "b" }], 3, ["sys", "a", "b"]],
    ["content parts", [{ role: "user", content: [{ type: "text", text: "x y" }, { type: "image_url" }] }], 2, ["x", "y"]],
    ["null content", [{ role: "assistant", content: null }, { role: "user", content: "z" }], 1, ["z"]],
  ])("chat: echoes the %s", (_name, messages, promptTokens, echoWords) => {
    expect(parsed("chat", { messages })).toMatchObject({ promptTokens, echoWords });
  });

  test.each([
    ["a string", "one two  three", 3, ["one", "two", "three"]],
    ["token ids", [1, 2, 3], 3, ["tok", "tok", "tok"]],
    ["batched token ids", [[1, 2], [3]], 3, ["tok", "tok", "tok"]],
    ["a list of strings", ["a b", "c"], 3, ["a", "b", "c"]],
  ])("completions: echoes %s", (_name, prompt, promptTokens, echoWords) => {
    expect(parsed("completions", { prompt })).toMatchObject({ promptTokens, echoWords });
  });

  test.each([
    [{}, { stream: false, includeUsage: false, maxTokens: null, ignoreEos: false, minTokens: 0 }],
    [{ stream: true, stream_options: { include_usage: true } }, { stream: true, includeUsage: true }],
    [{ stream: null, stream_options: null, max_tokens: null }, { stream: false, includeUsage: false, maxTokens: null }],
    [{ max_tokens: 7 }, { maxTokens: 7 }],
    [{ max_tokens: 7, max_completion_tokens: 3 }, { maxTokens: 3 }],
    [{ ignore_eos: true, min_tokens: 4, temperature: 0, seed: 3 }, { ignoreEos: true, minTokens: 4 }],
  ])("reads options %j", (extra, expected) => {
    expect(parsed("completions", { prompt: "p", ...extra })).toMatchObject(expected);
  });

  test.each([
    ["chat", null],
    ["chat", { messages: "hi" }],
    ["chat", { messages: [{ content: "no role" }] }],
    ["completions", { prompt: 5 }],
    ["completions", { prompt: "p", max_tokens: 0 }],
    ["completions", { prompt: "p", stream: "yes" }],
  ] as const)("%s rejects %j", (kind, body) => {
    const result = parseMockRequest(kind, body);
    expect(result.ok).toBe(false);
  });
});
