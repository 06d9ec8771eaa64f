/**
 * @module rng/python-random — a bit-exact port of CPython's `random.Random` (MT19937 and the
 * seeding and sampling algorithms built on it), so that a seed gives upstream's order.
 *
 * Behaviour followed (CPython 3.11's `_random` module and `random.Random`):
 * - An integer seed uses all its bits: abs(seed) split into 32-bit words, least significant
 *   first (seed 0 → one zero word), fed to MT19937's `init_by_array`. Ruleset seeds are 64-bit,
 *   so bigint seeds are accepted.
 * - `random()` builds a 53-bit float from two outputs: (a>>5)·2^26 + (b>>6), divided by 2^53.
 * - `getrandbits(k)` fills 32-bit words least significant first; the last word keeps its top
 *   bits. `_randbelow(n)` rejects `getrandbits(n.bit_length())` draws ≥ n.
 * - `shuffle` walks i = n−1 … 1 swapping with `_randbelow(i + 1)`; `expovariate` is
 *   −log(1 − random()) / λ (3.11+); `randbytes(n)` is `getrandbits(8n)` as little-endian bytes.
 */

const N = 624;
const M = 397;
const MATRIX_A = 0x9908b0df;
const UPPER_MASK = 0x80000000;
const LOWER_MASK = 0x7fffffff;
const TWO_POW_26 = 67108864;
const TWO_POW_32 = 4294967296;
const TWO_POW_53 = 9007199254740992;

/** A non-negative (or negative: its absolute value is used, as CPython does) integer seed. */
export type PythonSeed = number | bigint;

/** `seed + offset` (the warmup's derived seeds), exact for 64-bit seeds. */
export function offsetSeed(seed: PythonSeed, offset: number): PythonSeed {
  const sum = BigInt(seed) + BigInt(offset);
  return Number.isSafeInteger(Number(sum)) ? Number(sum) : sum;
}

/** Anything indexable and writable by position: arrays and typed arrays. */
interface MutableArrayLike<T> {
  readonly length: number;
  [index: number]: T;
}

/** The 32-bit key words CPython derives from an integer seed. */
export function seedKey(seed: PythonSeed): Uint32Array {
  if (typeof seed === "number" && !Number.isInteger(seed)) {
    throw new RangeError(`seed must be an integer, got ${seed}`);
  }
  let rest = BigInt(seed);
  if (rest < 0n) rest = -rest;
  const words: number[] = [];
  while (rest > 0n) {
    words.push(Number(rest & 0xffffffffn));
    rest >>= 32n;
  }
  return Uint32Array.from(words.length === 0 ? [0] : words);
}

/** Bits needed to write a positive safe integer (Python's `int.bit_length`). */
function bitLength(n: number): number {
  if (n < TWO_POW_32) return 32 - Math.clz32(n);
  return 64 - Math.clz32(Math.floor(n / TWO_POW_32));
}

function checkInteger(name: string, value: number): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be a safe integer, got ${value}`);
}

export class PythonRandom {
  private readonly mt = new Uint32Array(N);
  private index = N + 1;

  constructor(seed: PythonSeed) {
    this.seed(seed);
  }

  /** Re-seeds like `random.seed(seed)` for an integer seed. */
  seed(seed: PythonSeed): void {
    const key = seedKey(seed);
    const mt = this.mt;
    mt[0] = 19650218;
    for (let i = 1; i < N; i++) {
      const prev = mt[i - 1]!;
      mt[i] = Math.imul(1812433253, prev ^ (prev >>> 30)) + i;
    }
    let i = 1;
    let j = 0;
    for (let k = Math.max(N, key.length); k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1664525)) >>> 0) + key[j]! + j;
      i++;
      j++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
      if (j >= key.length) j = 0;
    }
    for (let k = N - 1; k > 0; k--) {
      const prev = mt[i - 1]!;
      mt[i] = ((mt[i]! ^ Math.imul(prev ^ (prev >>> 30), 1566083941)) >>> 0) - i;
      i++;
      if (i >= N) {
        mt[0] = mt[N - 1]!;
        i = 1;
      }
    }
    mt[0] = UPPER_MASK; // MSB is 1, assuring a non-zero initial array
    this.index = N;
  }

  /** Next raw 32-bit output of MT19937 (`genrand_uint32`). */
  nextUint32(): number {
    const mt = this.mt;
    if (this.index >= N) {
      for (let k = 0; k < N; k++) {
        const y = (mt[k]! & UPPER_MASK) | (mt[k + 1 < N ? k + 1 : 0]! & LOWER_MASK);
        mt[k] = mt[k + M < N ? k + M : k + M - N]! ^ (y >>> 1) ^ (y & 1 ? MATRIX_A : 0);
      }
      this.index = 0;
    }
    let y = mt[this.index++]!;
    y ^= y >>> 11;
    y ^= (y << 7) & 0x9d2c5680;
    y ^= (y << 15) & 0xefc60000;
    y ^= y >>> 18;
    return y >>> 0;
  }

  /** A float in [0, 1) with 53 random bits, identical to CPython's `random()`. */
  random(): number {
    const a = this.nextUint32() >>> 5;
    const b = this.nextUint32() >>> 6;
    return (a * TWO_POW_26 + b) / TWO_POW_53;
  }

  /** `getrandbits(k)` for any k ≥ 0, as a bigint. */
  getrandbits(k: number): bigint {
    checkInteger("k", k);
    if (k < 0) throw new RangeError("number of bits must be non-negative");
    if (k <= 53) return BigInt(this.bitsAsNumber(k));
    let result = 0n;
    let shift = 0n;
    for (let remaining = k; remaining > 0; remaining -= 32, shift += 32n) {
      let word = this.nextUint32();
      if (remaining < 32) word >>>= 32 - remaining;
      result |= BigInt(word) << shift;
    }
    return result;
  }

  /** `getrandbits(k)` for k ≤ 53 without bigint arithmetic (the hot path of shuffles). */
  private bitsAsNumber(k: number): number {
    if (k === 0) return 0;
    if (k <= 32) return this.nextUint32() >>> (32 - k);
    const low = this.nextUint32();
    const high = this.nextUint32() >>> (64 - k);
    return high * TWO_POW_32 + low;
  }

  /** A uniform integer in [0, n) by rejection sampling (CPython's `_randbelow`); n ≥ 1. */
  randbelow(n: number): number {
    checkInteger("n", n);
    if (n <= 0) throw new RangeError(`randbelow needs n > 0, got ${n}`);
    return this.below(n);
  }

  /** `randbelow` without argument checks, for callers that guarantee 1 ≤ n ≤ 2^53 − 1. */
  private below(n: number): number {
    const k = bitLength(n);
    let r = this.bitsAsNumber(k);
    while (r >= n) r = this.bitsAsNumber(k);
    return r;
  }

  /** `randrange(stop)` or `randrange(start, stop[, step])` with CPython's semantics. */
  randrange(start: number, stop?: number, step = 1): number {
    checkInteger("start", start);
    if (stop === undefined) {
      if (step !== 1) throw new RangeError("randrange needs a stop when a step is given");
      if (start > 0) return this.randbelow(start);
      throw new RangeError("empty range for randrange()");
    }
    checkInteger("stop", stop);
    checkInteger("step", step);
    const width = stop - start;
    if (step === 1) {
      if (width > 0) return start + this.randbelow(width);
      throw new RangeError(`empty range for randrange() (${start}, ${stop}, ${width})`);
    }
    if (step === 0) throw new RangeError("zero step for randrange()");
    const n = step > 0 ? Math.floor((width + step - 1) / step) : Math.floor((width + step + 1) / step);
    if (n <= 0) throw new RangeError("empty range for randrange()");
    return start + step * this.randbelow(n);
  }

  /** A uniform integer in [a, b], both ends included. */
  randint(a: number, b: number): number {
    return this.randrange(a, b + 1);
  }

  /** Shuffles in place exactly as CPython's `shuffle` does. */
  shuffle<T>(items: MutableArrayLike<T>): void {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.below(i + 1);
      const held = items[i] as T;
      items[i] = items[j] as T;
      items[j] = held;
    }
  }

  /** Exponential variate with rate `lambd` (mean 1/lambd). */
  expovariate(lambd: number): number {
    return -Math.log(1.0 - this.random()) / lambd;
  }

  /** `randbytes(n)`: `getrandbits(8n)` written little-endian. */
  randbytes(n: number): Uint8Array {
    checkInteger("n", n);
    if (n < 0) throw new RangeError("number of bytes must be non-negative");
    const out = new Uint8Array(n);
    let offset = 0;
    for (; offset + 4 <= n; offset += 4) {
      const word = this.nextUint32();
      out[offset] = word;
      out[offset + 1] = word >>> 8;
      out[offset + 2] = word >>> 16;
      out[offset + 3] = word >>> 24;
    }
    const tailBytes = n - offset;
    if (tailBytes > 0) {
      const word = this.nextUint32() >>> (32 - 8 * tailBytes);
      for (let b = 0; b < tailBytes; b++) out[offset + b] = word >>> (8 * b);
    }
    return out;
  }
}
