/**
 * @module test/dataset/predefined/python-sample — `sampleIndices` against CPython 3.11's
 * `random.Random(seed).sample(range(n), k)`. Expected values come from python3:
 *
 *   import random
 *   r = random.Random(0); print([r.sample(range(4), 4) for _ in range(12)])
 *   r = random.Random(42); print([r.sample(range(4), 4) for _ in range(4)])
 *   print(random.Random(0).sample(range(198), 8))   # rejection branch (n > setsize 85)
 *   print(random.Random(0).sample(range(448), 10))  # rejection branch
 *   print(random.Random(7).sample(range(30), 30))   # pool branch with k > 5
 *   r = random.Random(0); r.sample(range(4), 4); print(r.random())
 */
import { describe, expect, test } from "bun:test";
import { sampleIndices } from "../../../src/dataset/predefined/python-sample.ts";
import { PythonRandom } from "../../../src/rng/python-random.ts";

const PERMUTATIONS_SEED_0 = [
  [3, 1, 0, 2],
  [3, 1, 2, 0],
  [2, 3, 0, 1],
  [2, 0, 3, 1],
  [1, 3, 0, 2],
  [2, 1, 0, 3],
  [3, 1, 0, 2],
  [3, 2, 1, 0],
  [0, 3, 1, 2],
  [3, 1, 0, 2],
  [0, 3, 2, 1],
  [1, 2, 3, 0],
];
const PERMUTATIONS_SEED_42 = [
  [0, 3, 1, 2],
  [1, 0, 2, 3],
  [3, 0, 2, 1],
  [1, 0, 2, 3],
];

describe("dataset/predefined/python-sample", () => {
  test.each([
    [0, PERMUTATIONS_SEED_0],
    [42, PERMUTATIONS_SEED_42],
  ])("draws the same per-row permutations of four as CPython with seed %p", (seed, expected) => {
    const rng = new PythonRandom(seed);
    expect(expected.map(() => sampleIndices(rng, 4, 4))).toEqual(expected);
  });

  test.each([
    [0, 198, 8, [98, 194, 107, 10, 66, 130, 124, 103]],
    [0, 448, 10, [432, 197, 388, 215, 20, 132, 261, 248, 207, 401]],
    [
      7,
      30,
      30,
      [10, 4, 12, 20, 1, 2, 17, 3, 11, 18, 25, 16, 6, 19, 24, 23, 14, 26, 22, 27, 8, 13, 0, 9, 28, 7, 29, 15, 5, 21],
    ],
    [0, 5, 0, []],
  ])("matches CPython for seed %p, sample(range(%p), %p)", (seed, n, k, expected) => {
    expect(sampleIndices(new PythonRandom(seed), n, k)).toEqual(expected);
  });

  test("consumes the generator like CPython (the last draw of four is randbelow(1))", () => {
    const rng = new PythonRandom(0);
    sampleIndices(rng, 4, 4);
    expect(rng.random()).toBe(0.9654648863619172);
  });

  test.each([
    [4, 5],
    [4, -1],
    [4, 1.5],
  ])("rejects sample(range(%p), %p)", (n, k) => {
    expect(() => sampleIndices(new PythonRandom(0), n, k)).toThrow(RangeError);
  });
});
