/** @module test/e2e/warmup-drain.test — warmup.drain: the performance phase starts after warmup issued everything (default) or after it finished (--warmup-drain). */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { join } from "node:path";
import {
  collectOutput,
  countRequestRows,
  questionDataset,
  readSummary,
  runCli,
  spawnCli,
  tempDirs,
  waitFor,
} from "./run-cli.ts";
import { performanceEnded, readRun, warmupAwareServer } from "./warmup-server.ts";

const dirs = tempDirs("ie-warmup-drain-");
let server: ReturnType<typeof warmupAwareServer> | undefined;
afterEach(() => {
  server?.stop();
  server = undefined;
});
afterAll(() => dirs.cleanup());

const WARMUP_REQUESTS = 6;
const PERF_REQUESTS = 30;

function startServer(delayMs: Parameters<typeof warmupAwareServer>[0]): string {
  server = warmupAwareServer(delayMs);
  return server.url;
}

/**
 * Runs the CLI while the server holds the warmup requests it was told to hold ("release"), and releases them
 * once the run has stored its performance phase's end: whatever the host's pace, the warmup answers come after it.
 */
async function runReleasingAfterPerformance(args: string[], reportDir: string) {
  const proc = spawnCli(args);
  const stderr = collectOutput(proc.stderr);
  const stdout = collectOutput(proc.stdout);
  try {
    await waitFor(
      () => performanceEnded(reportDir) || proc.exitCode !== null,
      30_000,
      10,
      () => `the performance phase's end was not stored; the run printed: ${stderr.text}`,
    );
    server?.release();
    const [exitCode] = await Promise.all([proc.exited, stderr.done, stdout.done]);
    return { exitCode, stderr: stderr.text };
  } finally {
    proc.kill("SIGKILL");
  }
}

/** Benchmark args for a salted warmup then the performance phase against `url`, one worker, non-streaming. */
function warmupRunArgs(url: string, reportDir: string, mode: readonly string[], ...extra: string[]): string[] {
  const dir = dirs.make();
  return [
    "benchmark",
    ...mode,
    "--endpoints",
    url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 10),
    "--num-samples",
    String(PERF_REQUESTS),
    "--duration",
    "0",
    "--workers",
    "1",
    "--streaming",
    "off",
    "--warmup",
    "--warmup-requests",
    String(WARMUP_REQUESTS),
    "--warmup-salt",
    "--report-dir",
    reportDir,
    ...extra,
  ];
}

const OFFLINE = ["offline"];
const concurrencyMode = (n: number) => ["online", "--load-pattern", "concurrency", "--concurrency", String(n)];
const maxDoneNs = (rows: readonly { done_ns: number }[]) => Math.max(...rows.map((r) => r.done_ns));

describe("cli/warmup-drain", () => {
  test("by default the performance phase starts while warmup requests are still in flight, and only perf rows are measured", async () => {
    // Warmup requests are answered only once the performance phase's end is stored.
    const url = startServer({ warmup: "release", performance: 0 });
    const reportDir = join(dirs.make(), "r");
    const result = await runReleasingAfterPerformance(warmupRunArgs(url, reportDir, OFFLINE), reportDir);
    expect(result.exitCode).toBe(0);

    const run = readRun(reportDir);
    expect(run.performance.start_ns).toBeLessThan(maxDoneNs(run.warmupRows));
    // The performance phase ended first; warmup ended with its last (late) response.
    expect(run.performance.end_ns).toBeLessThan(run.warmup.end_ns);
    expect(run.warmup.end_ns).toBeGreaterThanOrEqual(maxDoneNs(run.warmupRows));
    expect(run.warmupRows.map((r) => r.plan_index)).toEqual([...Array(WARMUP_REQUESTS).keys()]);
    expect(run.warmupRows.every((r) => r.error_kind === null)).toBe(true);
    expect(run.warmup).toMatchObject({ planned: WARMUP_REQUESTS, sent: WARMUP_REQUESTS, state: "complete" });
    expect(server?.arrivals.some((a) => a.kind === "performance" && a.warmupInFlight > 0)).toBe(true);

    const summary = readSummary(reportDir);
    expect(summary).toMatchObject({
      n_samples_issued: PERF_REQUESTS,
      n_samples_completed: PERF_REQUESTS,
      n_samples_failed: 0,
    });
    expect(run.performanceRows).toHaveLength(PERF_REQUESTS);
  }, 30_000);

  test("with --warmup-drain the performance phase starts after every warmup response", async () => {
    // Any hold shows the order: the performance phase waits for it, whatever it is.
    const url = startServer({ warmup: 100, performance: 0 });
    const reportDir = join(dirs.make(), "r");
    const result = await runCli(warmupRunArgs(url, reportDir, OFFLINE, "--warmup-drain"));
    expect(result.exitCode).toBe(0);

    const run = readRun(reportDir);
    expect(run.warmupRows).toHaveLength(WARMUP_REQUESTS);
    expect(run.performance.start_ns).toBeGreaterThan(maxDoneNs(run.warmupRows));
    expect(run.performance.start_ns).toBeGreaterThanOrEqual(run.warmup.end_ns);
    expect(server?.arrivals.some((a) => a.kind === "performance" && a.warmupInFlight > 0)).toBe(false);
    expect(readSummary(reportDir).n_samples_issued).toBe(PERF_REQUESTS);
  }, 30_000);

  test("under a concurrency pattern, leftover warmup requests take none of the performance phase's slots", async () => {
    const concurrency = 4;
    // Warmup: 8 requests through 4 slots; the first 4 answered at once, the last 4 held until the performance
    // phase's end is stored, so they hold their slots while perf runs.
    const url = startServer({ warmup: (n) => (n < concurrency ? 0 : "release"), performance: 50 });
    const reportDir = join(dirs.make(), "r");
    const args = warmupRunArgs(url, reportDir, concurrencyMode(concurrency), "--warmup-requests", "8");
    const result = await runReleasingAfterPerformance(args, reportDir);
    expect(result.exitCode).toBe(0);

    const arrivals = server?.arrivals ?? [];
    const perf = arrivals.filter((a) => a.kind === "performance");
    expect(perf).toHaveLength(PERF_REQUESTS);
    expect(Math.max(...arrivals.map((a) => a.warmupInFlight))).toBeLessThanOrEqual(concurrency);
    expect(Math.max(...perf.map((a) => a.performanceInFlight))).toBeLessThanOrEqual(concurrency);
    // Perf filled its own slots while the warmup's leftovers held theirs (not queued behind them).
    expect(perf.some((a) => a.warmupInFlight === concurrency && a.performanceInFlight === concurrency)).toBe(true);

    const run = readRun(reportDir);
    expect(run.warmupRows).toHaveLength(8);
    expect(run.performance.start_ns).toBeLessThan(maxDoneNs(run.warmupRows));
    expect(readSummary(reportDir)).toMatchObject({ n_samples_issued: PERF_REQUESTS, n_samples_failed: 0 });
  }, 30_000);

  test.each([
    ["left running behind the performance phase", [] as string[], true],
    ["drained before the performance phase", ["--warmup-drain"], false],
  ])(
    "warmup requests %s are cancelled at the warmup drain timeout and keep one row each",
    async (_name, extra, overlap) => {
      const url = startServer({ warmup: null, performance: 0 });
      const reportDir = join(dirs.make(), "r");
      const result = await runCli(warmupRunArgs(url, reportDir, OFFLINE, "--warmup-drain-timeout", "0.3", ...extra));
      expect(result.exitCode).toBe(0);

      const run = readRun(reportDir);
      expect(run.warmupRows.map((r) => r.plan_index)).toEqual([...Array(WARMUP_REQUESTS).keys()]);
      expect(run.warmupRows.every((r) => r.error_kind === "cancelled")).toBe(true);
      // The timeout runs from the moment warmup finished issuing.
      const lastSentNs = Math.max(...run.warmupRows.map((r) => r.sent_ns ?? Number.NaN));
      expect(Math.min(...run.warmupRows.map((r) => r.done_ns))).toBeGreaterThanOrEqual(lastSentNs + 0.3e9);
      expect(run.performance.start_ns < maxDoneNs(run.warmupRows)).toBe(overlap);
      expect(run.performanceRows).toHaveLength(PERF_REQUESTS);
      expect(readSummary(reportDir)).toMatchObject({ n_samples_issued: PERF_REQUESTS, n_samples_failed: 0 });
    },
    30_000,
  );

  test("Ctrl-C while warmup requests are left in flight stops both phases and records every sent request", async () => {
    const url = startServer({ warmup: null, performance: 100 });
    const reportDir = join(dirs.make(), "r");
    // As many warmup requests as slots, so warmup issues them all (and they hang) at once.
    const warmupRequests = 2;
    const proc = spawnCli(
      warmupRunArgs(
        url,
        reportDir,
        concurrencyMode(2),
        "--num-samples",
        "1000",
        "--warmup-requests",
        String(warmupRequests),
      ),
    );
    const stderr = collectOutput(proc.stderr);
    collectOutput(proc.stdout);
    try {
      // Readiness: performance rows are being recorded while every warmup request still hangs.
      await waitFor(() => countRequestRows(reportDir, "performance") >= 3 || proc.exitCode !== null, 30_000);
      expect(proc.exitCode).toBeNull();
      proc.kill("SIGINT");
      // Left-behind warmup requests are cancelled at once, not after the 240 s warmup drain timeout.
      expect(await proc.exited).toBe(0);
      expect(await stderr.done).toContain("SIGINT");

      const run = readRun(reportDir);
      expect(run.warmup.sent).toBe(warmupRequests);
      expect(run.warmupRows).toHaveLength(warmupRequests);
      expect(run.warmupRows.every((r) => r.error_kind === "cancelled")).toBe(true);
      expect(run.performanceRows).toHaveLength(run.performance.sent);
      const summary = readSummary(reportDir);
      expect(summary.state).toBe("interrupted");
      expect(summary.n_samples_issued).toBe(run.performance.sent);
      expect(summary.n_samples_issued).toBeLessThan(1000);
    } finally {
      proc.kill("SIGKILL");
    }
  }, 60_000);
});
