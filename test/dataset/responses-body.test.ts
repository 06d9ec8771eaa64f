/** @module test/dataset/responses-body — Responses API bodies from dataset rows, and chat messages as input items. */
import { describe, expect, test } from "bun:test";
import { buildRequestBody, joinEndpointUrl, routeFor, type RequestBodyParams } from "../../src/dataset/request-body.ts";
import { responsesInputItems } from "../../src/dataset/responses-input.ts";
import { InputError } from "../../src/errors.ts";

const params: RequestBodyParams = { apiType: "openai_responses", model: "m", maxNewTokens: 64, streaming: true };
const body = (row: Record<string, unknown>, p: RequestBodyParams = params): Record<string, unknown> =>
  JSON.parse(buildRequestBody(row, p));

describe("dataset/responses-body", () => {
  test.each<{ title: string; row: Record<string, unknown>; p?: RequestBodyParams; expected: unknown }>([
    {
      title: "a prompt is the input string; streaming is `stream` alone",
      row: { prompt: "hi" },
      expected: { model: "m", input: "hi", max_output_tokens: 64, stream: true },
    },
    {
      title: "a system column goes to instructions",
      row: { prompt: "hi", system: "be brief" },
      p: { ...params, streaming: false },
      expected: { model: "m", input: "hi", instructions: "be brief", max_output_tokens: 64, stream: false },
    },
    {
      title: "content parts are one user message with input parts",
      row: {
        prompt: [
          { type: "text", text: "what is it" },
          { type: "image_url", image_url: { url: "data:x" } },
        ],
      },
      expected: {
        model: "m",
        input: [
          {
            role: "user",
            content: [
              { type: "input_text", text: "what is it" },
              { type: "input_image", image_url: "data:x" },
            ],
          },
        ],
        max_output_tokens: 64,
        stream: true,
      },
    },
    {
      title: "a row's own length request, sampling fields and tools in the flat form",
      row: {
        prompt: "hi",
        max_new_tokens: 7,
        ignore_eos: true,
        tools: [{ type: "function", function: { name: "f", parameters: { type: "object" } } }],
        tool_choice: { type: "function", function: { name: "f" } },
      },
      p: { ...params, temperature: 0.5, topP: 0.9, seed: 3 },
      expected: {
        model: "m",
        input: "hi",
        max_output_tokens: 7,
        ignore_eos: true,
        stream: true,
        temperature: 0.5,
        top_p: 0.9,
        seed: 3,
        tools: [{ type: "function", name: "f", parameters: { type: "object" } }],
        tool_choice: { type: "function", name: "f" },
      },
    },
    {
      title: "extra_body fills in, never over what the body sets",
      row: { prompt: "hi" },
      p: { ...params, extraBody: { store: false, reasoning: { effort: "low" } } },
      expected: {
        model: "m",
        input: "hi",
        max_output_tokens: 64,
        stream: true,
        store: false,
        reasoning: { effort: "low" },
      },
    },
  ])("$title", ({ row, p, expected }) => {
    expect(body(row, p) as unknown).toEqual(expected);
  });

  test("messages become input items: roles kept, tool calls and results as function_call items", () => {
    const messages = [
      { role: "system", content: "sys" },
      { role: "user", content: "weather?" },
      {
        role: "assistant",
        content: null,
        tool_calls: [{ id: "c1", type: "function", function: { name: "w", arguments: '{"city":"P"}' } }],
      },
      { role: "tool", tool_call_id: "c1", content: "sunny" },
      { role: "assistant", content: [{ type: "text", text: "It is sunny." }] },
    ];
    expect(responsesInputItems(messages)).toEqual([
      { role: "system", content: "sys" },
      { role: "user", content: "weather?" },
      { type: "function_call", call_id: "c1", name: "w", arguments: '{"city":"P"}' },
      { type: "function_call_output", call_id: "c1", output: "sunny" },
      { role: "assistant", content: [{ type: "output_text", text: "It is sunny." }] },
    ]);
    expect(body({ messages }).input).toEqual(responsesInputItems(messages));
  });

  test("a row of token ids alone is refused, naming the api_type", () => {
    expect(() => buildRequestBody({ input_tokens: [1, 2] }, params)).toThrow(InputError);
    expect(() => buildRequestBody({ input_tokens: [1, 2] }, params)).toThrow(/api_type openai_responses/);
  });

  test("the route is /v1/responses, and a /v1 base is not doubled", () => {
    expect(routeFor("openai_responses")).toBe("/v1/responses");
    expect(joinEndpointUrl("http://h:1/v1/", routeFor("openai_responses"))).toBe("http://h:1/v1/responses");
  });
});
