/** @module test/support/wav-bytes — a PCM WAV file of silence, of a known length, for the audio tests. */

/** A PCM WAV of `frames` frames (silence), optionally with a LIST chunk before its data. */
export function wavBytes(rate: number, channels: number, frames: number, list = false): Uint8Array {
  const dataBytes = frames * channels * 2;
  const extra = list ? 12 : 0;
  const out = new Uint8Array(44 + extra + dataBytes);
  const view = new DataView(out.buffer);
  const text = (at: number, s: string) => [...s].forEach((ch, i) => view.setUint8(at + i, ch.charCodeAt(0)));
  text(0, "RIFF");
  view.setUint32(4, out.length - 8, true);
  text(8, "WAVE");
  text(12, "fmt ");
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true);
  view.setUint16(22, channels, true);
  view.setUint32(24, rate, true);
  view.setUint32(28, rate * channels * 2, true);
  view.setUint16(32, channels * 2, true);
  view.setUint16(34, 16, true);
  if (list) {
    text(36, "LIST");
    view.setUint32(40, 4, true);
    text(44, "INFO");
  }
  text(36 + extra, "data");
  view.setUint32(40 + extra, dataBytes, true);
  return out;
}
