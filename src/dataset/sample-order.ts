/**
 * @module dataset/sample-order — which dataset row each issued request uses, in upstream's order.
 *
 * Performance runs draw without replacement: the index list 0..n−1 is shuffled in place with a
 * CPython-compatible `random.Random(seed)`, used in order, and shuffled again (the same list,
 * the same RNG continuing) when used up. This reproduces upstream's order exactly for
 * the same seed, so a run can be compared sample by sample. Accuracy runs are sequential.
 */
import { PythonRandom, type PythonSeed } from "../rng/python-random.ts";

const MAX_DATASET_SIZE = 0xffffffff;

function checkSizes(datasetSize: number, count: number): void {
  if (!Number.isInteger(datasetSize) || datasetSize < 1 || datasetSize > MAX_DATASET_SIZE) {
    throw new RangeError(`dataset size must be an integer in [1, 2^32), got ${datasetSize}`);
  }
  if (!Number.isSafeInteger(count) || count < 0) {
    throw new RangeError(`sample count must be a non-negative integer, got ${count}`);
  }
}

/**
 * `count` dataset indices drawn without replacement, pass after pass, from a shuffle seeded by
 * `seed` (or continuing the given generator, e.g. to keep warmup and performance independent).
 */
export function sampleOrder(datasetSize: number, count: number, seed: PythonSeed | PythonRandom): Uint32Array {
  checkSizes(datasetSize, count);
  const rng = seed instanceof PythonRandom ? seed : new PythonRandom(seed);
  const pool = new Uint32Array(datasetSize);
  for (let i = 0; i < datasetSize; i++) pool[i] = i;
  const order = new Uint32Array(count);
  for (let filled = 0; filled < count; filled += datasetSize) {
    rng.shuffle(pool); // like upstream, only when the next index is needed
    const take = Math.min(datasetSize, count - filled);
    order.set(take === datasetSize ? pool : pool.subarray(0, take), filled);
  }
  return order;
}

/** `count` indices 0, 1, …, n−1, 0, 1, … (accuracy datasets: each repeat is one pass in order). */
export function sequentialOrder(datasetSize: number, count: number): Uint32Array {
  checkSizes(datasetSize, count);
  const order = new Uint32Array(count);
  for (let i = 0, index = 0; i < count; i++) {
    order[i] = index;
    index = index + 1 === datasetSize ? 0 : index + 1;
  }
  return order;
}
