/**
 * @module dataset/conversations/blake2b — BLAKE2b (RFC 7693) with a chosen digest length.
 *
 * Upstream's system-prompt salt is BLAKE2b with a 2-byte digest-length *parameter*, which
 * differs from the first 2 bytes of the 64-byte digest; neither Bun's hasher nor OpenSSL's
 * accept that length, so it is computed here. It runs a few hundred times per run (once per
 * conversation and repeat), so 64-bit words are plain bigints.
 */

const MASK = (1n << 64n) - 1n;
const IV = [
  0x6a09e667f3bcc908n,
  0xbb67ae8584caa73bn,
  0x3c6ef372fe94f82bn,
  0xa54ff53a5f1d36f1n,
  0x510e527fade682d1n,
  0x9b05688c2b3e6c1fn,
  0x1f83d9abfb41bd6bn,
  0x5be0cd19137e2179n,
];
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const rotr = (x: bigint, n: bigint): bigint => ((x >> n) | (x << (64n - n))) & MASK;

function compress(h: bigint[], block: Uint8Array, counter: bigint, last: boolean): void {
  const m: bigint[] = [];
  const view = new DataView(block.buffer, block.byteOffset, 128);
  for (let i = 0; i < 16; i++) m.push(view.getBigUint64(i * 8, true));
  const v = [...h, ...IV];
  v[12] = (v[12] as bigint) ^ (counter & MASK);
  v[13] = (v[13] as bigint) ^ (counter >> 64n);
  if (last) v[14] = (v[14] as bigint) ^ MASK;
  const mix = (a: number, b: number, c: number, d: number, x: bigint, y: bigint) => {
    v[a] = ((v[a] as bigint) + (v[b] as bigint) + x) & MASK;
    v[d] = rotr((v[d] as bigint) ^ (v[a] as bigint), 32n);
    v[c] = ((v[c] as bigint) + (v[d] as bigint)) & MASK;
    v[b] = rotr((v[b] as bigint) ^ (v[c] as bigint), 24n);
    v[a] = ((v[a] as bigint) + (v[b] as bigint) + y) & MASK;
    v[d] = rotr((v[d] as bigint) ^ (v[a] as bigint), 16n);
    v[c] = ((v[c] as bigint) + (v[d] as bigint)) & MASK;
    v[b] = rotr((v[b] as bigint) ^ (v[c] as bigint), 63n);
  };
  for (let round = 0; round < 12; round++) {
    const s = SIGMA[round % 10] as number[];
    const w = (i: number) => m[s[i] as number] as bigint;
    mix(0, 4, 8, 12, w(0), w(1));
    mix(1, 5, 9, 13, w(2), w(3));
    mix(2, 6, 10, 14, w(4), w(5));
    mix(3, 7, 11, 15, w(6), w(7));
    mix(0, 5, 10, 15, w(8), w(9));
    mix(1, 6, 11, 12, w(10), w(11));
    mix(2, 7, 8, 13, w(12), w(13));
    mix(3, 4, 9, 14, w(14), w(15));
  }
  for (let i = 0; i < 8; i++) h[i] = (h[i] as bigint) ^ (v[i] as bigint) ^ (v[i + 8] as bigint);
}

/** BLAKE2b of `input` (unkeyed) with a `digestBytes`-byte digest (1–64), as lowercase hex. */
export function blake2bHex(input: string | Uint8Array, digestBytes: number): string {
  if (!Number.isInteger(digestBytes) || digestBytes < 1 || digestBytes > 64)
    throw new RangeError(`digest length ${digestBytes} is not 1..64`);
  const data = typeof input === "string" ? new TextEncoder().encode(input) : input;
  const h = [...IV];
  h[0] = (h[0] as bigint) ^ (0x01010000n | BigInt(digestBytes));
  const blocks = Math.max(1, Math.ceil(data.length / 128));
  for (let b = 0; b < blocks; b++) {
    const block = new Uint8Array(128);
    block.set(data.subarray(b * 128, (b + 1) * 128));
    const last = b === blocks - 1;
    compress(h, block, BigInt(last ? data.length : (b + 1) * 128), last);
  }
  const out = new Uint8Array(64);
  const view = new DataView(out.buffer);
  h.forEach((word, i) => view.setBigUint64(i * 8, word, true));
  return Array.from(out.subarray(0, digestBytes), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
