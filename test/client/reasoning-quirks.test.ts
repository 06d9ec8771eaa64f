/**
 * @module test/client/reasoning-quirks.test — where a reasoning model's answer begins, as each dialect writes it: TTFO's stamp and the reasoning chunks.
 *
 * Raw-socket scenarios (test/support/quirk-server) through the real send path: three writes of
 * reasoning, then three of answer, 10 ms apart. What the client decides is which chunk the answer
 * began in and that its stamp is that chunk's arrival: TTFO − TTFT equals the recorded gaps of
 * the reasoning chunks before it, and neither stamp is earlier than the server's write of its
 * bytes (same clock, same process). How close the stamps sit to the writes is the host's; the
 * client's precision is `npm run bench` (raw TTFT section).
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { RequestRecord } from "../../src/record/request-record.ts";
import {
  anthropicEvent,
  blockDelta,
  blockStart,
  blockStop,
  MESSAGE_STOP,
  messageDelta,
  messageStart,
} from "../support/anthropic-bytes.ts";
import { chatChunk, chunked, LAST_CHUNK, sse, sseHead, usageChunk } from "../support/quirk-bytes.ts";
import { currentServer, send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";

afterEach(stopQuirkServer);

const GAP_MS = 10;
const REASONING = ["Let", " me", " think"];
const ANSWER = ["The", " answer", " is"];

/** One write per event list, `GAP_MS` apart, after the head; the last list ends the stream. */
function paced(writes: string[]): Step[] {
  const steps: Step[] = [sseHead()];
  writes.forEach((text, i) => {
    if (i > 0) steps.push({ waitMs: GAP_MS });
    steps.push(chunked(text));
  });
  return [...steps, LAST_CHUNK];
}

/** The first write holding `needle`, ns on this process's clock. */
function writtenAtNs(needle: string): number {
  return (
    currentServer()
      .requests.at(-1)
      ?.writes.find((w) => w.text.includes(needle))?.atNs ?? Number.NaN
  );
}

/**
 * TTFO stamped at the arrival of the chunk the answer began in: TTFO − TTFT is the sum of the
 * recorded gaps of the reasoning chunks before it (exact: integer ns), and neither stamp precedes
 * its bytes' write.
 */
function expectAnswerStamp(r: RequestRecord, needle: string): void {
  const first = r.firstTokenNs as number;
  const answer = r.firstAnswerNs as number;
  const gaps = Array.from(r.chunkGapsNs ?? []).slice(0, r.reasoningChunks ?? 0);
  expect(answer - first).toBe(gaps.reduce((sum, g) => sum + g, 0));
  expect(first).toBeGreaterThanOrEqual(writtenAtNs("data:"));
  expect(answer).toBeGreaterThanOrEqual(writtenAtNs(needle));
}

const chatWrites = (field: "reasoning_content" | "reasoning"): string[] =>
  [
    ...REASONING.map((piece) => sse(chatChunk({ [field]: piece } as never))),
    ...ANSWER.map((piece) => sse(chatChunk({ content: piece }))),
  ].map((text, i, all) => (i === all.length - 1 ? text + sse(usageChunk(5, 6, 3)) + sse("[DONE]") : text));

/** Responses API events: a reasoning item's deltas, then the message's. */
function responsesWrites(): string[] {
  const event = (type: string, fields: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...fields })}\n\n`;
  const usage = { input_tokens: 5, output_tokens: 6, output_tokens_details: { reasoning_tokens: 3 } };
  const writes = [
    ...REASONING.map((delta) => event("response.reasoning_text.delta", { item_id: "rs_1", output_index: 0, delta })),
    ...ANSWER.map((delta) => event("response.output_text.delta", { item_id: "msg_1", output_index: 1, delta })),
  ];
  writes[3] =
    event("response.output_item.added", { output_index: 1, item: { type: "message", id: "msg_1" } }) + writes[3];
  writes[5] += event("response.completed", { response: { id: "resp_1", status: "completed", output: [], usage } });
  return writes;
}

/** Anthropic's extended thinking: a thinking block (with its signature), then the text block. */
function messagesWrites(): string[] {
  const thinking = REASONING.map((thinking) => anthropicEvent(blockDelta(0, { type: "thinking_delta", thinking })));
  const text = ANSWER.map((piece) => anthropicEvent(blockDelta(1, { type: "text_delta", text: piece })));
  thinking[0] =
    anthropicEvent(messageStart()) + anthropicEvent(blockStart(0, { type: "thinking", thinking: "" })) + thinking[0];
  text[0] =
    anthropicEvent(blockDelta(0, { type: "signature_delta", signature: "sig" })) +
    anthropicEvent(blockStop(0)) +
    anthropicEvent(blockStart(1)) +
    text[0];
  text[2] += anthropicEvent(blockStop(1)) + anthropicEvent(messageDelta(6, "end_turn")) + anthropicEvent(MESSAGE_STOP);
  return [...thinking, ...text];
}

/** Content with `<think>` tags split across chunks, the answer beginning inside the chunk that closes them. */
const TAGGED = ["<thi", "nk>Let me", " think</th", "ink>\n\nThe", " answer", " is"];
const taggedWrites = (): string[] =>
  TAGGED.map((piece) => sse(chatChunk({ content: piece }))).map((text, i) =>
    i === TAGGED.length - 1 ? text + sse(chatChunk({}, { finish_reason: "stop" })) + sse("[DONE]") : text,
  );

describe("client quirks: where a reasoning model's answer begins", () => {
  test.each([
    [
      "chat reasoning_content (DeepSeek, SGLang, vLLM < 0.10)",
      () => chatWrites("reasoning_content"),
      3,
      '"content":"The"',
    ],
    ["chat reasoning (newer vLLM)", () => chatWrites("reasoning"), 3, '"content":"The"'],
    ["Responses reasoning_text deltas", responsesWrites, 3, "output_text.delta"],
    ["Messages thinking block", messagesWrites, null, "text_delta"],
  ] as const)(
    "%s: TTFO at the first answer write, three reasoning chunks",
    async (_, writes, usageReasoning, needle) => {
      const r = await send(() => paced(writes()), { keepResponseText: true });
      expect(r.errorKind).toBeNull();
      expect(r.reasoningChunks).toBe(3);
      expect(r.reasoningTokens).toBe(usageReasoning);
      expect(r.outputTokens).toBe(6);
      expect(r.reasoningTextChars).toBe(REASONING.join("").length);
      expect(r.firstAnswerNs as number).toBeGreaterThan(r.firstTokenNs as number);
      expectAnswerStamp(r, needle);
    },
  );

  test("--think-tags: tags split across chunks; the answer begins in the chunk that closes them", async () => {
    const r = await send(() => paced(taggedWrites()), { keepResponseText: true, thinkTags: true });
    expect(r.reasoningChunks).toBe(3);
    expect(r.reasoningTextChars).toBe("<think>Let me think</think>\n\n".length);
    expectAnswerStamp(r, "The");
  });

  test("without --think-tags the same content answers from its first chunk", async () => {
    const r = await send(() => paced(taggedWrites()));
    expect(r.firstAnswerNs).toBe(r.firstTokenNs);
    expect(r.reasoningChunks).toBeNull();
  });

  test("a plain answer: TTFO is TTFT and nothing reasoned", async () => {
    const writes = ANSWER.map((piece) => sse(chatChunk({ content: piece })));
    writes[2] += sse(chatChunk({}, { finish_reason: "stop" })) + sse("[DONE]");
    const r = await send(() => paced(writes));
    expect(r.firstAnswerNs).toBe(r.firstTokenNs);
    expect([r.reasoningChunks, r.reasoningTextChars]).toEqual([null, null]);
  });
});
