/**
 * @module dataset/image/jpeg-tables — the tables a baseline JPEG encoder needs: ITU-T T.81 Annex K's
 * example quantisation tables (K.1, K.2) scaled to a quality as libjpeg scales them, its luminance
 * Huffman tables (K.3), the zig-zag order, and the AAN DCT's scale factors.
 *
 * One pair of Huffman tables serves all three components: a decoder reads whichever tables the file
 * defines, and the chrominance pair would only save a few bytes.
 */

/** Annex K.1, luminance, in natural (row-major) order. */
const LUMA_QUANT = [
  16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55, 14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51,
  87, 80, 62, 18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92, 49, 64, 78, 87, 103, 121, 120, 101,
  72, 92, 95, 98, 112, 100, 103, 99,
];
/** Annex K.2, chrominance: the top-left 4 × 4 as listed, 99 elsewhere. */
const CHROMA_TOP_LEFT = [17, 18, 24, 47, 18, 21, 26, 66, 24, 26, 56, 99, 47, 66, 99, 99];
const CHROMA_QUANT = Array.from({ length: 64 }, (_, i) =>
  i % 8 < 4 && i < 32 ? (CHROMA_TOP_LEFT[(i >> 3) * 4 + (i % 8)] as number) : 99,
);

/** Annex K.3: codes of each length 1..16, then the symbols in code order. */
export const DC_BITS = [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0];
export const DC_SYMBOLS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];
export const AC_BITS = [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7d];
export const AC_SYMBOLS = [
  0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61, 0x07, 0x22, 0x71, 0x14,
  0x32, 0x81, 0x91, 0xa1, 0x08, 0x23, 0x42, 0xb1, 0xc1, 0x15, 0x52, 0xd1, 0xf0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09,
  0x0a, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x25, 0x26, 0x27, 0x28, 0x29, 0x2a, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3a,
  0x43, 0x44, 0x45, 0x46, 0x47, 0x48, 0x49, 0x4a, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a, 0x63, 0x64, 0x65,
  0x66, 0x67, 0x68, 0x69, 0x6a, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78, 0x79, 0x7a, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88,
  0x89, 0x8a, 0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98, 0x99, 0x9a, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6, 0xa7, 0xa8, 0xa9,
  0xaa, 0xb2, 0xb3, 0xb4, 0xb5, 0xb6, 0xb7, 0xb8, 0xb9, 0xba, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7, 0xc8, 0xc9, 0xca,
  0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8, 0xd9, 0xda, 0xe1, 0xe2, 0xe3, 0xe4, 0xe5, 0xe6, 0xe7, 0xe8, 0xe9, 0xea,
  0xf1, 0xf2, 0xf3, 0xf4, 0xf5, 0xf6, 0xf7, 0xf8, 0xf9, 0xfa,
];

/** A canonical Huffman code (T.81 Annex C): each symbol's code and its length in bits. */
interface HuffmanCode {
  codes: Uint16Array;
  lengths: Uint8Array;
}

export function huffmanCode(bits: readonly number[], symbols: readonly number[]): HuffmanCode {
  const codes = new Uint16Array(256);
  const lengths = new Uint8Array(256);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    for (let i = 0; i < (bits[length - 1] as number); i++) {
      const symbol = symbols[k++] as number;
      codes[symbol] = code++;
      lengths[symbol] = length;
    }
    code <<= 1;
  }
  return { codes, lengths };
}

/** ZIGZAG[i]: the natural index of the i-th coefficient in zig-zag order (T.81 Figure A.6). */
export const ZIGZAG: Uint8Array = (() => {
  const order = new Uint8Array(64);
  let i = 0;
  for (let sum = 0; sum < 15; sum++) {
    const cells: number[] = [];
    for (let row = Math.max(0, sum - 7); row <= Math.min(7, sum); row++) cells.push(row * 8 + (sum - row));
    // Even diagonals run up (bottom-left to top-right), odd ones down.
    if (sum % 2 === 0) cells.reverse();
    for (const cell of cells) order[i++] = cell;
  }
  return order;
})();

/** libjpeg's quality scaling (jcparam.c): 50 is the table as listed, 100 all ones. */
export function quantTables(quality: number): [Uint8Array, Uint8Array] {
  const q = Math.min(100, Math.max(1, Math.round(quality)));
  const scale = q < 50 ? 5000 / q : 200 - q * 2;
  const scaled = (table: number[]) =>
    Uint8Array.from(table, (v) => Math.min(255, Math.max(1, Math.floor((v * scale + 50) / 100))));
  return [scaled(LUMA_QUANT), scaled(CHROMA_QUANT)];
}

/** The AAN DCT's output scale per frequency: cos(kπ/16)·√2 for k > 0 (libjpeg jfdctflt, jcdctmgr). */
const AAN_SCALE = [1, 1.387039845, 1.306562965, 1.175875602, 1, 0.785694958, 0.5411961, 0.275899379];

/** 1 / (quantiser × the AAN scales of the coefficient's row and column × 8), in natural order. */
export function aanDivisors(quant: Uint8Array): Float64Array {
  return Float64Array.from(quant, (q, i) => 1 / (q * (AAN_SCALE[i >> 3] as number) * (AAN_SCALE[i & 7] as number) * 8));
}
