import { describe, expect, test } from "bun:test";
import { SseSplitter } from "../../src/client/sse-splitter.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const encoder = new TextEncoder();

function splitAt(bytes: Uint8Array, cuts: number[]): Uint8Array[] {
  const parts: Uint8Array[] = [];
  let start = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    parts.push(bytes.subarray(start, cut));
    start = cut;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

function feed(parts: Uint8Array[]): string[] {
  const splitter = new SseSplitter();
  const events: string[] = [];
  const sink = { event: (data: string) => void events.push(data) };
  for (const part of parts) splitter.push(part, sink);
  splitter.finish(sink);
  return events;
}

describe("client/sse-splitter", () => {
  test.each([
    ["LF separators", "data: a\n\ndata: b\n\n", ["a", "b"]],
    ["CRLF separators", "data: a\r\n\r\ndata: b\r\n\r\n", ["a", "b"]],
    ["no space after colon", "data:a\n\n", ["a"]],
    ["comments and other fields ignored", ": ping\nevent: x\nid: 3\ndata: a\n\n", ["a"]],
    ["multi-line data joined with LF", "data: a\ndata: b\n\n", ["a\nb"]],
    ["final event without blank line", "data: a\n\ndata: [DONE]", ["a", "[DONE]"]],
    ["blank lines alone emit nothing", "\n\n\n", []],
  ])("frames %s", (_name, text, expected) => {
    expect(feed([encoder.encode(text)])).toEqual(expected);
  });

  test("gives the same events whatever the read boundaries, multi-byte UTF-8 included", () => {
    const payloads = [
      "héllo wörld",
      "日本語のテキスト",
      "emoji 🚀🔥 end",
      '{"choices":[{"delta":{"content":"ü"}}]}',
      "[DONE]",
    ];
    const bytes = encoder.encode(payloads.map((p) => `data: ${p}\n\n`).join(""));
    const rng = new PythonRandom(7);
    for (let round = 0; round < 300; round++) {
      const cuts = Array.from({ length: rng.randint(0, 12) }, () => rng.randint(0, bytes.length));
      expect(feed(splitAt(bytes, cuts))).toEqual(payloads);
    }
  });

  test("splits a stream delivered one byte at a time", () => {
    const bytes = encoder.encode("data: α\r\n\r\ndata: β\n\n");
    expect(feed(Array.from(bytes, (b) => Uint8Array.of(b)))).toEqual(["α", "β"]);
  });
});
