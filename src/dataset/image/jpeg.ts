/**
 * @module dataset/image/jpeg — an 8-bit RGB image as a baseline JPEG (ITU-T T.81, JFIF), written by
 * hand: YCbCr at full resolution (4:4:4), the AAN 8 × 8 DCT, Annex K's tables scaled to the quality,
 * Huffman coding with byte stuffing.
 *
 * Ours rather than a dependency: it is about 200 lines, and the synthetic images need nothing a
 * general encoder adds (subsampling, progressive scans, optimised tables). Blocks past the right or
 * bottom edge repeat the edge pixels, as libjpeg pads them.
 */
import {
  AC_BITS,
  AC_SYMBOLS,
  DC_BITS,
  DC_SYMBOLS,
  aanDivisors,
  huffmanCode,
  quantTables,
  ZIGZAG,
} from "./jpeg-tables.ts";

const DC = huffmanCode(DC_BITS, DC_SYMBOLS);
const AC = huffmanCode(AC_BITS, AC_SYMBOLS);

/** Bytes out, and the entropy-coded bits with a 0x00 after every 0xFF (T.81 B.1.1.5). */
class ByteSink {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  private bitBuffer = 0;
  private bitCount = 0;

  byte(value: number): void {
    if (this.length === this.bytes.length) {
      const grown = new Uint8Array(this.bytes.length * 2);
      grown.set(this.bytes);
      this.bytes = grown;
    }
    this.bytes[this.length++] = value;
  }

  write(values: ArrayLike<number>): void {
    for (let i = 0; i < values.length; i++) this.byte(values[i] as number);
  }

  bits(code: number, count: number): void {
    // At most 7 bits wait between calls, so 7 + 16 fit in the 32-bit accumulator.
    this.bitBuffer = (this.bitBuffer << count) | code;
    this.bitCount += count;
    while (this.bitCount >= 8) {
      this.bitCount -= 8;
      const byte = (this.bitBuffer >>> this.bitCount) & 0xff;
      this.byte(byte);
      if (byte === 0xff) this.byte(0);
    }
    this.bitBuffer &= (1 << this.bitCount) - 1;
  }

  /** The last byte's unused bits are ones (T.81 F.1.2.3). */
  flushBits(): void {
    if (this.bitCount > 0) this.bits((1 << (8 - this.bitCount)) - 1, 8 - this.bitCount);
  }
}

/** The coefficient's size category and its low bits (negative values as their ones' complement). */
function putCoefficient(
  sink: ByteSink,
  code: { codes: Uint16Array; lengths: Uint8Array },
  run: number,
  value: number,
): void {
  const magnitude = Math.abs(value);
  const size = magnitude === 0 ? 0 : 32 - Math.clz32(magnitude);
  const symbol = (run << 4) | size;
  sink.bits(code.codes[symbol] as number, code.lengths[symbol] as number);
  if (size > 0) sink.bits(value < 0 ? value + (1 << size) - 1 : value, size);
}

const coefficients = new Int32Array(64);

/**
 * The AAN 8-point DCT (Arai, Agui, Nakajima; libjpeg's jfdctflt) along `stride`, in place: outputs
 * scaled by AAN_SCALE[u]·√8, undone with the quantisation (jpeg-tables divisors).
 */
function aan(d: Float64Array, at: number, stride: number): void {
  const s0 = d[at] as number;
  const s1 = d[at + stride] as number;
  const s2 = d[at + 2 * stride] as number;
  const s3 = d[at + 3 * stride] as number;
  const s4 = d[at + 4 * stride] as number;
  const s5 = d[at + 5 * stride] as number;
  const s6 = d[at + 6 * stride] as number;
  const s7 = d[at + 7 * stride] as number;
  const t0 = s0 + s7;
  const t7 = s0 - s7;
  const t1 = s1 + s6;
  const t6 = s1 - s6;
  const t2 = s2 + s5;
  const t5 = s2 - s5;
  const t3 = s3 + s4;
  const t4 = s3 - s4;
  const e10 = t0 + t3;
  const e13 = t0 - t3;
  const e11 = t1 + t2;
  const e12 = t1 - t2;
  d[at] = e10 + e11;
  d[at + 4 * stride] = e10 - e11;
  const z1 = (e12 + e13) * 0.707106781;
  d[at + 2 * stride] = e13 + z1;
  d[at + 6 * stride] = e13 - z1;
  const o10 = t4 + t5;
  const o11 = t5 + t6;
  const o12 = t6 + t7;
  const z5 = (o10 - o12) * 0.382683433;
  const z2 = 0.5411961 * o10 + z5;
  const z4 = 1.306562965 * o12 + z5;
  const z3 = o11 * 0.707106781;
  const z11 = t7 + z3;
  const z13 = t7 - z3;
  d[at + 5 * stride] = z13 + z2;
  d[at + 3 * stride] = z13 - z2;
  d[at + stride] = z11 + z4;
  d[at + 7 * stride] = z11 - z4;
}

/** DCT of one level-shifted block (rows, then columns), quantised by `divisors`, in zig-zag order. */
function quantisedBlock(block: Float64Array, divisors: Float64Array): Int32Array {
  for (let row = 0; row < 64; row += 8) aan(block, row, 1);
  for (let column = 0; column < 8; column++) aan(block, column, 8);
  for (let i = 0; i < 64; i++) {
    const natural = ZIGZAG[i] as number;
    coefficients[i] = Math.round((block[natural] as number) * (divisors[natural] as number));
  }
  return coefficients;
}

/** Huffman-codes one block; returns its DC for the next block's difference. */
function encodeBlock(sink: ByteSink, block: Float64Array, divisors: Float64Array, previousDc: number): number {
  const zz = quantisedBlock(block, divisors);
  const dc = zz[0] as number;
  putCoefficient(sink, DC, 0, dc - previousDc);
  let run = 0;
  for (let i = 1; i < 64; i++) {
    const value = zz[i] as number;
    if (value === 0) {
      run++;
      continue;
    }
    for (; run > 15; run -= 16) sink.bits(AC.codes[0xf0] as number, AC.lengths[0xf0] as number);
    putCoefficient(sink, AC, run, value);
    run = 0;
  }
  if (run > 0) sink.bits(AC.codes[0] as number, AC.lengths[0] as number);
  return dc;
}

function segment(sink: ByteSink, marker: number, body: number[]): void {
  sink.write([0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]);
}

function headers(sink: ByteSink, width: number, height: number, luma: Uint8Array, chroma: Uint8Array): void {
  sink.write([0xff, 0xd8]);
  segment(sink, 0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  segment(sink, 0xdb, [
    0,
    ...Array.from(ZIGZAG, (n) => luma[n] as number),
    1,
    ...Array.from(ZIGZAG, (n) => chroma[n] as number),
  ]);
  segment(sink, 0xc0, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3, 1, 0x11, 0, 2, 0x11, 1, 3, 0x11, 1]);
  segment(sink, 0xc4, [0x00, ...DC_BITS, ...DC_SYMBOLS, 0x10, ...AC_BITS, ...AC_SYMBOLS]);
  segment(sink, 0xda, [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0]);
}

/** The JPEG file of `rgb` (width × height × 3 bytes, rows top to bottom) at `quality` 1–100. */
export function encodeJpeg(rgb: Uint8Array, width: number, height: number, quality = 90): Uint8Array {
  const [luma, chroma] = quantTables(quality);
  const [lumaDivisors, chromaDivisors] = [aanDivisors(luma), aanDivisors(chroma)];
  const sink = new ByteSink();
  headers(sink, width, height, luma, chroma);
  const planes = [new Float64Array(64), new Float64Array(64), new Float64Array(64)] as const;
  const dcs = [0, 0, 0];
  for (let by = 0; by < height; by += 8)
    for (let bx = 0; bx < width; bx += 8) {
      for (let i = 0; i < 64; i++) {
        const at = (Math.min(by + (i >> 3), height - 1) * width + Math.min(bx + (i & 7), width - 1)) * 3;
        const r = rgb[at] as number;
        const g = rgb[at + 1] as number;
        const b = rgb[at + 2] as number;
        planes[0][i] = 0.299 * r + 0.587 * g + 0.114 * b - 128;
        planes[1][i] = -0.168736 * r - 0.331264 * g + 0.5 * b;
        planes[2][i] = 0.5 * r - 0.418688 * g - 0.081312 * b;
      }
      for (let c = 0; c < 3; c++)
        dcs[c] = encodeBlock(
          sink,
          planes[c] as Float64Array,
          c === 0 ? lumaDivisors : chromaDivisors,
          dcs[c] as number,
        );
    }
  sink.flushBits();
  sink.write([0xff, 0xd9]);
  return sink.bytes.slice(0, sink.length);
}
