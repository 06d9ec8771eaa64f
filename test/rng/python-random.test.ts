/** @module test/rng/python-random — PythonRandom against vectors printed by CPython 3.11.7. */
import { describe, expect, test } from "bun:test";
import { PythonRandom, seedKey, type PythonSeed } from "../../src/rng/python-random.ts";

/*
 * Expected values were produced with python3 3.11.7 on this machine:
 *
 *   import random
 *   for seed in [0, 42, 2**32 + 5, 18209322760996052031]:
 *       r = random.Random(seed); print([r.random() for _ in range(5)])
 *       r = random.Random(seed); xs = list(range(20)); r.shuffle(xs); print(xs)
 *       r = random.Random(seed); print([r.expovariate(2.5) for _ in range(5)])
 *       r = random.Random(seed); print([r.getrandbits(64) for _ in range(3)])
 *   r = random.Random(7); print([r.getrandbits(k) for k in (1, 5, 31, 32, 33, 53, 100)])
 *   r = random.Random(7); print(r.randbytes(7).hex(), r.randbytes(8).hex())
 *   r = random.Random(7); print([r.randint(1, 6) for _ in range(10)],
 *                               r.randrange(10, 100, 7), r.randrange(100, 10, -3), r.randrange(2**40))
 *   r = random.Random(-42); print(r.random())
 *   s = 18209322760996052031; print(hex(s & 0xffffffff), hex(s >> 32))
 */
interface SeedVector {
  seed: PythonSeed;
  random: number[];
  shuffle: number[];
  expovariate: number[];
  bits64: bigint[];
}

const vectors: SeedVector[] = [
  {
    seed: 0,
    random: [0.8444218515250481, 0.7579544029403025, 0.420571580830845, 0.25891675029296335, 0.5112747213686085],
    shuffle: [10, 18, 16, 14, 0, 17, 11, 2, 3, 9, 5, 7, 4, 19, 6, 15, 8, 1, 13, 12],
    expovariate: [0.7442428444260893, 0.5674516611887047, 0.2182852582166371, 0.11985692488552566, 0.28638189990686025],
    bits64: [7106521602475165645n, 16422101724900707500n, 746805015404516437n],
  },
  {
    seed: 42,
    random: [0.6394267984578837, 0.025010755222666936, 0.27502931836911926, 0.22321073814882275, 0.7364712141640124],
    shuffle: [19, 5, 14, 4, 9, 13, 15, 18, 6, 12, 17, 10, 1, 11, 2, 16, 7, 8, 0, 3],
    expovariate: [
      0.4080241149099204, 0.010131535617095556, 0.12864962562998622, 0.10103447426804542, 0.5334370691232332,
    ],
    bits64: [2053695854357871005n, 13679192365072849617n, 4517457392071889495n],
  },
  {
    seed: 2 ** 32 + 5,
    random: [0.15727238718789782, 0.2824866316461999, 0.6044540318498407, 0.014523449205355199, 0.6277755437144577],
    shuffle: [16, 13, 8, 4, 1, 6, 18, 17, 3, 19, 7, 14, 12, 2, 10, 11, 0, 9, 15, 5],
    expovariate: [
      0.06844459586721276, 0.1327854798679782, 0.3709953082354608, 0.00585197875760683, 0.39530329182243895,
    ],
    bits64: [8955819811489906899n, 16416234625733561141n, 15409031377063870429n],
  },
  {
    seed: 18209322760996052031n,
    random: [0.8378511341137883, 0.19376787649345695, 0.588437874067419, 0.8943911356397691, 0.4074599759857064],
    shuffle: [10, 1, 15, 7, 9, 11, 13, 8, 14, 2, 0, 12, 17, 3, 18, 5, 16, 4, 6, 19],
    expovariate: [
      0.7276961761918125, 0.08615343340518053, 0.35511811837629154, 0.8992051873711038, 0.20933474287013826,
    ],
    bits64: [11491878220358052212n, 2625643165349758354n, 9711825170873965913n],
  },
];

describe("rng/python-random", () => {
  test.each(vectors)("random() matches CPython for seed $seed", ({ seed, random }) => {
    const rng = new PythonRandom(seed);
    expect(random.map(() => rng.random())).toEqual(random);
  });

  test.each(vectors)("shuffle(range(20)) matches CPython for seed $seed", ({ seed, shuffle }) => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    new PythonRandom(seed).shuffle(items);
    expect(items).toEqual(shuffle);
  });

  test.each(vectors)("shuffles a Uint32Array like an array for seed $seed", ({ seed, shuffle }) => {
    const items = Uint32Array.from({ length: 20 }, (_, i) => i);
    new PythonRandom(seed).shuffle(items);
    expect(Array.from(items)).toEqual(shuffle);
  });

  test.each(vectors)("expovariate(2.5) matches CPython for seed $seed", ({ seed, expovariate }) => {
    const rng = new PythonRandom(seed);
    expect(expovariate.map(() => rng.expovariate(2.5))).toEqual(expovariate);
  });

  test.each(vectors)("getrandbits(64) matches CPython for seed $seed", ({ seed, bits64 }) => {
    const rng = new PythonRandom(seed);
    expect(bits64.map(() => rng.getrandbits(64))).toEqual(bits64);
  });

  test("getrandbits handles widths below, at and above one and two words", () => {
    const rng = new PythonRandom(7);
    const widths = [1, 5, 31, 32, 33, 53, 100];
    expect(widths.map((k) => rng.getrandbits(k))).toEqual([
      0n,
      30n,
      323946139n,
      1695753998n,
      2795742288n,
      7397381398802227n,
      742026323667635606410750824491n,
    ]);
    expect(new PythonRandom(7).getrandbits(0)).toBe(0n);
  });

  test("randbytes matches CPython for whole and partial words", () => {
    const rng = new PythonRandom(7);
    expect(Buffer.from(rng.randbytes(7)).toString("hex")).toBe("38b4e6524da7f2");
    expect(Buffer.from(rng.randbytes(8)).toString("hex")).toBe("370d9e260e271365");
  });

  test("randint and randrange match CPython, including steps and wide ranges", () => {
    const rng = new PythonRandom(7);
    expect(Array.from({ length: 10 }, () => rng.randint(1, 6))).toEqual([3, 2, 4, 6, 1, 1, 5, 1, 3, 5]);
    expect(rng.randrange(10, 100, 7)).toBe(10);
    expect(rng.randrange(100, 10, -3)).toBe(13);
    expect(rng.randrange(2 ** 40)).toBe(470330855157);
  });

  test.each([
    { seed: 0, key: [0] },
    { seed: 42, key: [42] },
    { seed: -42, key: [42] },
    { seed: 2 ** 32 + 5, key: [5, 1] },
    { seed: 18209322760996052031n, key: [0xf19adc3f, 0xfcb48292] },
  ])("seedKey($seed) splits |seed| into 32-bit words, least significant first", ({ seed, key }) => {
    expect(Array.from(seedKey(seed))).toEqual([...key]);
  });

  test("a negative seed behaves as its absolute value", () => {
    expect(new PythonRandom(-42).random()).toBe(0.6394267984578837);
  });

  test("the same seed as number and bigint gives the same stream", () => {
    const fromNumber = new PythonRandom(2 ** 32 + 5);
    const fromBigint = new PythonRandom(4294967301n);
    expect([fromNumber.random(), fromNumber.random()]).toEqual([fromBigint.random(), fromBigint.random()]);
  });

  test.each([
    { name: "non-integer seed", run: () => new PythonRandom(1.5) },
    { name: "randbelow(0)", run: () => new PythonRandom(1).randbelow(0) },
    { name: "empty randrange", run: () => new PythonRandom(1).randrange(5, 5) },
    { name: "zero step", run: () => new PythonRandom(1).randrange(0, 10, 0) },
    { name: "negative bit count", run: () => new PythonRandom(1).getrandbits(-1) },
  ])("rejects $name", ({ run }) => {
    expect(run).toThrow(RangeError);
  });
});
