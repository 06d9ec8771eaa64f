/** @module test/client/responses-events — what each Responses API event and status means for the measurement (pure). */
import { describe, expect, test } from "bun:test";
import {
  isResponsesEvent,
  readResponsesEvent,
  responsesFinishReason,
  responsesOutputText,
} from "../../src/client/responses-events.ts";

describe("client/responses-events", () => {
  test.each([
    [
      { type: "response.output_text.delta", delta: "hi" },
      { delta: "hi", reasoning: false, toolCall: false },
    ],
    [
      { type: "response.refusal.delta", delta: "no" },
      { delta: "no", reasoning: false, toolCall: false },
    ],
    [
      { type: "response.reasoning_text.delta", delta: "hm" },
      { delta: "hm", reasoning: true, toolCall: false },
    ],
    [
      { type: "response.reasoning_summary_text.delta", delta: "s" },
      { delta: "s", reasoning: true, toolCall: false },
    ],
    [
      { type: "response.function_call_arguments.delta", delta: "{" },
      { delta: "{", reasoning: false, toolCall: true },
    ],
    [{ type: "response.output_text.delta" }, { delta: "" }],
    [
      {
        type: "response.output_item.added",
        item: { type: "function_call", name: "get_weather", arguments: "", call_id: "c1" },
      },
      { delta: "get_weather", reasoning: false, toolCall: true },
    ],
    [
      { type: "response.output_item.added", item: { type: "message", content: [], role: "assistant" } },
      { delta: null, toolCall: false },
    ],
    [
      { type: "response.output_item.added", item: { type: "reasoning", summary: [] } },
      { delta: null, toolCall: false },
    ],
    [
      { type: "response.created", response: { id: "r1", status: "in_progress" } },
      { delta: null, responseId: "r1" },
    ],
    [
      { type: "response.content_part.added", part: { text: "" } },
      { delta: null, end: false },
    ],
    [
      { type: "response.output_text.done", text: "whole" },
      { delta: null, end: false },
    ],
  ])("%j reads as %j", (event, expected) => {
    expect(readResponsesEvent(event)).toMatchObject(expected);
  });

  test.each([
    [{ status: "completed", output: [{ type: "message" }] }, "stop"],
    [{ status: "completed", output: [{ type: "reasoning" }, { type: "function_call" }] }, "tool_calls"],
    [{ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }, "length"],
    [{ status: "incomplete", incomplete_details: { reason: "content_filter" } }, "content_filter"],
    [{ status: "in_progress" }, null],
  ])("status of %j → finish reason %p", (response, reason) => {
    expect(responsesFinishReason(response)).toBe(reason);
  });

  test("the end event carries usage, reasoning tokens and llama.cpp's timings", () => {
    const event = readResponsesEvent({
      type: "response.completed",
      response: {
        id: "r",
        status: "completed",
        output: [],
        usage: { input_tokens: 3, output_tokens: 9, output_tokens_details: { reasoning_tokens: 4 } },
      },
      timings: { prompt_ms: 2, predicted_ms: 5, predicted_n: 9 },
    });
    expect(event).toMatchObject({
      end: true,
      finishReason: "stop",
      usage: { promptTokens: 3, completionTokens: 9, reasoningTokens: 4 },
      figures: { prefillNs: 2e6, decodeNs: 5e6, outputTokens: 9 },
    });
  });

  test.each([
    [
      { type: "error", code: "rate_limit_exceeded", message: "m" },
      { message: "m", status: null, type: "rate_limit_exceeded" },
    ],
    [
      { type: "error", code: 503, message: "busy" },
      { message: "busy", status: 503, type: null },
    ],
    [
      { type: "response.failed", response: { status: "failed", error: { code: "server_error", message: "x" } } },
      { message: "x", status: null, type: "server_error" },
    ],
  ])("%j is the server's error %j", (event, error) => {
    expect(readResponsesEvent(event).error).toEqual(error);
  });

  test("only typed Responses events are taken; chat chunks and Anthropic's nested errors are not", () => {
    expect(isResponsesEvent({ type: "response.completed" })).toBe(true);
    expect(isResponsesEvent({ type: "error", message: "m" })).toBe(true);
    expect(isResponsesEvent({ type: "error", error: { type: "overloaded_error" } })).toBe(false);
    expect(isResponsesEvent({ choices: [] })).toBe(false);
    expect(isResponsesEvent({ type: "message_start" })).toBe(false);
  });

  test("a whole response's output: reasoning, text and function calls", () => {
    expect(
      responsesOutputText({
        output: [
          { type: "reasoning", content: [{ type: "reasoning_text", text: "r" }] },
          {
            type: "message",
            content: [
              { type: "output_text", text: "t" },
              { type: "refusal", refusal: "no" },
            ],
          },
          { type: "function_call", name: "f", arguments: "{}" },
        ],
      }),
    ).toEqual({ text: "tno", reasoning: "r", toolText: "f{}" });
  });
});
