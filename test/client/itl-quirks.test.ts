/**
 * @module test/client/itl-quirks.test — ITL per token against the chunk shapes real servers stream, byte for byte.
 *
 * Every scenario writes one write per token step, `GAP_MS` apart, so the truth is the server's
 * own write stamps: each token's ITL is the gap between the writes that carried it and the one
 * before. vLLM sends `content: ""` for a token that ends inside a UTF-8 character and for the
 * EOS token of its finish chunk (both counted in usage); TGI names the role in every chunk and
 * sends its EOS as `content: ""`; SGLang sends no empty chunk, but its finish chunk (`delta: {}`)
 * is the EOS step; TensorRT-LLM with MTP packs three tokens per chunk.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { chunked, LAST_CHUNK, sse, sseHead } from "../support/quirk-bytes.ts";
import { currentServer, itlMs, lastSendStallMs, MS, send, stopQuirkServer } from "../support/quirk-client.ts";
import type { Step } from "../support/quirk-server.ts";
import type { RequestRecord } from "../../src/record/request-record.ts";

afterEach(stopQuirkServer);

const GAP_MS = 20;
/** How far the typical token's ITL may be from the server's gap (beside the worst stall while the request ran): a wrong share is off by half a gap or more. */
const TOLERANCE_MS = 4;

const vllm = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: "chatcmpl-abc",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "m",
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, ...(finish ? { stop_reason: null } : {}) }],
});
const usage = (completion: number) => ({
  id: "chatcmpl-abc",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "m",
  choices: [],
  usage: { prompt_tokens: 7, total_tokens: 7 + completion, completion_tokens: completion },
});
const tgi = (content: string, finish: string | null = null) => ({
  object: "chat.completion.chunk",
  id: "",
  created: 1_700_000_000,
  model: "m",
  system_fingerprint: "3.3.6-native",
  choices: [{ index: 0, delta: { role: "assistant", content }, logprobs: null, finish_reason: finish }],
  usage: null,
});
const sglang = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: "a1b2",
  object: "chat.completion.chunk",
  created: 1_700_000_000,
  model: "m",
  choices: [{ index: 0, delta, logprobs: null, finish_reason: finish, matched_stop: finish ? 151645 : null }],
});

/** One write per token step: `steps[i]` is the events of step i, written GAP_MS after step i − 1 (the first 30 ms after the request); then `tail` at once. */
function paced(steps: unknown[][], tail: unknown[]): Step[] {
  const out: Step[] = [sseHead(), { waitMs: 30 }];
  steps.forEach((events, i) => {
    if (i > 0) out.push({ waitMs: GAP_MS });
    out.push(chunked(events.map((e) => sse(e)).join("")));
  });
  out.push(chunked(tail.map((e) => sse(e)).join("")), LAST_CHUNK);
  return out;
}

/** The server's gaps between the writes of steps 2..n (the tail not included), ms: the true ITL of a stream of one token per step. */
function serverStepGapsMs(steps: number): number[] {
  const writes =
    currentServer()
      .requests[0]?.writes.filter((w) => w.text.includes('"choices":[{'))
      .slice(0, steps) ?? [];
  expect(writes).toHaveLength(steps);
  return writes.slice(1).map((w, i) => (w.atNs - (writes[i] as { atNs: number }).atNs) / MS);
}

/**
 * Each chunk after the first carried `tokensPerChunk` tokens (what our reading decides, exactly),
 * so there is one ITL per token, and the typical token's ITL is the server's gap. The median, not
 * every token: Bun reads on its own HTTP thread, whose preemption the stall watch does not see, and
 * a read it delays merges two writes (seen: one token 20.8 ms off with 3.6 ms of stall, both cores
 * oversubscribed); that moves two tokens, while a wrong share moves most of them.
 */
function expectPerToken(r: RequestRecord, truth: number[], tokensPerChunk = 1): void {
  const itl = itlMs(r);
  expect(itl).toHaveLength(truth.length);
  const chunks = r.chunkGapsNs?.length ?? 0;
  expect(Array.from(r.chunkTokens ?? new Uint16Array(chunks).fill(1))).toEqual(Array(chunks).fill(tokensPerChunk));
  const offMs = itl.map((value, i) => Math.abs(value - (truth[i] as number))).sort((a, b) => a - b);
  expect(offMs[Math.floor((offMs.length - 1) / 2)] as number).toBeLessThanOrEqual(TOLERANCE_MS + lastSendStallMs());
}

const words = (n: number) => Array.from({ length: n }, (_, i) => ` w${i}`);

describe("client quirks: ITL per token when chunks carry no text", () => {
  test('vLLM, words and two-token emoji (the first half as content ""), then the EOS finish chunk: every token its own gap', async () => {
    const steps: unknown[][] = [[vllm({ role: "assistant", content: "" }), vllm({ content: " start" })]];
    for (let g = 0; g < 5; g++)
      steps.push([vllm({ content: " abcdefghij" })], [vllm({ content: "" })], [vllm({ content: "\u{1F600}" })]);
    steps.push([vllm({ content: "" }, "stop")]);
    const r = await send(() => paced(steps, [usage(steps.length), "[DONE]"]), { keepResponseText: true });
    expect([r.errorKind, r.outputTokens, r.responseText?.length]).toEqual([
      null,
      17,
      " start".length + 5 * (" abcdefghij".length + 2),
    ]);
    expectPerToken(r, serverStepGapsMs(steps.length));
  });

  test("vLLM, a first token that is half a character: TTFT is the character's chunk, the half counts as a token", async () => {
    const steps: unknown[][] = [
      [vllm({ role: "assistant", content: "" }), vllm({ content: "" })],
      [vllm({ content: "\u{4E2D}" })],
    ];
    for (const w of words(5)) steps.push([vllm({ content: w })]);
    steps.push([vllm({ content: "" }, "stop")]);
    const r = await send(() => paced(steps, [usage(steps.length), "[DONE]"]));
    const writes = currentServer().requests[0]?.writes ?? [];
    const characterWrittenNs = writes.find((w) => w.text.includes("\\u4e2d") || w.text.includes("\u{4E2D}"))?.atNs ?? 0;
    expect(Math.abs((r.firstTokenNs as number) - characterWrittenNs) / MS).toBeLessThan(
      TOLERANCE_MS + lastSendStallMs(),
    );
    expectPerToken(r, serverStepGapsMs(steps.length).slice(1));
  });

  test('TGI, role in every chunk and the EOS as content "": every token its own gap', async () => {
    const steps: unknown[][] = words(10).map((w) => [tgi(w)]);
    steps.push([tgi("", "stop")]);
    const r = await send(() => paced(steps, [usage(11), "[DONE]"]));
    expect([r.errorKind, r.outputTokens]).toEqual([null, 11]);
    expectPerToken(r, serverStepGapsMs(11));
  });

  test("SGLang, its `delta: {}` finish chunk is the EOS step: every token its own gap", async () => {
    const steps: unknown[][] = [
      [sglang({ role: "assistant", content: "" }), sglang({ content: " w0" })],
      ...words(10)
        .slice(1)
        .map((w) => [sglang({ content: w })]),
    ];
    steps.push([sglang({}, "stop")]);
    const r = await send(() => paced(steps, [usage(11), "[DONE]"]));
    expect([r.errorKind, r.outputTokens]).toEqual([null, 11]);
    expectPerToken(r, serverStepGapsMs(11));
  });

  test("TensorRT-LLM MTP, three tokens per chunk and an empty finish chunk: three gaps of a third each, the finish chunk no token", async () => {
    const trt = (delta: Record<string, unknown>, finish: string | null = null) => ({
      id: "chatcmpl-7",
      object: "chat.completion.chunk",
      created: 1_700_000_000,
      model: "m",
      choices: [{ index: 0, delta, ...(finish ? { finish_reason: finish, stop_reason: null } : {}) }],
    });
    const steps: unknown[][] = [[trt({ role: "assistant" }), trt({ content: " a0 a1 a2", reasoning_content: "" })]];
    for (let i = 1; i < 6; i++) steps.push([trt({ content: ` b${i} c${i} d${i}`, reasoning_content: "" })]);
    const r = await send(() =>
      paced(steps, [trt({ content: "", reasoning_content: "" }, "stop"), usage(18), "[DONE]"]),
    );
    expect([r.errorKind, r.outputTokens]).toEqual([null, 18]);
    expectPerToken(
      r,
      serverStepGapsMs(6).flatMap((gap) => [gap / 3, gap / 3, gap / 3]),
      3,
    );
  });
});
