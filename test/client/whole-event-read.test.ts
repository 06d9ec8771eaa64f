/**
 * @module test/client/whole-event-read.test — reading common events straight from the raw SSE text changes nothing.
 *
 * The same bytes, cut at the same read boundaries, go through two splitters: one whose sink is
 * a StreamAccumulator (which takes whole events of the learned shape from the raw text) and one
 * whose sink only hands each event's data to another accumulator (always cut into lines). Both
 * must end with identical timing, token counts, text, finish reason and usage — for vLLM-style
 * streams with random text (quotes, escapes, newlines, multi-byte), CRLF streams, `data:`
 * without a space, multi-line data events and events split across reads.
 */
import { describe, expect, test } from "bun:test";
import { SseSplitter } from "../../src/client/sse-splitter.ts";
import { StreamAccumulator } from "../../src/client/stream-accumulator.ts";
import type { StreamTiming } from "../../src/client/stream-timing.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const encoder = new TextEncoder();

interface Outcome {
  timing: StreamTiming | string;
  wholeEvents: number;
}

/** Feeds `bytes` cut at `cuts`; `raw` lets the accumulator take whole events from the raw text. */
function read(bytes: Uint8Array, cuts: number[], raw: boolean, keepText = true): Outcome {
  const splitter = new SseSplitter();
  const accumulator = new StreamAccumulator(keepText);
  let wholeEvents = 0;
  const sink = raw
    ? {
        event: (data: string) => accumulator.event(data),
        takeWholeEvent: (text: string, at: number) => {
          const end = accumulator.takeWholeEvent(text, at);
          if (end !== -1) wholeEvents++;
          return end;
        },
      }
    : { event: (data: string) => accumulator.event(data) };
  try {
    let start = 0;
    let t = 0;
    for (const cut of [...cuts, bytes.length]) {
      accumulator.readNs = t += 1000;
      splitter.push(bytes.subarray(start, cut), sink);
      start = cut;
    }
    accumulator.readNs = t + 1000;
    splitter.finish(sink);
    return { timing: accumulator.result(), wholeEvents };
  } catch (error) {
    return { timing: `${(error as Error).constructor.name}: ${(error as Error).message}`, wholeEvents };
  }
}

const chunk = (delta: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: "chatcmpl-9",
    object: "chat.completion.chunk",
    created: 1700000000,
    model: "m",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: null }],
    ...extra,
  });
const FINISH = JSON.stringify({ id: "chatcmpl-9", choices: [{ index: 0, delta: {}, finish_reason: "length" }] });
const USAGE = JSON.stringify({ id: "chatcmpl-9", choices: [], usage: { prompt_tokens: 3, completion_tokens: 40 } });
const ALPHABET = ["a", "b", " ", "é", "日", "😀", '"', "\\", "\n", "\t", "{", "}", "data: ", "\n\n", '"content":"'];

function randomStream(rng: PythonRandom): string {
  const text = () => Array.from({ length: rng.randbelow(5) }, () => ALPHABET[rng.randbelow(ALPHABET.length)]).join("");
  const lineEnd = rng.random() < 0.15 ? "\r\n" : "\n";
  const field = rng.random() < 0.1 ? "data:" : "data: ";
  const events = [chunk({ role: "assistant", content: "" })];
  for (let i = 0; i < 3 + rng.randbelow(30); i++) {
    const r = rng.random();
    events.push(
      r < 0.1
        ? chunk({ reasoning_content: text() })
        : r < 0.13
          ? chunk({ content: text() }, { usage: { completion_tokens: i } })
          : chunk({ content: text() }),
    );
  }
  events.push(FINISH, USAGE, "[DONE]");
  return events
    .map((data) => {
      // Now and then a multi-line data event: the same JSON with a line break in its whitespace.
      const lines = rng.random() < 0.05 && data.startsWith("{") ? data.replace(",", `,${lineEnd}${field}`) : data;
      return `${field}${lines}${lineEnd}${lineEnd}`;
    })
    .join("");
}

describe("client/whole-event read", () => {
  test("random streams at random read boundaries: the raw-text read ends exactly as the line-by-line read", () => {
    const rng = new PythonRandom(31);
    let wholeEvents = 0;
    for (let stream = 0; stream < 400; stream++) {
      const bytes = encoder.encode(randomStream(rng));
      const cuts = Array.from({ length: rng.randbelow(6) }, () => rng.randbelow(bytes.length)).sort((a, b) => a - b);
      const fast = read(bytes, cuts, true);
      expect(fast.timing).toEqual(read(bytes, cuts, false).timing);
      // Without response text the raw path counts lengths only: the same timing and token counts.
      expect(read(bytes, cuts, true, false).timing).toEqual(read(bytes, cuts, false, false).timing);
      wholeEvents += fast.wholeEvents;
    }
    expect(wholeEvents).toBeGreaterThan(500);
  });

  test.each([
    ["LF, one read", "\n", 1, 31],
    ["LF, a read per event", "\n", 34, 31],
    ["CRLF, one read (line ends turned into LF first)", "\r\n", 1, 31],
    ["CRLF, reads of an event's length (one event cut across two reads)", "\r\n", 34, 30],
    ["lone CR, one read", "\r", 1, 31],
    ["lone CR, a read per event", "\r", 34, 31],
  ] as const)("a 32-token vLLM stream, %s: whole events taken as expected", (_name, lineEnd, reads, expectedWhole) => {
    const events = [
      chunk({ role: "assistant", content: "" }),
      ...Array.from({ length: 32 }, (_, i) => chunk({ content: ` t${i}` })),
      FINISH,
      USAGE,
      "[DONE]",
    ];
    const bytes = encoder.encode(events.map((e) => `data: ${e}${lineEnd}${lineEnd}`).join(""));
    const step = Math.ceil(bytes.length / reads);
    const cuts = Array.from({ length: reads - 1 }, (_, i) => (i + 1) * step);
    const fast = read(bytes, cuts, true);
    expect(fast.wholeEvents).toBe(expectedWhole);
    expect(fast.timing).toEqual(read(bytes, cuts, false).timing);
    expect((fast.timing as StreamTiming).chunkCount).toBe(32);
  });
});
