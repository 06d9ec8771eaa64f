import { describe, expect, test } from "bun:test";
import { gammavariate } from "../../src/rng/gamma-variate.ts";
import { PythonRandom } from "../../src/rng/python-random.ts";

// Expected values from the machine's python3 (3.11):
//   r = random.Random(seed); [r.gammavariate(a, b) for _ in range(5)]
const VECTORS: [number, number, number, number[]][] = [
  [42, 0.5, 2.0, [1.146227556947712, 0.21205433882579283, 2.7305865909862597, 0.4990604444119387, 0.1340109759044613]],
  [7, 1.0, 3.0, [1.173944532704413, 0.4905553710164344, 3.1574868542127805, 0.22558137971983655, 2.30284937406524]],
  [42, 4.0, 0.25, [1.2417568760012019, 0.6932646985205086, 1.4746739881793842, 0.8877928087121263, 0.6179278320051519]],
  [1, 2.5, 1.0, [0.9849501978660289, 4.495306835960909, 2.4772786828074036, 3.4188870373172997, 5.639614332833286]],
];

describe("rng/gamma-variate", () => {
  test.each(VECTORS)("seed %d, alpha %d, beta %d matches CPython draw for draw", (seed, alpha, beta, expected) => {
    const rng = new PythonRandom(seed);
    expect(expected.map(() => gammavariate(rng, alpha, beta))).toEqual(expected);
  });

  test("has mean alpha·beta", () => {
    const rng = new PythonRandom(3);
    let sum = 0;
    for (let i = 0; i < 50_000; i++) sum += gammavariate(rng, 0.25, 4);
    expect(Math.abs(sum / 50_000 - 1)).toBeLessThan(0.05);
  });

  test.each([
    [0, 1],
    [1, 0],
    [-1, 1],
  ])("rejects alpha %d, beta %d", (alpha, beta) => {
    expect(() => gammavariate(new PythonRandom(1), alpha, beta)).toThrow(RangeError);
  });
});

describe("rng/normal-variate", () => {
  test("matches CPython draw for draw", async () => {
    const { normalvariate } = await import("../../src/rng/normal-variate.ts");
    // python3: r = random.Random(42); [r.normalvariate(100, 15) for _ in range(4)]
    const rng = new PythonRandom(42);
    expect([0, 1, 2, 3].map(() => normalvariate(rng, 100, 15))).toEqual([
      103.67989512561795, 92.54733289883195, 118.82178896586194, 97.92911405885782,
    ]);
  });
});
