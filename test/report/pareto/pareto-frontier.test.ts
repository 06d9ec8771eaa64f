/** @module test/report/pareto/pareto-frontier.test — the frontier, maximising both axes, on fixed points with known answers. */
import { describe, expect, test } from "bun:test";
import { dominates, paretoFrontier } from "../../../src/report/pareto/pareto-frontier.ts";

const xy = (pairs: readonly (readonly [number, number])[]) => pairs.map(([x, y]) => ({ x, y }));

describe("report/pareto/pareto-frontier", () => {
  test.each([
    ["no points", [], []],
    ["one point", [[1, 1]], [0]],
    [
      "a trade-off: every point is on it, by x",
      [
        [30, 10],
        [10, 30],
        [20, 20],
      ],
      [1, 2, 0],
    ],
    [
      "one point beats all on both axes",
      [
        [1, 1],
        [5, 5],
        [2, 4],
        [4, 2],
      ],
      [1],
    ],
    [
      "better on one axis and equal on the other dominates",
      [
        [10, 5],
        [10, 7],
        [8, 7],
      ],
      [1],
    ],
    [
      "equal points are both on it",
      [
        [3, 3],
        [3, 3],
        [1, 1],
      ],
      [0, 1],
    ],
    [
      "a concurrency sweep's shape: throughput up, per-user rate down",
      [
        [100, 40],
        [98, 80],
        [90, 150],
        [60, 170],
        [55, 160],
      ],
      [3, 2, 1, 0],
    ],
    [
      "a non-finite value is never on it",
      [
        [Number.NaN, 100],
        [1, 1],
      ],
      [1],
    ],
  ] as const)("%s", (_name, points, frontier) => {
    expect(paretoFrontier(xy(points))).toEqual([...frontier]);
  });

  test.each([
    [{ x: 2, y: 2 }, { x: 1, y: 1 }, true],
    [{ x: 2, y: 1 }, { x: 1, y: 1 }, true],
    [{ x: 1, y: 1 }, { x: 1, y: 1 }, false],
    [{ x: 2, y: 0 }, { x: 1, y: 1 }, false],
  ])("%p dominates %p: %p", (q, p, expected) => {
    expect(dominates(q, p)).toBe(expected);
  });
});
