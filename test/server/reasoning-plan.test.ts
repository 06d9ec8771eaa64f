/** @module test/server/reasoning-plan.test — `serve --reasoning-tokens N`: N reasoning tokens first, in each dialect's own events, then the answer. */
import { describe, expect, test } from "bun:test";
import { encodeMessageBody, messageStreamWrites } from "../../src/server/anthropic-encoding.ts";
import { withReasoning } from "../../src/server/reasoning-plan.ts";
import { syntheticTokens, type ResponsePlan } from "../../src/server/response-plan.ts";
import { responseObject, responsesWrites } from "../../src/server/responses-encoding.ts";
import { buildSseWrites, type SseWrite } from "../../src/server/sse-writes.ts";

type Json = Record<string, any>;

const plan = (kind: "chat" | "completions", answerTokens: number): ResponsePlan => ({
  kind,
  tokens: syntheticTokens(answerTokens),
  finishReason: "stop",
  promptTokens: 3,
  ttftMs: 10,
  tpotMs: 2,
});

/** Each write's events, parsed. */
const eventsOf = (write: SseWrite): Json[] =>
  write.text
    .split("\n\n")
    .filter((block) => block.includes("data: ") && !block.includes("[DONE]"))
    .map((block) => JSON.parse(block.slice(block.indexOf("data: ") + 6)) as Json);

/** Reasoning and answer text one event carries, in the dialect it is written in. */
function partsOf(event: Json): { reasoning: string; answer: string } {
  const delta = event.choices?.[0]?.delta;
  if (delta) return { reasoning: delta.reasoning_content ?? "", answer: delta.content ?? "" };
  if (event.choices?.[0]?.text !== undefined) return { reasoning: "", answer: event.choices[0].text };
  if (event.type === "response.reasoning_text.delta") return { reasoning: event.delta, answer: "" };
  if (event.type === "response.output_text.delta") return { reasoning: "", answer: event.delta };
  if (event.delta?.type === "thinking_delta") return { reasoning: event.delta.thinking, answer: "" };
  if (event.delta?.type === "text_delta") return { reasoning: "", answer: event.delta.text };
  return { reasoning: "", answer: "" };
}

const IDENTITY = { id: "x_1", created: 1, model: "m" };
const RESPONSES_IDENTITY = { id: "resp_1", itemId: "msg_1", createdAt: 1, model: "m" };

const DIALECTS: [string, (p: ResponsePlan) => SseWrite[]][] = [
  ["chat", (p) => buildSseWrites(p, IDENTITY, { tokensPerChunk: 1, includeUsage: true })],
  ["responses", (p) => responsesWrites(p, RESPONSES_IDENTITY, 1)],
  ["messages", (p) => messageStreamWrites(IDENTITY, p, 1)],
];

describe("server/reasoning-plan", () => {
  test.each(DIALECTS)(
    "%s: the first N writes carry reasoning only, the next the first answer token, paced as any token",
    (_, writesOf) => {
      const writes = writesOf(withReasoning(plan("chat", 4), 3));
      expect(writes.map((w) => w.offsetMs)).toEqual([10, 12, 14, 16, 18, 20, 22]);
      const parts = writes.map((w) => eventsOf(w).map(partsOf));
      const reasoning = parts.map((p) => p.map((x) => x.reasoning).join(""));
      const answer = parts.map((p) => p.map((x) => x.answer).join(""));
      expect(reasoning).toEqual(["think", " think", " think", "", "", "", ""]);
      expect(answer).toEqual(["", "", "", "tok", " tok", " tok", " tok"]);
    },
  );

  test("chat's usage names the reasoning tokens among the completion tokens", () => {
    const writes = buildSseWrites(withReasoning(plan("chat", 4), 3), IDENTITY, {
      tokensPerChunk: 1,
      includeUsage: true,
    });
    const usage = eventsOf(writes.at(-1) as SseWrite).find((e) => e.usage)?.usage;
    expect(usage).toEqual({
      prompt_tokens: 3,
      completion_tokens: 7,
      total_tokens: 10,
      completion_tokens_details: { reasoning_tokens: 3 },
    });
  });

  test("completions carry the reasoning in their text, <think> opening the first token and </think> closing the N-th", () => {
    const writes = buildSseWrites(withReasoning(plan("completions", 2), 3), IDENTITY, {
      tokensPerChunk: 1,
      includeUsage: false,
    });
    const texts = writes.map((w) =>
      eventsOf(w)
        .map((e) => e.choices[0].text)
        .join(""),
    );
    expect(texts).toEqual(["<think>think", " think", " think</think>", "tok", " tok"]);
  });

  test("a write that packs several tokens splits them at the boundary into a reasoning and an answer event", () => {
    const writes = buildSseWrites(withReasoning(plan("chat", 3), 2), IDENTITY, {
      tokensPerChunk: 2,
      includeUsage: false,
    });
    const parts = eventsOf(writes[1] as SseWrite).map(partsOf);
    expect(parts.filter((p) => p.reasoning || p.answer)).toEqual([
      { reasoning: " think", answer: "" },
      { reasoning: "", answer: "tok" },
    ]);
  });

  test("Responses: a reasoning item at output_index 0 before the message, and usage's reasoning_tokens", () => {
    const reasoned = withReasoning(plan("chat", 2), 2);
    const whole = responseObject(reasoned, RESPONSES_IDENTITY, true) as Json;
    expect(whole.output.map((item: Json) => item.type)).toEqual(["reasoning", "message"]);
    expect(whole.output[0].content).toEqual([{ type: "reasoning_text", text: "think think" }]);
    expect(whole.output[1].content[0].text).toBe("tok tok");
    expect(whole.usage.output_tokens).toBe(4);
    expect(whole.usage.output_tokens_details).toEqual({ reasoning_tokens: 2 });
    const events = responsesWrites(reasoned, RESPONSES_IDENTITY, 1).flatMap(eventsOf);
    expect(events.map((e) => e.sequence_number)).toEqual(events.map((_, i) => i));
    const added = events.filter((e) => e.type === "response.output_item.added");
    expect(added.map((e) => [e.output_index, e.item.type])).toEqual([
      [0, "reasoning"],
      [1, "message"],
    ]);
  });

  test("Messages: a thinking block (index 0) with its signature, then the text block (index 1)", () => {
    const reasoned = withReasoning(plan("chat", 2), 2);
    const body = JSON.parse(encodeMessageBody(IDENTITY, reasoned)) as Json;
    expect(body.content).toEqual([
      { type: "thinking", thinking: "think think", signature: "mock-signature" },
      { type: "text", text: "tok tok" },
    ]);
    expect(body.usage.output_tokens).toBe(4);
    const events = messageStreamWrites(IDENTITY, reasoned, 1).flatMap(eventsOf);
    const blocks = events
      .filter((e) => e.type === "content_block_start" || e.type === "content_block_stop")
      .map((e) => [e.type, e.index, e.content_block?.type ?? null]);
    expect(blocks).toEqual([
      ["content_block_start", 0, "thinking"],
      ["content_block_stop", 0, null],
      ["content_block_start", 1, "text"],
      ["content_block_stop", 1, null],
    ]);
    expect(events.some((e) => e.delta?.type === "signature_delta")).toBe(true);
  });

  test("no reasoning tokens: the plan and its bytes are unchanged", () => {
    const p = plan("chat", 3);
    expect(withReasoning(p, 0)).toBe(p);
    expect(JSON.stringify(responseObject(p, RESPONSES_IDENTITY, true))).not.toContain("reasoning_text");
  });
});
