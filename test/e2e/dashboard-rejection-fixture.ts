/**
 * @module test/e2e/dashboard-rejection-fixture — a process that opens the dashboard, holds a log line, then leaves a promise rejected and unhandled.
 *
 * Run by test/e2e/dashboard-rejection.test with stderr piped: the dashboard writes its screen
 * there as it would to a terminal. `-v` asks for the stack, as the CLI's flag does.
 */
import { writeSync } from "node:fs";
import { Dashboard } from "../../src/dashboard/dashboard.ts";
import { LiveState } from "../../src/live-metrics/live-state.ts";

const dashboard = new Dashboard({
  live: new LiveState(["performance"], 1),
  write: (text) => writeSync(2, text),
  color: false,
  size: () => ({ columns: 80, rows: 24 }),
  input: null,
  onStopKey: () => {},
  slo: null,
  verbose: process.argv.includes("-v"),
});
dashboard.open();
dashboard.log("warning: held while the dashboard was up");
// After the first frame: nothing handles this rejection.
setTimeout(() => void Promise.reject(new Error("boom in a background task")), 20);
