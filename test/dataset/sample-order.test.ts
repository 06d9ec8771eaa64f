/** @module test/dataset/sample-order — shuffled and sequential sample orders. */
import { describe, expect, test } from "bun:test";
import { sampleOrder, sequentialOrder } from "../../src/dataset/sample-order.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

/*
 * Expected orders from python3 3.11.7, reshuffling one list in place as upstream's
 * WithoutReplacementSampleOrder does:
 *
 *   import random
 *   def order(n, count, seed):
 *       rng = random.Random(seed); pool = list(range(n)); out = []
 *       while len(out) < count:
 *           rng.shuffle(pool); out += pool[:count - len(out)]
 *       return out
 *   print(order(10, 25, 42)); print(order(7, 17, 18209322760996052031)); print(order(1000, 5, 0))
 *
 * The first 10 of order(10, 25, 42) are random.Random(42).shuffle(list(range(10))).
 */
describe("dataset/sample-order", () => {
  test.each([
    {
      size: 10,
      count: 25,
      seed: 42 as number | bigint,
      expected: [7, 3, 2, 8, 5, 6, 9, 4, 0, 1, 8, 6, 2, 5, 3, 0, 4, 7, 9, 1, 7, 0, 8, 2, 3],
    },
    { size: 7, count: 17, seed: 18209322760996052031n, expected: [3, 0, 2, 5, 1, 4, 6, 4, 6, 3, 1, 2, 0, 5, 4, 6, 2] },
    { size: 1000, count: 5, seed: 0, expected: [439, 621, 160, 549, 237] },
    { size: 10, count: 0, seed: 42, expected: [] },
    { size: 1, count: 3, seed: 42, expected: [0, 0, 0] },
  ])("matches CPython's order for n=$size, count=$count, seed=$seed", ({ size, count, seed, expected }) => {
    expect(Array.from(sampleOrder(size, count, seed))).toEqual([...expected]);
  });

  test("gives the same order for the same seed and a different one for another seed", () => {
    expect(sampleOrder(100, 250, 7)).toEqual(sampleOrder(100, 250, 7));
    expect(sampleOrder(100, 250, 7)).not.toEqual(sampleOrder(100, 250, 8));
  });

  test("uses every index exactly once per pass", () => {
    const size = 37;
    const order = sampleOrder(size, size * 4 + 5, 123);
    for (let pass = 0; pass < 4; pass++) {
      const indices = Array.from(order.subarray(pass * size, (pass + 1) * size)).sort((a, b) => a - b);
      expect(indices).toEqual(Array.from({ length: size }, (_, i) => i));
    }
  });

  test("continues a given generator instead of reseeding", () => {
    const rng = new PythonRandom(42);
    const first = sampleOrder(10, 10, rng);
    const second = sampleOrder(10, 10, rng);
    // python3: r = random.Random(42); a = list(range(10)); r.shuffle(a); b = list(range(10)); r.shuffle(b)
    expect(Array.from(first)).toEqual([7, 3, 2, 8, 5, 6, 9, 4, 0, 1]);
    expect(Array.from(second)).toEqual([3, 5, 2, 4, 1, 8, 7, 0, 6, 9]);
  });

  test.each([
    { size: 3, count: 7, expected: [0, 1, 2, 0, 1, 2, 0] },
    { size: 5, count: 3, expected: [0, 1, 2] },
    { size: 1, count: 2, expected: [0, 0] },
    { size: 4, count: 0, expected: [] },
  ])("sequentialOrder($size, $count) wraps around", ({ size, count, expected }) => {
    expect(Array.from(sequentialOrder(size, count))).toEqual([...expected]);
  });

  test.each([
    { size: 0, count: 1 },
    { size: 1.5, count: 1 },
    { size: 3, count: -1 },
  ])("rejects size=$size count=$count", ({ size, count }) => {
    expect(() => sampleOrder(size, count, 1)).toThrow(RangeError);
    expect(() => sequentialOrder(size, count)).toThrow(RangeError);
  });
});
