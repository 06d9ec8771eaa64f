/** @module test/scripts/test-summary.test — `npm test`'s closing line from what each `bun test` half printed. */
import { describe, expect, test } from "bun:test";
import { closingLine, failedTests, type HalfResult, parseBunTally } from "../../scripts/test-summary.ts";

const BUN_END = (pass: number, fail: number, skip?: number) =>
  [
    "(pass) a > b [1.00ms]",
    "",
    ` ${pass} pass`,
    ...(skip === undefined ? [] : [` ${skip} skip`]),
    ` ${fail} fail`,
    " 12 expect() calls",
    `Ran ${pass + fail + (skip ?? 0)} tests across 3 files. [1.23s]`,
  ].join("\n");

describe("scripts/test-summary", () => {
  test.each([
    ["all passed", BUN_END(7016, 0, 5), { passed: 7016, failed: 0, skipped: 5, found: true }],
    ["no skip line", BUN_END(12, 2), { passed: 12, failed: 2, skipped: 0, found: true }],
    [
      "a test's own output that looks like a tally comes first; the last wins",
      `3 pass\n${BUN_END(4, 1)}`,
      { passed: 4, failed: 1, skipped: 0, found: true },
    ],
    ["todo counts as skipped", `${BUN_END(1, 0, 2)}\n 3 todo`, { passed: 1, failed: 0, skipped: 5, found: true }],
    ["a run that died before its summary", "error: out of memory", { passed: 0, failed: 0, skipped: 0, found: false }],
  ])("%s", (_name, output, tally) => {
    expect(parseBunTally(output)).toEqual(tally);
  });

  test("failed tests are named once each, without their time", () => {
    const output =
      "(fail) cli/interrupt > stops on SIGINT [30038.49ms]\n(pass) x\n(fail) a > b\n(fail) cli/interrupt > stops on SIGINT [1.00s]";
    expect(failedTests(output)).toEqual(["cli/interrupt > stops on SIGINT", "a > b"]);
  });

  const half = (
    name: string,
    passed: number,
    failed: number,
    skipped: number,
    exitCode: number,
    found = true,
  ): HalfResult => ({
    name,
    tally: { passed, failed, skipped, found },
    exitCode,
    seconds: 12.4,
  });
  test.each([
    [
      "both green",
      [half("unit", 7016, 0, 5, 0), half("e2e", 429, 0, 4, 0)],
      "7,445 passed, 0 failed, 9 skipped (unit 7,016/0/5 in 12 s; e2e 429/0/4 in 12 s; passed/failed/skipped)",
    ],
    [
      "one failure, nothing skipped",
      [half("unit", 10, 1, 0, 1)],
      "10 passed, 1 failed (unit 10/1/0 in 12 s; passed/failed/skipped)",
    ],
    [
      "a half that exited non-zero with no failed test counts as one failure",
      [half("unit", 10, 0, 0, 0), half("e2e", 3, 0, 0, 1)],
      "13 passed, 1 failed (unit 10/0/0 in 12 s; e2e 3/1/0 in 12 s, exit 1 outside any test; passed/failed/skipped)",
    ],
    [
      "a half that printed no tally",
      [half("e2e", 0, 0, 0, 134, false)],
      "0 passed, 1 failed (e2e no tally in 12 s, exit 134 outside any test; passed/failed/skipped)",
    ],
  ])("%s", (_name, halves, line) => {
    expect(closingLine(halves)).toBe(line);
  });
});
