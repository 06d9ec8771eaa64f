/** @module test/dataset/audio-duration.test — lengths of WAV, FLAC and MP3 bytes from their headers (table-driven). */
import { describe, expect, test } from "bun:test";
import { audioDurationNs, sniffAudioFormat } from "../../src/dataset/audio-duration.ts";
import { wavBytes } from "../support/wav-bytes.ts";

function flacBytes(rate: number, samples: number): Uint8Array {
  const out = new Uint8Array(42);
  out.set([0x66, 0x4c, 0x61, 0x43, 0x80, 0, 0, 34], 0);
  out[18] = (rate >> 12) & 0xff;
  out[19] = (rate >> 4) & 0xff;
  out[20] = ((rate & 0x0f) << 4) | (1 << 1);
  out[21] = (15 << 4) | Math.floor(samples / 2 ** 32);
  new DataView(out.buffer).setUint32(22, samples % 2 ** 32);
  return out;
}

/** `frames` MPEG frames (zeros after each header); MPEG-1 layer III 128 kbit/s 44.1 kHz, or MPEG-2 64 kbit/s 22.05 kHz. */
function mp3Bytes(frames: number, mpeg2 = false, options: { id3?: boolean; xing?: boolean } = {}): Uint8Array {
  const header = mpeg2 ? [0xff, 0xf3, 0x80, 0x00] : [0xff, 0xfb, 0x90, 0x00];
  const frameBytes = mpeg2 ? Math.floor((72 * 64000) / 22050) : Math.floor((144 * 128000) / 44100);
  const id3 = options.id3 ? [0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 1, 0] : [];
  const count = frames + (options.xing ? 1 : 0);
  const out = new Uint8Array(id3.length + (options.id3 ? 128 : 0) + count * frameBytes);
  out.set(id3, 0);
  let at = id3.length + (options.id3 ? 128 : 0);
  for (let f = 0; f < count; f++, at += frameBytes) {
    out.set(header, at);
    if (options.xing && f === 0) out.set([...Buffer.from("Xing")], at + 36);
  }
  return out;
}

describe("dataset/audio-duration", () => {
  test.each([
    ["16 kHz mono, 1 s", wavBytes(16000, 1, 16000), 1e9],
    ["44.1 kHz stereo, 0.5 s", wavBytes(44100, 2, 22050), 0.5e9],
    ["a LIST chunk before the data", wavBytes(8000, 1, 12000, true), 1.5e9],
    ["FLAC 48 kHz, 2.5 s", flacBytes(48000, 120000), 2.5e9],
    ["MP3 MPEG-1 layer III, 10 frames", mp3Bytes(10), (10 * 1152 * 1e9) / 44100],
    ["MP3 MPEG-2 layer III, 4 frames", mp3Bytes(4, true), (4 * 576 * 1e9) / 22050],
    [
      "MP3 after an ID3v2 tag, with a Xing frame",
      mp3Bytes(3, false, { id3: true, xing: true }),
      (3 * 1152 * 1e9) / 44100,
    ],
  ])("%s", (_, bytes, ns) => {
    const format = sniffAudioFormat(bytes);
    expect(format).not.toBeNull();
    expect(audioDurationNs(bytes, format as "wav")).toBeCloseTo(ns, 0);
  });

  test.each([
    ["text", new TextEncoder().encode("not audio at all")],
    ["a WAV header cut before its data", wavBytes(16000, 1, 10).subarray(0, 30)],
  ])("%s has no length", (_, bytes) => {
    const format = sniffAudioFormat(bytes);
    expect(format === null || audioDurationNs(bytes, format) === null).toBe(true);
  });
});
