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
    [
      "last user message",
      [
        { role: "user", content: "old words" },
        { role: "assistant", content: "reply" },
        { role: "user", content: " new  one " },
      ],
      5,
      ["new", "one"],
    ],
    [
      "all messages without a user",
      [
        { role: "system", content: "sys a" },
        { role: "assistant", content: "b" },
      ],
      3,
      ["sys", "a", "b"],
    ],
    [
      "content parts",
      [
        {
          role: "user",
          content: [
            { type: "text", text: "x y" },
            { type: "image_url", image_url: { url: "https://x/i.png" } },
          ],
        },
      ],
      2,
      ["x", "y"],
    ],
    [
      "null content",
      [
        { role: "assistant", content: null },
        { role: "user", content: "z" },
      ],
      1,
      ["z"],
    ],
  ])("chat: echoes the %s", (_name, messages, promptTokens, echoWords) => {
    const request = parsed("chat", { messages });
    expect(request.promptTokens).toBe(promptTokens);
    expect(request.inputs.map((input) => input.echoWords)).toEqual([echoWords]);
  });

  test.each([
    ["a string", "one two  three", 3, [["one", "two", "three"]]],
    ["token ids", [1, 2, 3], 3, [["tok", "tok", "tok"]]],
    ["batched token ids: a prompt each", [[1, 2], [3]], 3, [["tok", "tok"], ["tok"]]],
    ["a list of strings: a prompt each", ["a b", "c"], 3, [["a", "b"], ["c"]]],
  ])("completions: echoes %s", (_name, prompt, promptTokens, echoWords) => {
    const request = parsed("completions", { prompt });
    expect(request.promptTokens).toBe(promptTokens);
    expect(request.inputs.map((input) => input.echoWords)).toEqual(echoWords);
  });

  test("reads the model and n", () => {
    expect(parsed("chat", { model: "Qwen/Qwen3-8B", n: 3, messages: [{ role: "user", content: "x" }] })).toMatchObject({
      model: "Qwen/Qwen3-8B",
      n: 3,
    });
    expect(parsed("chat", { messages: [{ role: "user", content: "x" }] })).toMatchObject({ model: null, n: 1 });
  });

  test("a body that is not valid gives one line naming each problem", () => {
    const result = parseMockRequest("chat", { messages: "hi", n: 0 });
    expect(result.ok).toBe(false);
    const message = result.ok ? "" : result.message;
    expect(message).not.toContain("\n");
    expect(message).toContain("messages: ");
    expect(message).toContain("; n: ");
  });

  test.each([
    [{}, { stream: false, includeUsage: false, maxTokens: null, ignoreEos: false, minTokens: 0 }],
    [
      { stream: true, stream_options: { include_usage: true } },
      { stream: true, includeUsage: true },
    ],
    [
      { stream: null, stream_options: null, max_tokens: null },
      { stream: false, includeUsage: false, maxTokens: null },
    ],
    [{ max_tokens: 7 }, { maxTokens: 7 }],
    [{ max_tokens: 7, max_completion_tokens: 3 }, { maxTokens: 3 }],
    [
      { ignore_eos: true, min_tokens: 4, temperature: 0, seed: 3 },
      { ignoreEos: true, minTokens: 4 },
    ],
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
    ["chat", { messages: [{ role: "user", content: "x" }], n: 129 }],
  ] as const)("%s rejects %j", (kind, body) => {
    const result = parseMockRequest(kind, body);
    expect(result.ok).toBe(false);
  });
});
