/**
 * @module scripts/make-test-counts — writes docs/dev/testing.md's count of test files and tests, unit and end-to-end, from test/.
 *
 * The counts are the files on disk and the tests written in them (a `test(…)` or `test.each(…)`
 * call each; `test.each` runs one test per case, so `bun test` reports more). Typed by hand they
 * went stale (112 unit and 28 e2e files behind); test/scripts/make-test-counts fails while the
 * committed line differs from what this writes.
 */
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const ROOT = join(import.meta.dir, "..");
export const TESTING_DOC = join(ROOT, "docs", "dev", "testing.md");
const BEGIN = "<!-- counts: written by scripts/make-test-counts.ts -->";
const END = "<!-- end of counts -->";
/** A test declared: `test(`, `test.each(`, `test.skipIf(…)(`, `it(`, not a RegExp's `.test(`. */
const DECLARED = /(?<![.\w])(?:test|it)(?:\.\w+)?(?:<[^>(]*>)?\(/g;

interface Tally {
  files: number;
  tests: number;
}

function tally(files: readonly string[]): Tally {
  let tests = 0;
  for (const file of files) tests += readFileSync(join(ROOT, "test", file), "utf8").match(DECLARED)?.length ?? 0;
  return { files: files.length, tests };
}

/** Unit (test/ but test/e2e/) and end-to-end (test/e2e/) test files and the tests written in them. */
export function testCounts(): { unit: Tally; e2e: Tally } {
  const all = (readdirSync(join(ROOT, "test"), { recursive: true }) as string[]).filter((f) => f.endsWith(".test.ts"));
  const e2e = all.filter((f) => f.startsWith(`e2e/`) || f.startsWith("e2e\\"));
  return { unit: tally(all.filter((f) => !e2e.includes(f))), e2e: tally(e2e) };
}

const n = (v: number) => v.toLocaleString("en-US");

/** The generated lines, markers included. */
function countsBlock(): string {
  const { unit, e2e } = testCounts();
  return [
    BEGIN,
    `\`npm run test:unit\` runs ${n(unit.files)} files (${n(unit.tests)} tests written), \`npm run test:e2e\``,
    `${n(e2e.files)} files (${n(e2e.tests)} tests written); a \`test.each\` counts once here and once per case when it runs.`,
    END,
  ].join("\n");
}

/** `doc` with its counts block replaced by the current one. */
export function withCounts(doc: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/dev/testing.md has no ${BEGIN} … ${END} block`);
  return doc.slice(0, start) + countsBlock() + doc.slice(end + END.length);
}

if (import.meta.main) {
  writeFileSync(TESTING_DOC, withCounts(readFileSync(TESTING_DOC, "utf8")));
  console.error(`wrote ${TESTING_DOC}`);
}
