/**
 * @module dataset/audio-duration — how long an audio file plays, from its headers alone (pure): the
 * "audio seconds" a request carried, for the report.
 *
 * WAV: the `data` chunk's bytes over the `fmt ` chunk's byte rate. FLAC: STREAMINFO's total
 * samples over its sample rate. MP3: every MPEG audio frame's samples over its sample rate, after
 * an ID3v2 tag, the frames walked by their headers (a VBR file's Xing/Info frame is a header, not
 * sound, and is not counted; an ID3v1 tag or anything else that is not a frame ends the walk).
 * These are the formats OpenAI's `input_audio` takes (wav, mp3) and FLAC, which vLLM reads too.
 */

type AudioFormat = "wav" | "mp3" | "flac";

export const AUDIO_FORMATS: readonly AudioFormat[] = ["wav", "mp3", "flac"];

const NS_PER_S = 1e9;

const ascii = (b: Uint8Array, at: number, length: number) => String.fromCharCode(...b.subarray(at, at + length));

/** The format the bytes start like, else null. */
export function sniffAudioFormat(b: Uint8Array): AudioFormat | null {
  if (ascii(b, 0, 4) === "RIFF" && ascii(b, 8, 4) === "WAVE") return "wav";
  if (ascii(b, 0, 4) === "fLaC") return "flac";
  if (ascii(b, 0, 3) === "ID3" || (b[0] === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0)) return "mp3";
  return null;
}

function wavNs(b: Uint8Array): number | null {
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let byteRate = 0;
  for (let at = 12; at + 8 <= b.length; ) {
    const id = ascii(b, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === "fmt " && at + 20 <= b.length) byteRate = view.getUint32(at + 16, true);
    // A streamed WAV may give the data chunk an unknown size (0 or 0xFFFFFFFF): the bytes there are its data.
    if (id === "data")
      return byteRate > 0 ? (Math.min(size || Infinity, b.length - at - 8) / byteRate) * NS_PER_S : null;
    at += 8 + size + (size & 1);
  }
  return null;
}

function flacNs(b: Uint8Array): number | null {
  // STREAMINFO is the first metadata block: its data starts at byte 8.
  if (b.length < 26 || ((b[4] as number) & 0x7f) !== 0) return null;
  const rate = ((b[18] as number) << 12) | ((b[19] as number) << 4) | ((b[20] as number) >> 4);
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  const samples = ((b[21] as number) & 0x0f) * 2 ** 32 + view.getUint32(22);
  return rate > 0 && samples > 0 ? (samples / rate) * NS_PER_S : null;
}

/** kbit/s by [MPEG-1?][layer 1..3][index]. */
const BITRATES = {
  mpeg1: [
    [],
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  mpeg2: [
    [],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
} as const;
const SAMPLE_RATES = [44100, 48000, 32000];

interface Frame {
  bytes: number;
  samples: number;
  rate: number;
}

/** The MPEG audio frame whose header is at `at`, else null. */
function mpegFrame(b: Uint8Array, at: number): Frame | null {
  if (at + 4 > b.length || b[at] !== 0xff || ((b[at + 1] as number) & 0xe0) !== 0xe0) return null;
  const version = ((b[at + 1] as number) >> 3) & 3; // 0: 2.5, 2: 2, 3: 1
  const layer = 4 - (((b[at + 1] as number) >> 1) & 3); // 1..3; 4 is reserved
  const bitrateIndex = (b[at + 2] as number) >> 4;
  const rateIndex = ((b[at + 2] as number) >> 2) & 3;
  const padding = ((b[at + 2] as number) >> 1) & 1;
  if (version === 1 || layer === 4 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  const mpeg1 = version === 3;
  const kbps = (mpeg1 ? BITRATES.mpeg1 : BITRATES.mpeg2)[layer]?.[bitrateIndex] as number;
  const rate = (SAMPLE_RATES[rateIndex] as number) / (mpeg1 ? 1 : version === 2 ? 2 : 4);
  if (layer === 1) return { bytes: (Math.floor((12_000 * kbps) / rate) + padding) * 4, samples: 384, rate };
  const samples = layer === 3 && !mpeg1 ? 576 : 1152;
  return { bytes: Math.floor(((samples / 8) * 1000 * kbps) / rate) + padding, samples, rate };
}

function mp3Ns(b: Uint8Array): number | null {
  let at = 0;
  if (ascii(b, 0, 3) === "ID3" && b.length >= 10) {
    // The tag's size is "syncsafe": 7 bits per byte; a footer (flag 0x10) adds 10 bytes.
    const size = [6, 7, 8, 9].reduce((sum, i) => (sum << 7) | ((b[i] as number) & 0x7f), 0);
    at = 10 + size + ((b[5] as number) & 0x10 ? 10 : 0);
  }
  let seconds = 0;
  let frames = 0;
  for (let frame = mpegFrame(b, at); frame !== null && frame.bytes > 0; frame = mpegFrame(b, at)) {
    const tag = ascii(b, at + 4, 40);
    if (frames > 0 || !(tag.includes("Xing") || tag.includes("Info"))) seconds += frame.samples / frame.rate;
    frames++;
    at += frame.bytes;
  }
  return seconds > 0 ? seconds * NS_PER_S : null;
}

/** Nanoseconds of sound in `bytes` of `format`; null when its headers do not say. */
export function audioDurationNs(bytes: Uint8Array, format: AudioFormat): number | null {
  if (format === "wav") return wavNs(bytes);
  if (format === "flac") return flacNs(bytes);
  return mp3Ns(bytes);
}
