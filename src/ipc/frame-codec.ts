/**
 * @module ipc/frame-codec — length-prefixed msgpackr frames over a byte stream (unix socket).
 *
 * Frame = 4-byte little-endian payload length + msgpackr payload. `moreTypes` carries typed
 * arrays (plans, chunk gaps) without copying them into plain arrays.
 *
 * A plan share is one frame of tens of MB (1M requests ≈ 20 MB), every other frame a few kB.
 * Neither side keeps a buffer sized for that one frame: msgpackr packs into a module-wide
 * buffer it grows to fit the largest message (up to twice its size) and keeps, so after a large
 * frame the encoder hands it a small one; msgpackr's decoder keeps the last buffer it read from,
 * so after a large frame ours tells it to let go (clearSource) and shrinks its own buffer.
 */
// "msgpackr/unpack" is the package without its Node stream classes and native-addon probe (both cost start-up time).
import { Packr } from "msgpackr/pack";
import { clearSource, Unpackr } from "msgpackr/unpack";

const packr = new Packr({ useRecords: false, moreTypes: true });
const unpackr = new Unpackr({ useRecords: false, moreTypes: true });
const HEADER_BYTES = 4;
/** Frames above this leave no buffer of their size behind. */
export const LARGE_FRAME_BYTES = 1 << 20;
const SMALL_BUFFER_BYTES = 64 * 1024;

export function encodeFrame(message: unknown): Uint8Array {
  const payload = packr.pack(message);
  const frame = new Uint8Array(HEADER_BYTES + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, true);
  frame.set(payload, HEADER_BYTES);
  // A Buffer, not a bare Uint8Array: msgpackr writes strings of 64+ characters with Buffer#utf8Write.
  if (payload.length > LARGE_FRAME_BYTES) packr.useBuffer(Buffer.allocUnsafe(SMALL_BUFFER_BYTES));
  return frame;
}

/** Accumulates socket bytes and returns every complete frame's decoded value. */
export class FrameDecoder {
  private buffer: Uint8Array = new Uint8Array(0);
  private length = 0;

  push(bytes: Uint8Array): unknown[] {
    this.append(bytes);
    const messages: unknown[] = [];
    let offset = 0;
    while (this.length - offset >= HEADER_BYTES) {
      const view = new DataView(this.buffer.buffer, this.buffer.byteOffset + offset, HEADER_BYTES);
      const size = view.getUint32(0, true);
      if (this.length - offset - HEADER_BYTES < size) break;
      const start = offset + HEADER_BYTES;
      messages.push(unpackr.unpack(this.buffer.subarray(start, start + size)));
      if (size > LARGE_FRAME_BYTES) clearSource();
      offset = start + size;
    }
    if (offset > 0) this.discard(offset);
    return messages;
  }

  /** The buffer's capacity (for tests: it does not stay at the largest frame's size). */
  get capacity(): number {
    return this.buffer.length;
  }

  private discard(consumed: number): void {
    const left = this.length - consumed;
    if (this.buffer.length > LARGE_FRAME_BYTES && left * 4 < this.buffer.length) {
      const smaller = new Uint8Array(Math.max(SMALL_BUFFER_BYTES, left * 2));
      smaller.set(this.buffer.subarray(consumed, this.length));
      this.buffer = smaller;
    } else {
      this.buffer.copyWithin(0, consumed, this.length);
    }
    this.length = left;
  }

  private append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes.length, SMALL_BUFFER_BYTES));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
}
