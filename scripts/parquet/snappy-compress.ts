/**
 * @module scripts/parquet/snappy-compress — a small greedy Snappy compressor (raw block format,
 * no framing), enough to write SNAPPY-coded Parquet pages that use both literals and copies.
 *
 * Matches are found with a 4-byte hash table and emitted as 2-byte-offset copies (offsets up to
 * 65535), which every Snappy decoder accepts; it compresses less well than the reference
 * implementation but produces valid streams (the Snappy format as google/snappy describes it).
 */
import { ByteWriter } from "./byte-writer.ts";

const HASH_BITS = 14;
const MAX_OFFSET = 65_535;

function read32(bytes: Uint8Array, at: number): number {
  return ((bytes[at] as number) | ((bytes[at + 1] as number) << 8) | ((bytes[at + 2] as number) << 16) | ((bytes[at + 3] as number) << 24)) >>> 0;
}

function hash(word: number): number {
  return Math.imul(word, 0x1e35a7bd) >>> (32 - HASH_BITS);
}

function emitLiteral(out: ByteWriter, bytes: Uint8Array, start: number, end: number): void {
  for (let at = start; at < end; at += 65_536) {
    const length = Math.min(65_536, end - at);
    const n = length - 1;
    if (n < 60) out.byte(n << 2);
    else if (n < 256) {
      out.byte(60 << 2);
      out.byte(n);
    } else {
      out.byte(61 << 2);
      out.byte(n & 0xff);
      out.byte(n >> 8);
    }
    out.bytes(bytes.subarray(at, at + length));
  }
}

function emitCopy(out: ByteWriter, offset: number, length: number): void {
  for (let rest = length; rest > 0; ) {
    const chunk = Math.min(64, rest);
    out.byte(((chunk - 1) << 2) | 2);
    out.byte(offset & 0xff);
    out.byte(offset >> 8);
    rest -= chunk;
  }
}

/** Snappy-compresses `input` (one raw block: varint length, then literal and copy elements). */
export function snappyCompress(input: Uint8Array): Uint8Array {
  const out = new ByteWriter(Math.max(64, input.length));
  out.varint(input.length);
  const table = new Int32Array(1 << HASH_BITS).fill(-1);
  let literalStart = 0;
  let at = 0;
  while (at + 4 <= input.length) {
    const word = read32(input, at);
    const slot = hash(word);
    const candidate = table[slot] as number;
    table[slot] = at;
    if (candidate < 0 || at - candidate > MAX_OFFSET || read32(input, candidate) !== word) {
      at++;
      continue;
    }
    emitLiteral(out, input, literalStart, at);
    let length = 4;
    while (at + length < input.length && input[candidate + length] === input[at + length]) length++;
    emitCopy(out, at - candidate, length);
    at += length;
    literalStart = at;
  }
  emitLiteral(out, input, literalStart, input.length);
  return out.toBytes();
}
