/** @module test/readme.test — what README promises its readers: the set-up commands and every error kind. */
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ERROR_KINDS } from "../src/record/error-kinds.ts";

const readme = readFileSync(join(import.meta.dir, "..", "README.md"), "utf8");

describe("README", () => {
  test.each(Object.entries(ERROR_KINDS))("lists the error kind %s with its meaning", (kind, meaning) => {
    expect(readme).toContain(`| \`${kind}\` | ${meaning} |`);
  });

  test("keeps the two set-up commands", () => {
    expect(readme).toContain("npm install && npm run demo");
    expect(readme).toContain("npm test");
  });
});
