/** @module test/scripts/make-test-counts.test — docs/dev/testing.md's test counts are what scripts/make-test-counts.ts counts in test/. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { TESTING_DOC, testCounts, withCounts } from "../../scripts/make-test-counts.ts";

describe("scripts/make-test-counts", () => {
  test("docs/dev/testing.md holds the current counts (run bun scripts/make-test-counts.ts)", () => {
    const doc = readFileSync(TESTING_DOC, "utf8");
    expect(doc).toBe(withCounts(doc));
  });

  test("counts this file among the unit tests, and test/e2e's files apart", () => {
    const { unit, e2e } = testCounts();
    expect(unit.files).toBeGreaterThan(200);
    expect(e2e.files).toBeGreaterThan(50);
    expect(unit.tests).toBeGreaterThan(unit.files);
  });
});
