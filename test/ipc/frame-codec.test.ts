import { describe, expect, test } from "bun:test";
import { encodeFrame, FrameDecoder, LARGE_FRAME_BYTES } from "../../src/ipc/frame-codec.ts";

describe("ipc/frame-codec", () => {
  test("round-trips messages with typed arrays across arbitrary read boundaries", () => {
    const messages = [
      { type: "phase", planIndex: Uint32Array.of(1, 2, 3), scheduledNs: Float64Array.of(1.5, 2e12) },
      { type: "results", records: [[1, null, "x"]] },
      { type: "stop", phase: "performance", abortInFlight: true },
    ];
    const bytes = new Uint8Array(messages.flatMap((m) => Array.from(encodeFrame(m))));
    for (const step of [1, 3, 7, 64, bytes.length]) {
      const decoder = new FrameDecoder();
      const out: unknown[] = [];
      for (let i = 0; i < bytes.length; i += step) out.push(...decoder.push(bytes.subarray(i, i + step)));
      expect(out).toEqual(messages);
    }
  });

  test("round-trips a frame larger than the large-frame limit, then small ones, and keeps no buffer of its size", () => {
    const big = { type: "phase", scheduledNs: Float64Array.from({ length: LARGE_FRAME_BYTES / 4 }, (_, i) => i * 1.5) };
    const small = { type: "stop", phase: "performance", abortInFlight: false };
    const decoder = new FrameDecoder();
    const bigFrame = encodeFrame(big);
    expect(bigFrame.length).toBeGreaterThan(2 * LARGE_FRAME_BYTES);
    const out: unknown[] = [];
    for (let i = 0; i < bigFrame.length; i += 65_536) out.push(...decoder.push(bigFrame.subarray(i, i + 65_536)));
    for (let k = 0; k < 3; k++) out.push(...decoder.push(encodeFrame(small)));
    expect(out).toEqual([big, small, small, small]);
    expect(decoder.capacity).toBeLessThanOrEqual(LARGE_FRAME_BYTES);
  });

  test("keeps the bytes of a partial frame that follows a large one", () => {
    const big = { type: "phase", planIndex: Uint32Array.from({ length: LARGE_FRAME_BYTES / 2 }, (_, i) => i) };
    const next = { type: "results", records: [[7, null, "after"]] };
    const bytes = Buffer.concat([encodeFrame(big), encodeFrame(next)]);
    const decoder = new FrameDecoder();
    const split = bytes.length - 5;
    expect(decoder.push(bytes.subarray(0, split))).toEqual([big]);
    expect(decoder.push(bytes.subarray(split))).toEqual([next]);
  });

  test.each([63, 64, 300, 70_000])(
    "after a large frame, a string of %d characters still encodes (msgpackr's buffer stays a Buffer)",
    (length) => {
      const decoder = new FrameDecoder();
      const big = { plan: new Float64Array((LARGE_FRAME_BYTES / 8) * 2) };
      expect(decoder.push(encodeFrame(big))).toHaveLength(1);
      const text = { type: "init", prompt: "x".repeat(length), rows: ["é".repeat(length)] };
      expect(decoder.push(encodeFrame(text))).toEqual([text]);
    },
  );
});
