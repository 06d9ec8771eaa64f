/**
 * @module metrics/float64-builder — a Float64Array filled by appending, for series whose length is only estimated.
 *
 * A `number[]` of a million gaps costs several times its Float64Array and must be copied at the
 * end; this grows a typed array by half when the estimate falls short and hands the filled
 * part back without a copy unless more than an eighth of it would be wasted.
 */

const GROWTH = 1.5;
const MIN_CAPACITY = 16;

export class Float64Builder {
  #values: Float64Array;
  #length = 0;

  constructor(estimatedLength = 0) {
    this.#values = new Float64Array(Math.max(MIN_CAPACITY, Math.ceil(estimatedLength)));
  }

  get length(): number {
    return this.#length;
  }

  push(value: number): void {
    if (this.#length === this.#values.length) {
      const grown = new Float64Array(Math.ceil(this.#values.length * GROWTH));
      grown.set(this.#values);
      this.#values = grown;
    }
    this.#values[this.#length++] = value;
  }

  /** The values appended so far; the builder must not be used afterwards. */
  finish(): Float64Array {
    const wasted = this.#values.length - this.#length;
    return wasted * 8 > this.#values.length ? this.#values.slice(0, this.#length) : this.#values.subarray(0, this.#length);
  }
}
