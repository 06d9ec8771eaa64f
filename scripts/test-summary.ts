/**
 * @module scripts/test-summary — what one `bun test` run printed at its end (passed, failed, skipped), and the
 * one closing line `npm test` prints over both halves.
 */

/** One half's tally, as `bun test` prints it at the end (` 12 pass`, ` 0 fail`, ` 3 skip`, ` 1 todo`). */
interface TestTally {
  passed: number;
  failed: number;
  skipped: number;
  /** False when the output held no tally at all: the run died before its summary. */
  found: boolean;
}

/** The last tally in `output` (bun prints it once, after every file). */
export function parseBunTally(output: string): TestTally {
  const last = (word: string): number | null => {
    const matches = [...output.matchAll(new RegExp(`^\\s*(\\d+) ${word}$`, "gm"))];
    const match = matches.at(-1);
    return match ? Number(match[1]) : null;
  };
  const passed = last("pass");
  const failed = last("fail");
  const skipped = (last("skip") ?? 0) + (last("todo") ?? 0);
  return { passed: passed ?? 0, failed: failed ?? 0, skipped, found: passed !== null || failed !== null };
}

/** The names of the tests that failed (`(fail) describe > name [12.3ms]`), each once, in the order they failed. */
export function failedTests(output: string): string[] {
  const names = [...output.matchAll(/^\(fail\) (.+?)(?: \[[\d.]+m?s\])?$/gm)].map((m) => m[1] as string);
  return [...new Set(names)];
}

export interface HalfResult {
  name: string;
  tally: TestTally;
  exitCode: number;
  seconds: number;
}

const count = (n: number) => n.toLocaleString("en-US");

/**
 * `N passed, N failed (, N skipped)` over every half, then each half's figures. A half that exited non-zero
 * with no failure in its tally (a crash, a hang cut by its timeout, an error outside any test) counts as one
 * failure, so the line never reads "0 failed" for a run that did not pass.
 */
export function closingLine(halves: readonly HalfResult[]): string {
  const failedOf = (h: HalfResult) => (h.exitCode !== 0 && h.tally.failed === 0 ? 1 : h.tally.failed);
  const passed = halves.reduce((sum, h) => sum + h.tally.passed, 0);
  const failed = halves.reduce((sum, h) => sum + failedOf(h), 0);
  const skipped = halves.reduce((sum, h) => sum + h.tally.skipped, 0);
  const parts = halves.map((h) => {
    const died = h.exitCode !== 0 && h.tally.failed === 0 ? `, exit ${h.exitCode} outside any test` : "";
    const tally = h.tally.found
      ? `${count(h.tally.passed)}/${count(failedOf(h))}/${count(h.tally.skipped)}`
      : "no tally";
    return `${h.name} ${tally} in ${Math.round(h.seconds)} s${died}`;
  });
  const skippedText = skipped > 0 ? `, ${count(skipped)} skipped` : "";
  return `${count(passed)} passed, ${count(failed)} failed${skippedText} (${parts.join("; ")}; passed/failed/skipped)`;
}
