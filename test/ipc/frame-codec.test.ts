import { describe, expect, test } from "bun:test";
import { encodeFrame, FrameDecoder } from "../../src/ipc/frame-codec.ts";

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
});
