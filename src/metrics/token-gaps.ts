/**
 * @module metrics/token-gaps — the ITL column: every token gap of a phase, spread per token, held as compactly as exactness allows.
 *
 * A chunk that carries k tokens after a gap of g ns yields k gaps of g/k. With one token per
 * chunk, as most servers stream, every gap is a whole number of ns below 2^32 (4.3 s), so the
 * column is a Uint32Array: half the memory of float64, and quicker to sort. The first
 * value that does not fit — a fraction from a multi-token chunk, a stall of 4.3 s or more —
 * widens the column to a Float64Array, so no value is ever rounded. Its length is only
 * estimated up front (gaps before spreading), so the array grows by half when it falls short.
 */
import type { SeriesArray } from "./percentiles.ts";

const GROWTH = 1.5;
const MIN_CAPACITY = 16;

export class TokenGapBuilder {
  /** The ITL column so far, in no particular order (SortedSeries sorts it in place). */
  #values: SeriesArray;
  /** Still a Uint32Array: every value so far was whole ns below 2^32. */
  #narrow = true;
  #length = 0;

  constructor(estimatedLength = 0) {
    this.#values = new Uint32Array(Math.max(MIN_CAPACITY, Math.ceil(estimatedLength)));
  }

  get length(): number {
    return this.#length;
  }

  push(gapNs: number): void {
    // `x >>> 0 === x` holds exactly for the whole numbers 0 … 2^32 − 1 (not for NaN or fractions).
    if (this.#narrow && gapNs >>> 0 !== gapNs) this.#widen();
    if (this.#length === this.#values.length) this.#grow();
    this.#values[this.#length++] = gapNs;
  }

  /** The values appended so far; the builder must not be used afterwards. */
  finish(): SeriesArray {
    const values = this.#values;
    const wasted = values.length - this.#length;
    return wasted * 8 > values.length ? values.slice(0, this.#length) : values.subarray(0, this.#length);
  }

  #widen(): void {
    const wide = new Float64Array(this.#values.length);
    wide.set(this.#values.subarray(0, this.#length));
    this.#values = wide;
    this.#narrow = false;
  }

  #grow(): void {
    const capacity = Math.ceil(this.#values.length * GROWTH);
    const grown = this.#narrow ? new Uint32Array(capacity) : new Float64Array(capacity);
    grown.set(this.#values);
    this.#values = grown;
  }
}

/** Where spread gaps go: the ITL column, or the live views' histogram (live-metrics/phase-tally). */
interface GapSink {
  push(gapNs: number): void;
}

/** Appends a stream's token gaps: a chunk carrying k tokens after a gap of g ns yields k gaps of g/k. */
export function spreadChunkGaps(gapsNs: Float64Array, tokens: Uint16Array | null, out: GapSink): void {
  for (let i = 0; i < gapsNs.length; i++) {
    const k = tokens ? (tokens[i] ?? 1) : 1;
    const gap = gapsNs[i] as number;
    if (k <= 1) out.push(gap);
    else for (let j = 0; j < k; j++) out.push(gap / k);
  }
}
