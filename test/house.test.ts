/**
 * @module test/house.test — house rules a reviewer would otherwise have to remember.
 *
 * Comments cite upstream behaviour, RFCs or our own docs, never a file outside this repository;
 * measurements live in docs/dev/performance-log.md and commit messages, not in code; no source file
 * grows past 300 lines or 160 columns; every module says what it owns; no test is retried (a retried test hides
 * the flake it exists to show: CONTRIBUTING, Testing).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "..");
const TESTS = (readdirSync(join(ROOT, "test"), { recursive: true }) as string[])
  .filter((f) => f.endsWith(".test.ts"))
  .map((f) => join(ROOT, "test", f));
const SOURCES = ["src", "workers", "scripts"].flatMap((dir) =>
  (readdirSync(join(ROOT, dir), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(ROOT, dir, f)),
);

/** The comment text of a TypeScript file (line and block comments), good enough for these checks. */
function comments(text: string): string[] {
  return [...text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g)].map((m) => m[0]);
}

const OUTSIDE = /spec §|reference\/|bun-limits|endpoints-spec|shared\/(seed|reference)|\.\.\/shared/;
/** A date, or a clock time of a run: what a measurement in a comment looks like. */
const DATED = /\b20\d\d-\d\d-\d\d\b|\bat \d\d:\d\d\b/;

describe("house rules", () => {
  test.each(SOURCES.map((f) => [relative(ROOT, f), f]))(
    "%s: comments cite nothing outside the repository and carry no dated measurement",
    (_name, file) => {
      for (const comment of comments(readFileSync(file, "utf8"))) {
        expect({ comment, outside: OUTSIDE.test(comment) }).toEqual({ comment, outside: false });
        expect({ comment, dated: DATED.test(comment) }).toEqual({ comment, dated: false });
      }
    },
  );

  test.each(SOURCES.filter((f) => !f.includes("/scripts/")).map((f) => [relative(ROOT, f), f]))(
    "%s: opens with its @module line, stays under 300 lines and 160 columns",
    (_name, file) => {
      const text = readFileSync(file, "utf8");
      expect(text.slice(0, 400)).toMatch(/@module /);
      expect(text.split("\n").length).toBeLessThanOrEqual(300);
      // The formatter holds code to 120 columns; a string or comment it cannot break stays under 160.
      expect(text.split("\n").filter((line) => line.length > 160)).toEqual([]);
    },
  );

  test("no test is retried: a timing bound is held to a floor the test measures instead (CONTRIBUTING, Testing)", () => {
    const retried = TESTS.filter((file) => /[{,]\s*retry:\s*\d/.test(readFileSync(file, "utf8"))).map((file) =>
      relative(ROOT, file),
    );
    expect(retried).toEqual([]);
    expect(TESTS.length).toBeGreaterThan(100);
  });

  test("no test bounds wall-clock time by the host: only by a floor it measured or a fraction of a long wait it set up", () => {
    // A clock read (or a duration named for one) held under a bound; the bound must be a floor the test measured
    // ("floor:") or a fraction of a wait it arranged ("long wait:", a 60 s stall), said on the line or the two before.
    const wallBound =
      /(performance\.now\(\)|Date\.now\(\)|Bun\.nanoseconds\(\)|\b(elapsed|took)\w*|\w*[sS]econds\b)[^;]*\)\.toBeLessThan(OrEqual)?\(/;
    const unmarked = TESTS.filter((file) => !file.endsWith("house.test.ts")).flatMap((file) => {
      const lines = readFileSync(file, "utf8").split("\n");
      return lines.flatMap((line, i) =>
        /expect\(/.test(line) &&
        wallBound.test(line) &&
        !lines
          .slice(Math.max(0, i - 2), i + 1)
          .join("\n")
          .match(/long wait:|floor:/)
          ? [`${relative(ROOT, file)}:${i + 1}: ${line.trim()}`]
          : [],
      );
    });
    expect(unmarked).toEqual([]);
  });
});
