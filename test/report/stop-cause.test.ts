/** @module test/report/stop-cause — what report.txt's warning says ended a run, from its metadata. */
import { describe, expect, test } from "bun:test";
import { stateWarning, stopCause } from "../../src/report/stop-cause.ts";

describe("report/stop-cause", () => {
  test.each([
    ["SIGTERM", { state: "interrupted", stop_reason: "interrupted", stop_signal: "SIGTERM" }, "SIGTERM"],
    ["Ctrl-C on a terminal", { state: "interrupted", stop_reason: "interrupted", stop_signal: "SIGINT" }, "SIGINT"],
    [
      "Ctrl-C in the dashboard",
      { state: "interrupted", stop_reason: "interrupted", stop_signal: "Ctrl-C" },
      "SIGINT: Ctrl-C in the dashboard",
    ],
    ["the dashboard's q", { state: "interrupted", stop_reason: "interrupted", stop_signal: "q" }, "q in the dashboard"],
    ["a signal whose name was not kept", { state: "interrupted", stop_reason: "interrupted" }, "a stop signal"],
    // The session keeps its first reason: a signal after the watchdog fired does not name the stop.
    ["the watchdog", { state: "interrupted", stop_reason: "timeout", stop_signal: "SIGINT" }, "--run-timeout"],
    ["an error", { state: "interrupted", stop_reason: "error" }, "an error in the main process, see its log"],
    [
      "a merge of incomplete shards",
      { state: "interrupted", stop_reason: "shards" },
      "a shard is missing or did not complete",
    ],
    ["killed mid-run", { state: "running" }, "the process ended before the run did"],
    [
      "a second signal quit at once",
      { state: "running", stop_signal: "SIGTERM" },
      "SIGTERM, then the process ended before the run did",
    ],
    ["no state at all", {}, "the process ended before the run did"],
    ["an older run without the reason", { state: "interrupted" }, "cause not recorded"],
  ])("%s", (_title, meta, cause) => {
    expect(stopCause(meta)).toBe(cause);
  });

  test.each([
    ["interrupted", "SIGTERM", "WARNING: run was interrupted (SIGTERM) — metrics below are best-effort partial data."],
    [
      "interrupted",
      null,
      "WARNING: run was interrupted (cause not recorded) — metrics below are best-effort partial data.",
    ],
    [
      "failed",
      null,
      "WARNING: report is incomplete (every worker process died) — metrics below are best-effort partial data.",
    ],
    ["complete", null, null],
  ])("stateWarning(%p, %p)", (state, cause, warning) => {
    expect(stateWarning(state, cause)).toBe(warning);
  });
});
