/** @module test/dataset/anthropic-body — a row as Anthropic's Messages request: system lifted, tools and stops in its shape. */
import { describe, expect, test } from "bun:test";
import { buildRequestBody, joinEndpointUrl, routeFor, type RequestBodyParams } from "../../src/dataset/request-body.ts";
import { anthropicConversation } from "../../src/dataset/anthropic-messages.ts";

const PARAMS: RequestBodyParams = { apiType: "anthropic_messages", model: "m", maxNewTokens: 64, streaming: true };
const bodyOf = (row: Record<string, unknown>, params: Partial<RequestBodyParams> = {}) =>
  JSON.parse(buildRequestBody(row, { ...PARAMS, ...params }));

describe("dataset/anthropic-body", () => {
  test("a prompt is one user message, the row's system the top-level system, max_tokens always sent", () => {
    expect(bodyOf({ prompt: "hi", system: "be brief" })).toEqual({
      model: "m",
      max_tokens: 64,
      messages: [{ role: "user", content: "hi" }],
      system: "be brief",
      stream: true,
    });
  });

  test.each([
    ["no limit configured: the schema's default", { maxNewTokens: null }, {}, 1024],
    ["the row's own max_new_tokens", {}, { max_new_tokens: 7 }, 7],
  ] as [string, Partial<RequestBodyParams>, Record<string, unknown>, number][])(
    "max_tokens: %s",
    (_name, params, row, expected) => {
      expect(bodyOf({ prompt: "p", ...row }, params).max_tokens).toBe(expected);
    },
  );

  test("sampling fields and the row's stop as stop_sequences; no stream_options", () => {
    const body = bodyOf({ prompt: "p", stop: "\n" }, { temperature: 0.2, topP: 0.9, topK: 5, streaming: false });
    expect(body).toMatchObject({ temperature: 0.2, top_p: 0.9, top_k: 5, stop_sequences: ["\n"], stream: false });
    expect(body.stream_options).toBeUndefined();
  });

  test("the row's user as metadata.user_id", () => {
    expect(bodyOf({ prompt: "p", user: "u-1" }).metadata).toEqual({ user_id: "u-1" });
  });

  test("extra_body fills in last", () => {
    expect(
      bodyOf({ prompt: "p" }, { extraBody: { thinking: { type: "enabled", budget_tokens: 16 } } }).thinking,
    ).toEqual({
      type: "enabled",
      budget_tokens: 16,
    });
  });

  test("OpenAI tools and tool_choice in Anthropic's shape", () => {
    const tool = { type: "function", function: { name: "f", description: "d", parameters: { type: "object" } } };
    const body = bodyOf({ prompt: "p", tools: [tool], tool_choice: "required" });
    expect(body.tools).toEqual([{ name: "f", description: "d", input_schema: { type: "object" } }]);
    expect(body.tool_choice).toEqual({ type: "any" });
    expect(bodyOf({ prompt: "p", tool_choice: { type: "function", function: { name: "f" } } }).tool_choice).toEqual({
      type: "tool",
      name: "f",
    });
  });

  test("a row without a prompt is refused with a hint", () => {
    expect(() => buildRequestBody({ input_tokens: [1, 2] }, PARAMS)).toThrow("neither 'messages' nor a text 'prompt'");
  });

  test("the route is /v1/messages, and a /v1 base is not doubled", () => {
    expect(routeFor("anthropic_messages")).toBe("/v1/messages");
    expect(joinEndpointUrl("http://h:1/v1", routeFor("anthropic_messages"))).toBe("http://h:1/v1/messages");
  });
});

describe("dataset/anthropic-messages", () => {
  test.each([
    [
      "system messages lifted and joined",
      [
        { role: "system", content: "a" },
        { role: "developer", content: "b" },
        { role: "user", content: "q" },
      ],
      { system: "a\n\nb", messages: [{ role: "user", content: "q" }] },
    ],
    [
      "tool calls as tool_use blocks, consecutive tool results in one user message",
      [
        { role: "user", content: "q" },
        {
          role: "assistant",
          content: "let me look",
          tool_calls: [
            { id: "c1", type: "function", function: { name: "f", arguments: '{"x":1}' } },
            { id: "c2", type: "function", function: { name: "g", arguments: "not json" } },
          ],
        },
        { role: "tool", tool_call_id: "c1", content: "r1" },
        { role: "tool", tool_call_id: "c2", content: "r2" },
        { role: "user", content: "thanks" },
      ],
      {
        system: null,
        messages: [
          { role: "user", content: "q" },
          {
            role: "assistant",
            content: [
              { type: "text", text: "let me look" },
              { type: "tool_use", id: "c1", name: "f", input: { x: 1 } },
              { type: "tool_use", id: "c2", name: "g", input: { arguments: "not json" } },
            ],
          },
          {
            role: "user",
            content: [
              { type: "tool_result", tool_use_id: "c1", content: "r1" },
              { type: "tool_result", tool_use_id: "c2", content: "r2" },
            ],
          },
          { role: "user", content: "thanks" },
        ],
      },
    ],
    [
      "image_url parts as image blocks (data URL as base64)",
      [
        {
          role: "user",
          content: [
            { type: "text", text: "what?" },
            { type: "image_url", image_url: { url: "data:image/png;base64,AAAA" } },
            { type: "image_url", image_url: { url: "https://x/y.png" } },
          ],
        },
      ],
      {
        system: null,
        messages: [
          {
            role: "user",
            content: [
              { type: "text", text: "what?" },
              { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } },
              { type: "image", source: { type: "url", url: "https://x/y.png" } },
            ],
          },
        ],
      },
    ],
  ])("%s", (_name, chat, expected) => {
    expect(anthropicConversation(chat)).toEqual(expected as ReturnType<typeof anthropicConversation>);
  });
});
