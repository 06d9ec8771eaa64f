/** @module test/readme.test — what README promises its readers: the set-up commands, every error kind named, a short page. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_KINDS } from "../src/record/error-kinds.ts";

const readme = readFileSync(join(import.meta.dir, "..", "README.md"), "utf8");

describe("README", () => {
  test.each(Object.keys(ERROR_KINDS))("names the error kind %s (docs/metrics.md has the table)", (kind) => {
    expect(readme).toContain(`\`${kind}\``);
  });

  test("keeps the two set-up commands", () => {
    expect(readme).toContain("npm install && npm run demo");
    expect(readme).toContain("npm test");
  });

  test("stays a user's page: at most ~270 lines, no internal targets", () => {
    expect(readme.split("\n").length).toBeLessThanOrEqual(280);
    expect(readme).not.toMatch(/not met|≥ 0\.5× wrk/);
  });
});
