import { describe, expect, test } from "bun:test";
import { SseSplitter } from "../../src/client/sse-splitter.ts";
import { StreamAccumulator, StreamProtocolError } from "../../src/client/stream-accumulator.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

const encoder = new TextEncoder();
const FRAGMENTS = [
  "data: ",
  "data:",
  "\n",
  "\r\n",
  "\n\n",
  "{",
  "}",
  '"choices"',
  ":[",
  "]",
  '{"delta":{"content":"x"}}',
  "[DONE]",
  ": ping",
  "é",
  "🚀",
  '"usage":{"completion_tokens":3}',
  ",",
  "null",
  "event: x",
];

/** Feeds `bytes` split at random points; returns "ok" or the error class name. */
function consume(bytes: Uint8Array, rng: PythonRandom): string {
  const splitter = new SseSplitter();
  const acc = new StreamAccumulator(true);
  try {
    let offset = 0;
    let t = 0;
    while (offset < bytes.length) {
      const size = 1 + rng.randbelow(Math.min(64, bytes.length - offset));
      acc.readNs = t += 10;
      splitter.push(bytes.subarray(offset, offset + size), acc);
      offset += size;
    }
    acc.readNs = t += 10;
    splitter.finish(acc);
    const r = acc.result();
    if (r.chunkGapsNs && r.chunkGapsNs.length !== Math.max(0, r.chunkCount - 1)) return "inconsistent";
    return "ok";
  } catch (error) {
    return error instanceof StreamProtocolError
      ? "protocol"
      : `crash: ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`;
  }
}

describe("client/sse fuzz", () => {
  test("random bytes at random read boundaries: always a parse or a typed protocol error, never a crash", () => {
    const rng = new PythonRandom(2026);
    const outcomes = new Map<string, number>();
    for (let round = 0; round < 2000; round++) {
      const bytes = rng.randbytes(rng.randbelow(300));
      const outcome = consume(bytes, rng);
      outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    }
    for (const outcome of outcomes.keys()) expect(outcome === "ok" || outcome === "protocol").toBe(true);
  });

  test("random sequences of SSE-shaped fragments: never a crash, and well-formed streams always parse", () => {
    const rng = new PythonRandom(7);
    for (let round = 0; round < 3000; round++) {
      const text = Array.from({ length: rng.randbelow(40) }, () => FRAGMENTS[rng.randbelow(FRAGMENTS.length)]).join("");
      const outcome = consume(encoder.encode(text), rng);
      expect(outcome === "ok" || outcome === "protocol").toBe(true);
    }
    const wellFormed =
      Array.from({ length: 50 }, (_, i) => `data: {"choices":[{"delta":{"content":"t${i}"}}]}\n\n`).join("") +
      "data: [DONE]\n\n";
    for (let round = 0; round < 200; round++) expect(consume(encoder.encode(wellFormed), rng)).toBe("ok");
  });
});
