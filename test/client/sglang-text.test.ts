/** @module test/client/sglang-text.test — an SGLang stream's text, text so far or new parts, decided once per stream (pure, table-driven). */
import { describe, expect, test } from "bun:test";
import { SglangText } from "../../src/client/sglang-text.ts";

/** Feeds events (text, running completion_tokens) and returns the characters each added and the text. */
function read(events: readonly (readonly [string, number | null])[]) {
  const text = new SglangText();
  const added = events.map(([t, tokens]) => text.next(t, tokens));
  return { added, text: text.text() };
}

const running = (texts: readonly string[]) => texts.map((t, i) => [t, i + 1] as const);
const long = "x".repeat(200);

describe("client/sglang-text", () => {
  test.each([
    ["text so far", running(["Hello", "Hello world", "Hello world!"]), "Hello world!", [5, 6, 1]],
    [
      "text so far that stays the same for a token (half a character, the EOS token)",
      running(["a", "a", "ab", "ab"]),
      "ab",
      [1, 0, 1, 0],
    ],
    [
      "new parts whose first two look like a text so far that did not grow (--incremental-streaming-output)",
      running(["\n", "\n", "Hello", " world"]),
      "\n\nHello world",
      [1, 0, 5, 6],
    ],
    ["new parts whose first two look like a text so far that grew", running(["\n", "\n\n", "a"]), "\n\n\na", [1, 1, 1]],
    ["new parts, one event", running(["only"]), "only", [4]],
    [
      "text so far past 128 characters a token: decided, and the next event's repeat adds nothing",
      [
        ["ab", 1],
        [`ab${long}`, 2],
        [`ab${long}`, 3],
      ] as const,
      `ab${long}`,
      [2, 200, 0],
    ],
    [
      "text so far without token counts",
      [
        ["a", null],
        ["ab", null],
      ] as const,
      "ab",
      [1, 1],
    ],
    [
      "a short stream of repeats ends undecided and is read as text so far, SGLang's default",
      running(["\n", "\n"]),
      "\n",
      [1, 0],
    ],
  ] as const)("%s", (_name, events, text, added) => {
    expect(read(events)).toEqual({ added: [...added], text });
  });
});
