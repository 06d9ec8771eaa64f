/** @module test/dataset/trace-rows.test — a trace's send times, prompts built from lengths and shared hash blocks, and sessions. */
import { describe, expect, test } from "bun:test";
import { TRACE_BLOCK_TOKENS, traceRows } from "../../src/dataset/trace-rows.ts";
import { InputError } from "../../src/errors.ts";

const locate = (i: number) => `trace.jsonl:${i + 1}`;

describe("dataset/trace-rows", () => {
  test.each<[string, Record<string, unknown>, number]>([
    ["Mooncake's timestamp in ms", { timestamp: 1500, prompt: "p" }, 1500],
    ["timestamp_s in seconds", { timestamp_s: 1.25, prompt: "p" }, 1250],
    [
      "Azure's TIMESTAMP with 7 fraction digits",
      { TIMESTAMP: "2023-11-16 18:15:46.6805900", prompt: "p" },
      Date.UTC(2023, 10, 16, 18, 15, 46) + 680.59,
    ],
    [
      "an ISO-8601 time with an offset",
      { timestamp: "2023-11-16T20:15:46+02:00", prompt: "p" },
      Date.UTC(2023, 10, 16, 18, 15, 46),
    ],
    [
      "an ISO-8601 time in UTC",
      { timestamp: "2023-11-16T18:15:46.5Z", prompt: "p" },
      Date.UTC(2023, 10, 16, 18, 15, 46) + 500,
    ],
  ])("reads %s", (_name, row, ms) => {
    expect(traceRows([row], locate, 42, null).timesMs[0]).toBeCloseTo(ms, 6);
  });

  test("refuses a row without a time or without any input, naming the row", () => {
    expect(() => traceRows([{ prompt: "p", timestamp: 1 }, { prompt: "p" }], locate, 42, null)).toThrow(
      new InputError(
        "trace.jsonl:2: a trace row needs its send time: 'timestamp' (ms), 'timestamp_s' or a date-time 'TIMESTAMP'",
      ),
    );
    expect(() => traceRows([{ timestamp: 1, output_length: 3 }], locate, 42, null)).toThrow(
      /trace\.jsonl:1: a trace row needs a prompt/,
    );
  });

  test("a lengths-only row gets a prompt of its input length and asks for its output length", () => {
    const { rows } = traceRows(
      [
        { timestamp: 0, input_length: 37, output_length: 9 },
        { TIMESTAMP: "2023-11-16 18:15:46", ContextTokens: 5, GeneratedTokens: 2 },
      ],
      locate,
      42,
      null,
    );
    expect((rows[0]?.prompt as string).split(" ").length).toBe(37);
    expect(rows[0]).toMatchObject({ max_new_tokens: 9, min_tokens: 9, ignore_eos: true });
    expect((rows[1]?.prompt as string).split(" ").length).toBe(5);
  });

  test("rows naming the same hash blocks share those blocks' text (Mooncake's prefix reuse)", () => {
    const length = TRACE_BLOCK_TOKENS + 100;
    const { rows } = traceRows(
      [
        { timestamp: 0, input_length: length, hash_ids: [7, 8] },
        { timestamp: 1, input_length: length, hash_ids: [7, 9] },
        { timestamp: 2, input_length: length, hash_ids: [3, 8] },
      ],
      locate,
      42,
      null,
    );
    const words = rows.map((r) => (r.prompt as string).split(" "));
    expect(words.map((w) => w.length)).toEqual([length, length, length]);
    expect(words[1]?.slice(0, TRACE_BLOCK_TOKENS)).toEqual(words[0]?.slice(0, TRACE_BLOCK_TOKENS) as string[]);
    expect(words[1]?.slice(TRACE_BLOCK_TOKENS)).not.toEqual(words[0]?.slice(TRACE_BLOCK_TOKENS) as string[]);
    expect(words[2]?.slice(TRACE_BLOCK_TOKENS)).toEqual(words[0]?.slice(TRACE_BLOCK_TOKENS) as string[]);
    expect(words[2]?.slice(0, 10)).not.toEqual(words[0]?.slice(0, 10) as string[]);
  });

  test("keeps prompts as given and sessions as strings", () => {
    const trace = traceRows(
      [
        { timestamp: 0, prompt: "hello", session_id: 12 },
        { timestamp: 5, messages: [{ role: "user", content: "x" }] },
      ],
      locate,
      42,
      null,
    );
    expect(trace.rows[0]).toEqual({ timestamp: 0, prompt: "hello", session_id: 12 });
    expect(trace.sessions).toEqual(["12", null]);
  });

  test("a prompt of content parts (a trace's image column, dataset/media-columns) is kept with its output length", () => {
    const prompt = [
      { type: "text", text: "look" },
      { type: "image_url", image_url: { url: "https://x/i.png" } },
    ];
    const trace = traceRows([{ timestamp: 0, prompt, output_length: 8 }], locate, 42, null);
    expect(trace.rows[0]).toMatchObject({ prompt, max_new_tokens: 8 });
  });
});
