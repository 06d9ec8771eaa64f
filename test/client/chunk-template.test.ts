/**
 * @module test/client/chunk-template.test — the JSON.parse-free read of streamed chunks is exact or declines.
 *
 * Each stream is fed the way StreamAccumulator feeds it (match, else parse and learn). Whenever
 * `match` answers, its text must be what JSON.parse of the same event gives, in the field the
 * template names, with no usage, finish reason or tool call — checked for every event of every
 * stream here, hand-written and random.
 */
import { describe, expect, test } from "bun:test";
import { ChunkTemplate } from "../../src/client/chunk-template.ts";
import { parseJsonObject, readChoice, readUsage } from "../../src/client/openai-response.ts";

/** Feeds `events`; asserts every fast read against JSON.parse; returns how many were read fast. */
function feed(events: string[]): number {
  const template = new ChunkTemplate();
  let fast = 0;
  for (const data of events) {
    const event = parseJsonObject(data);
    const choice = event ? readChoice(event, true) : null;
    const text = template.match(data);
    if (text !== null) {
      fast++;
      const slow = {
        content: choice?.content,
        reasoning: choice?.reasoning,
        tools: choice?.hasToolCall,
        finish: choice?.finishReason,
        usage: event && readUsage(event),
      };
      const field = template.field;
      expect(slow).toEqual({
        content: field === "content" ? text : "",
        reasoning: field === "reasoning" ? text : "",
        tools: false,
        finish: null,
        usage: null,
      });
      continue;
    }
    if (event && choice) template.learn(data, choice, readUsage(event) !== null);
  }
  return fast;
}

const vllm = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-7",
    object: "chat.completion.chunk",
    created: 1700000000,
    model: "llama",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });
const finish = JSON.stringify({ id: "chatcmpl-7", choices: [{ index: 0, delta: {}, finish_reason: "stop" }] });
const usage = JSON.stringify({ id: "chatcmpl-7", choices: [], usage: { prompt_tokens: 3, completion_tokens: 5 } });
const words = (n: number) => Array.from({ length: n }, (_, i) => ` w${i}`);

describe("client/chunk-template", () => {
  test.each([
    [
      "vLLM: role chunk, 5 tokens, finish, usage",
      [vllm({ role: "assistant", content: "" }), ...words(5).map((w) => vllm({ content: w })), finish, usage],
      4,
    ],
    [
      "SGLang-style spaces after colons and commas",
      words(5).map(
        (w) =>
          `{"id": "x", "choices": [{"index": 0, "delta": {"content": ${JSON.stringify(w)}}, "finish_reason": null}]}`,
      ),
      4,
    ],
    [
      "reasoning, then content: each shape learned once",
      [...words(4).map((w) => vllm({ reasoning_content: w })), ...words(4).map((w) => vllm({ content: w }))],
      6,
    ],
    [
      "completions `text`",
      words(4).map((w) => JSON.stringify({ id: "c", choices: [{ text: w, index: 0, finish_reason: null }] })),
      3,
    ],
    [
      "escaped text (quotes, newlines, backslashes) is parsed, the shape kept",
      ["a", 'say "hi"', "line\nbreak", "back\\slash", "b", "c", "d"].map((w) => vllm({ content: w })),
      3,
    ],
    [
      "text equal to another value is not a slot until unique",
      [vllm({ content: "llama" }), vllm({ content: "x" }), vllm({ content: "y" })],
      1,
    ],
    [
      "duplicate key: the last one wins, as in JSON.parse",
      ["a", "b", "c"].map((w) => `{"choices":[{"delta":{"content":"zz","content":${JSON.stringify(w)}}}]}`),
      2,
    ],
    [
      "duplicate key with an empty last value is never plain",
      ["a", "b"].map((w) => `{"choices":[{"delta":{"content":${JSON.stringify(w)},"content":""}}]}`),
      0,
    ],
    [
      "continuous usage on every chunk: always parsed",
      words(5).map((w, i) => vllm({ content: w }, { usage: { completion_tokens: i + 1 } })),
      0,
    ],
    [
      "\\u escapes the server chose: always parsed",
      ["\\u00e9t\\u00e9", "caf\\u00e9", "\\u00fcber"].map((w) => `{"choices":[{"delta":{"content":"${w}"}}]}`),
      0,
    ],
    [
      "tool calls are parsed",
      words(3).map(() => vllm({ tool_calls: [{ index: 0, function: { arguments: "{}" } }] })),
      0,
    ],
    [
      "empty text after learning reads as empty (not a chunk)",
      [vllm({ content: "a" }), vllm({ content: "" }), vllm({ content: "b" })],
      2,
    ],
  ] as const)("%s", (_name, events, fastReads) => {
    expect(feed([...events])).toBe(fastReads);
  });

  test("random streams: every fast read equals JSON.parse", () => {
    let seed = 12345;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const alphabet = ["a", " ", "é", '"', "\\", "\n", "{", "}", ":", ",", "😀", "\t", "data:", '"content":"'];
    const text = () =>
      Array.from({ length: Math.floor(random() * 5) }, () => alphabet[Math.floor(random() * alphabet.length)]).join("");
    let fast = 0;
    for (let stream = 0; stream < 300; stream++) {
      const events = Array.from({ length: 12 }, () => {
        const r = random();
        if (r < 0.08) return finish;
        if (r < 0.12) return vllm({ content: text() }, { usage: { completion_tokens: 3 } });
        if (r < 0.2) return vllm({ reasoning_content: text() });
        if (r < 0.25) return vllm({ content: text(), reasoning_content: text() });
        return vllm({ content: text() });
      });
      fast += feed(events);
    }
    expect(fast).toBeGreaterThan(300);
  });
});
