/**
 * @module scripts/parquet/byte-writer — a growable little-endian byte buffer for the fixture
 * Parquet writer (page bodies, Thrift headers, the footer).
 */
const encoder = new TextEncoder();

export class ByteWriter {
  private buffer: Uint8Array;
  private view: DataView;
  length = 0;

  constructor(initialBytes = 1024) {
    this.buffer = new Uint8Array(initialBytes);
    this.view = new DataView(this.buffer.buffer);
  }

  /** Makes room for `bytes` more bytes, doubling the buffer as needed. */
  private reserve(bytes: number): void {
    const needed = this.length + bytes;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
    this.view = new DataView(next.buffer);
  }

  byte(value: number): void {
    this.reserve(1);
    this.buffer[this.length++] = value & 0xff;
  }

  u32(value: number): void {
    this.reserve(4);
    this.view.setUint32(this.length, value, true);
    this.length += 4;
  }

  i32(value: number): void {
    this.reserve(4);
    this.view.setInt32(this.length, value, true);
    this.length += 4;
  }

  i64(value: bigint): void {
    this.reserve(8);
    this.view.setBigInt64(this.length, value, true);
    this.length += 8;
  }

  f64(value: number): void {
    this.reserve(8);
    this.view.setFloat64(this.length, value, true);
    this.length += 8;
  }

  bytes(value: Uint8Array): void {
    this.reserve(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  /** Unsigned LEB128 varint (Thrift compact, RLE run headers, Snappy preamble). */
  varint(value: number | bigint): void {
    let rest = BigInt(value);
    while (rest >= 0x80n) {
      this.byte(Number(rest & 0x7fn) | 0x80);
      rest >>= 7n;
    }
    this.byte(Number(rest));
  }

  /** UTF-8 bytes of `text` with a 4-byte length prefix (Parquet PLAIN BYTE_ARRAY). */
  lengthPrefixedString(text: string): void {
    this.reserve(4 + text.length * 3);
    const { written } = encoder.encodeInto(text, this.buffer.subarray(this.length + 4));
    this.view.setUint32(this.length, written, true);
    this.length += 4 + written;
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}
