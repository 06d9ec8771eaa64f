import { describe, expect, test } from "bun:test";
import { allowedCpus, pinProcess, planAffinity } from "../../src/tuning/cpu-affinity.ts";

describe("tuning/cpu-affinity", () => {
  test.each([
    [[0, 1], 3, { main: [0], workers: [[1], [1], [1]], helpers: [0] }],
    [[0, 1, 2, 3], 2, { main: [0], workers: [[1], [2]], helpers: [0] }],
    [[2, 5, 7], 4, { main: [2], workers: [[5], [7], [5], [7]], helpers: [2] }],
    [[0], 2, null],
    [[0, 1], 0, null],
  ])("plans %j with %d workers as %j", (allowed, workers, expected) => {
    expect(planAffinity(allowed, workers)).toEqual(expected);
  });

  test.skipIf(process.platform !== "linux")("pins a real child process to one CPU and reads it back", async () => {
    const allowed = allowedCpus();
    expect(allowed?.length).toBeGreaterThan(0);
    const target = (allowed as number[]).at(-1) as number;
    const child = Bun.spawn(["sleep", "5"]);
    try {
      expect(pinProcess([target], child.pid)).toBe(true);
      const status = await Bun.file(`/proc/${child.pid}/status`).text();
      expect(status).toMatch(new RegExp(`Cpus_allowed_list:\\s+${target}\\n`));
    } finally {
      child.kill();
    }
  });
});
