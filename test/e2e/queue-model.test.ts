/** The queue model the sweep acceptance test measures against: its waits by hand, and its knee's direction. */
import { describe, expect, test } from "bun:test";
import { modelKnee, modelPasses, queueWaitsNs } from "./queue-model.ts";

describe("test/e2e/queue-model", () => {
  test.each([
    ["one place, spaced out: nobody waits", [0, 20, 40], 1, 10, [0, 0, 0]],
    ["one place, all at once: each waits for those before", [0, 0, 0], 1, 10, [0, 10, 20]],
    ["two places, all at once", [0, 0, 0, 0], 2, 10, [0, 0, 10, 10]],
    ["two places, the third arrives while both are busy", [0, 2, 5, 30], 2, 10, [0, 0, 5, 0]],
  ] as const)("%s", (_name, arrivals, places, service, waits) => {
    expect([...queueWaitsNs(Float64Array.from(arrivals), places, service)]).toEqual([...waits]);
  });

  test("the knee passes, just above it fails; a looser SLO or more places move it up", () => {
    const m = { count: 60, seed: 42, places: 4, serviceMs: 150, ttftMs: 20, sloTtftMs: 200, percentile: 99 };
    const knee = modelKnee(m);
    expect(modelPasses(m, knee)).toBe(true);
    expect(modelPasses(m, knee * 1.01)).toBe(false);
    expect(modelKnee({ ...m, sloTtftMs: 400 })).toBeGreaterThan(knee);
    expect(modelKnee({ ...m, places: 8 })).toBeGreaterThan(knee);
  });
});
