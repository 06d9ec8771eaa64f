/** @module test/e2e/bench-tree-sampler — the bench's "during the run" CPU window over /proc samples of a process tree. */
import { describe, expect, test } from "bun:test";
import { childPids, childWindow, type TreeSample } from "../../scripts/bench/lib/cpu.ts";

/** Samples 10 ms apart from [cpu ms, child count] pairs; main's own CPU a quarter of the tree's. */
function samples(points: readonly (readonly [number, number])[]): TreeSample[] {
  return points.map(([cpuMs, children], i) => ({
    atMs: i * 10,
    cpuUs: cpuMs * 1000,
    mainUs: cpuMs * 250,
    children: Array.from({ length: children }, (_, k) => 100 + k),
  }));
}

describe("bench/lib/cpu childWindow", () => {
  test.each([
    [
      "no child ever seen",
      [
        [1, 0],
        [2, 0],
      ],
      null,
    ],
    [
      "a child from the second sample to the fourth",
      [
        [10, 0],
        [20, 1],
        [50, 1],
        [80, 1],
        [85, 0],
        [120, 0],
      ],
      { cpuUs: 75_000, mainCpuUs: 18_750, wallMs: 40 },
    ],
    [
      "a sample that missed the live child does not end the window",
      [
        [10, 0],
        [20, 1],
        [30, 0],
        [50, 1],
        [80, 1],
        [85, 0],
        [120, 0],
      ],
      { cpuUs: 75_000, mainCpuUs: 18_750, wallMs: 50 },
    ],
    [
      "the end waits for the total to catch up with the child's CPU",
      [
        [10, 0],
        [20, 1],
        [80, 1],
        [30, 0],
        [82, 0],
        [120, 0],
      ],
      { cpuUs: 72_000, mainCpuUs: 18_000, wallMs: 40 },
    ],
    [
      "a run that ended before the total caught up",
      [
        [10, 0],
        [20, 1],
        [80, 1],
        [30, 0],
      ],
      null,
    ],
  ] as const)("%s", (_name, points, expected) => {
    expect(childWindow(samples(points))).toEqual(expected);
  });

  test("lists a real child process of this one", async () => {
    const child = Bun.spawn(["sleep", "5"]);
    try {
      const deadline = Date.now() + 2000;
      while (!childPids(process.pid).includes(child.pid) && Date.now() < deadline) await Bun.sleep(10);
      expect(childPids(process.pid)).toContain(child.pid);
    } finally {
      child.kill();
      await child.exited;
    }
  });
});
