/** @module test/record/garbage-pacer — a collection every so many rows, none in between. */
import { describe, expect, test } from "bun:test";
import { garbagePacer } from "../../src/record/garbage-pacer.ts";

describe("record/garbage-pacer", () => {
  test.each([
    [0, 3, 0],
    [2, 3, 0],
    [3, 3, 1],
    [10, 3, 3],
    [100_000, 100_000, 1],
  ])("collects after %p rows every %p rows: %p times", (rows, every, expected) => {
    let collections = 0;
    const pace = garbagePacer(every, () => collections++);
    for (let i = 0; i < rows; i++) pace();
    expect(collections).toBe(expected);
  });

  test("runs a real full collection by default", () => {
    const pace = garbagePacer(1);
    expect(() => pace()).not.toThrow();
  });
});
