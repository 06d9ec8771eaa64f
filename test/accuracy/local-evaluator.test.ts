/** @module test/accuracy/local-evaluator — job fan-out: identical programs run once, missing code never runs. */
import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { evaluateLocally, type LocalJob } from "../../src/accuracy/code-bench/local-evaluator.ts";
import { questionTests } from "../../src/accuracy/code-bench/test-cases.ts";
import { ADD_ROW, PROGRAMS } from "./lcb-fixture.ts";

const dir = mkdtempSync(join(tmpdir(), "local-evaluator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A test that starts Python processes: seconds on a busy shared host, so it gets more than bun's 5 s. */
const PROCESSES_TIMEOUT_MS = 60_000;

const LIMITS = {
  timeoutPerTestS: 2,
  memoryLimitBytes: 512 * 1024 ** 2,
  fileSizeLimitBytes: 1024 ** 2,
  python: "python3",
  networkIsolation: "auto" as const,
  tempRoot: null,
};

describe("accuracy/code-bench/local-evaluator", () => {
  test(
    "runs identical programs once and keeps the job order",
    async () => {
      const log = join(dir, "runs.log");
      // The program body runs once per test (3 here), all in one process: log the process id.
      const counted = `import os\nopen(${JSON.stringify(log)}, 'a').write('%d\\n' % os.getpid())\n${PROGRAMS.addRight}`;
      const question = questionTests(ADD_ROW, 0);
      const jobs: LocalJob[] = [
        { questionId: "add", code: counted, question },
        { questionId: "add", code: null, question },
        { questionId: "add", code: PROGRAMS.addWrong, question },
        { questionId: "add", code: counted, question },
      ];
      const outcomes = await evaluateLocally(jobs, LIMITS, 2);
      expect(outcomes.map((o) => o.reason)).toEqual([null, "no_code", "wrong_answer", null]);
      const pids = readFileSync(log, "utf8").trim().split("\n");
      expect(pids).toHaveLength(3);
      expect(new Set(pids).size).toBe(1);
    },
    PROCESSES_TIMEOUT_MS,
  );

  test("no jobs, no processes", async () => {
    expect(await evaluateLocally([], LIMITS, 4)).toEqual([]);
  });
});
