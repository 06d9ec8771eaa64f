/**
 * @module test/plan/model-assignment.test — a mix's split of a phase's requests: exact shares by weight,
 * the same order for the same seed, and each model's requests spread over the phase.
 */
import { describe, expect, test } from "bun:test";
import { assignModels, modelCounts } from "../../src/plan/model-assignment.ts";

describe("plan/model-assignment", () => {
  test.each([
    [[3, 1], 1000, [750, 250]],
    [[3, 1], 10, [8, 2]],
    [[1, 1, 1], 10, [4, 3, 3]],
    [[0.2, 0.3, 0.5], 7, [1, 2, 4]],
    [[1], 5, [5]],
    [[1, 2], 0, [0, 0]],
    [[1, 1e9], 3, [0, 3]],
  ])("weights %p over %p requests → %p", (weights, count, counts) => {
    expect(modelCounts(weights, count)).toEqual(counts);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(count);
  });

  test("each model gets its count; the order is the seed's", () => {
    const models = assignModels([3, 1], 2000, 42);
    const ones = models.reduce((n, m) => n + m, 0);
    expect([2000 - ones, ones]).toEqual([1500, 500]);
    expect(assignModels([3, 1], 2000, 42)).toEqual(models);
    expect(assignModels([3, 1], 2000, 43)).not.toEqual(models);
  });

  test("each model's requests are spread over the phase, not bunched", () => {
    const models = assignModels([3, 1], 4000, 7);
    for (let quarter = 0; quarter < 4; quarter++) {
      const part = models.subarray(quarter * 1000, (quarter + 1) * 1000);
      const ones = part.reduce((n, m) => n + m, 0);
      // A binomial quarter: 250 ± 5σ (σ ≈ 13.7).
      expect(Math.abs(ones - 250)).toBeLessThan(70);
    }
  });
});
