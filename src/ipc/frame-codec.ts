/**
 * @module ipc/frame-codec — length-prefixed msgpackr frames over a byte stream (unix socket).
 *
 * Frame = 4-byte little-endian payload length + msgpackr payload. `moreTypes` carries typed
 * arrays (plans, chunk gaps) without copying them into plain arrays.
 */
import { Packr, Unpackr } from "msgpackr";

const packr = new Packr({ useRecords: false, moreTypes: true });
const unpackr = new Unpackr({ useRecords: false, moreTypes: true });
const HEADER_BYTES = 4;

export function encodeFrame(message: unknown): Uint8Array {
  const payload = packr.pack(message);
  const frame = new Uint8Array(HEADER_BYTES + payload.length);
  new DataView(frame.buffer).setUint32(0, payload.length, true);
  frame.set(payload, HEADER_BYTES);
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
      offset = start + size;
    }
    if (offset > 0) {
      this.buffer.copyWithin(0, offset, this.length);
      this.length -= offset;
    }
    return messages;
  }

  private append(bytes: Uint8Array): void {
    if (this.length + bytes.length > this.buffer.length) {
      const grown = new Uint8Array(Math.max(this.buffer.length * 2, this.length + bytes.length, 64 * 1024));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(bytes, this.length);
    this.length += bytes.length;
  }
}
