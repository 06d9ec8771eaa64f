/** @module test/server/request-scan.test — fixed mode's parse-free reading of request flags. */
import { describe, expect, test } from "bun:test";
import { looksLikeJsonObject, scanRequestFlags } from "../../src/server/request-scan.ts";

describe("server/request-scan", () => {
  test.each([
    [{ prompt: "p" }, { stream: false, includeUsage: false, maxTokens: null, model: null }],
    [{ stream: true }, { stream: true, includeUsage: false, maxTokens: null, model: null }],
    [
      { stream: false, stream_options: { include_usage: true } },
      { stream: false, includeUsage: true, maxTokens: null, model: null },
    ],
    [{ max_tokens: 12 }, { stream: false, includeUsage: false, maxTokens: 12, model: null }],
    [
      { max_tokens: 12, max_completion_tokens: 4 },
      { stream: false, includeUsage: false, maxTokens: 4, model: null },
    ],
    [{ max_tokens: null }, { stream: false, includeUsage: false, maxTokens: null, model: null }],
    // Keys quoted inside prompt text are escaped in JSON, so they do not count.
    [
      { prompt: '"stream": true, "max_tokens": 3' },
      { stream: false, includeUsage: false, maxTokens: null, model: null },
    ],
    [
      { messages: [{ role: "user", content: "stream" }], stream: true },
      { stream: true, includeUsage: false, maxTokens: null, model: null },
    ],
    [
      { model: "Qwen/Qwen3-8B", stream: true },
      { stream: true, includeUsage: false, maxTokens: null, model: "Qwen/Qwen3-8B" },
    ],
    [
      { model: 'a "quoted" \\ name' },
      { stream: false, includeUsage: false, maxTokens: null, model: 'a "quoted" \\ name' },
    ],
  ])("scans %j", (body, expected) => {
    expect(scanRequestFlags(JSON.stringify(body))).toEqual(expected);
    expect(scanRequestFlags(JSON.stringify(body, null, 2))).toEqual(expected);
  });

  test.each([
    ['{"a":1}', true],
    [" \n{ }\n ", true],
    ["{", false],
    ["", false],
    ["[1]", false],
    ["not json", false],
  ])("looksLikeJsonObject(%j) is %p", (text, expected) => {
    expect(looksLikeJsonObject(text)).toBe(expected);
  });
});
