/** @module test/run/finish-run.test — when a finished run counts as failed (its report is written either way). */
import { describe, expect, test } from "bun:test";
import { ExitCode } from "../../src/errors.ts";
import { runFailure } from "../../src/run/finish-run.ts";
import type { SessionState } from "../../src/run/session.ts";

const summary = (issued: number, failed: number, dropped: number | null = 0) => ({
  n_samples_issued: issued,
  n_samples_failed: failed,
  n_samples_dropped: dropped,
});

describe("run/finish-run runFailure", () => {
  test.each([
    ["a clean run", "complete", summary(10, 0), true, null],
    ["some requests failed", "complete", summary(10, 9), true, null],
    ["every request failed", "complete", summary(10, 10), true, "every request failed (10 of 10)"],
    ["every request failed, interrupted", "interrupted", summary(3, 3), true, "every request failed (3 of 3)"],
    ["every worker died", "failed", summary(10, 2), true, "every worker process died"],
    [
      "nothing sent in a complete performance run",
      "complete",
      summary(0, 0, 7),
      true,
      "no request was sent (7 planned)",
    ],
    ["nothing sent before an interrupt", "interrupted", summary(0, 0, 7), true, null],
    ["an accuracy-only run sends no performance request", "complete", summary(0, 0), false, null],
  ] as const)("%s", (_name, state, s, measured, message) => {
    const failure = runFailure(state as SessionState, s, measured, "/tmp/r");
    if (message === null) expect(failure).toBeNull();
    else {
      expect(failure?.message).toContain(message);
      expect(failure?.exitCode).toBe(ExitCode.executionFailure);
      expect(failure?.hint ?? "").not.toBe("");
    }
  });
});
