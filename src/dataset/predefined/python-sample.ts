/**
 * @module dataset/predefined/python-sample — CPython 3.11's `Random.sample(range(n), k)`,
 * draw for draw, so seeded subsets and GPQA's per-row choice permutations match
 * upstream's.
 *
 * CPython picks one of two algorithms by comparing n with an estimate of a set's memory
 * (`setsize = 21`, plus `4 ** ceil(log(3k, 4))` when k > 5): a small population is copied
 * into a pool and each pick moves the pool's last live element into the hole
 * (`randbelow(n - i)`); a large one draws `randbelow(n)` until it gets an index not yet
 * selected. Note `sample(range(4), 4)` makes four draws, the last one `randbelow(1)`, which
 * still consumes a 32-bit output; `shuffle` of four items makes three.
 */
import type { PythonRandom } from "../../rng/python-random.ts";

const SMALL_SET_SIZE = 21;

/** CPython's threshold between the pool and the rejection algorithms. */
function setSize(k: number): number {
  return k > 5 ? SMALL_SET_SIZE + 4 ** Math.ceil(Math.log(k * 3) / Math.log(4)) : SMALL_SET_SIZE;
}

/** `rng.sample(range(n), k)`: k distinct indices in [0, n), in draw order. */
export function sampleIndices(rng: PythonRandom, n: number, k: number): number[] {
  if (!Number.isSafeInteger(n) || !Number.isSafeInteger(k) || k < 0 || k > n) {
    throw new RangeError(`sample of ${k} from ${n}: sample larger than population or is negative`);
  }
  const result: number[] = [];
  if (n <= setSize(k)) {
    const pool = Array.from({ length: n }, (_, index) => index);
    for (let i = 0; i < k; i++) {
      const j = rng.randbelow(n - i);
      result.push(pool[j] as number);
      pool[j] = pool[n - i - 1] as number;
    }
    return result;
  }
  const selected = new Set<number>();
  for (let i = 0; i < k; i++) {
    let j = rng.randbelow(n);
    while (selected.has(j)) j = rng.randbelow(n);
    selected.add(j);
    result.push(j);
  }
  return result;
}
