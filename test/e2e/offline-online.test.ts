/** @module test/e2e/offline-online.test — `benchmark offline|online` end to end: real CLI subprocess, mock server on loopback. */
import { Database } from "bun:sqlite";
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { benchmarkArgs, maxOverlap, questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs();
let server: MockServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(() => dirs.cleanup());

describe("cli/benchmark offline", () => {
  test("completes every sample and writes the full report", async () => {
    server = await startMockServer({ mode: "echo", recordObservations: true });
    const dir = dirs.make();
    const dataset = questionDataset(dir, 200);
    const reportDir = join(dir, "report");

    const result = await runCli([
      "benchmark",
      "offline",
      ...benchmarkArgs(server.url, dataset, reportDir),
      "--duration",
      "0",
    ]);

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain("Summary");
    for (const file of ["config.yaml", "events.db", "report.txt", "performance/result_summary.json"]) {
      expect(existsSync(join(reportDir, file))).toBe(true);
    }
    const summary = readSummary(reportDir);
    expect(summary).toMatchObject({ n_samples_issued: 200, n_samples_completed: 200, n_samples_failed: 0 });
    expect(summary.ttft).toEqual({});
    expect(summary.qps).toBeGreaterThan(0);
    expect(summary.latency.median).toBeGreaterThan(0);
    expect(server.observations()).toHaveLength(200);

    const db = new Database(join(reportDir, "events.db"), { readonly: true });
    try {
      const phases = db
        .query<{ phase: string; n: number }, []>("SELECT phase, COUNT(*) AS n FROM requests GROUP BY phase")
        .all();
      expect(phases).toEqual([{ phase: "performance", n: 200 }]);
    } finally {
      db.close();
    }
  });
});

describe("cli/benchmark online", () => {
  test("fills the streaming metrics for a poisson run", async () => {
    server = await startMockServer({ mode: "model", ttftMs: 5, tpotMs: 1, outputTokens: 20 });
    const dir = dirs.make();
    const dataset = questionDataset(dir, 100);
    const reportDir = join(dir, "report");

    const result = await runCli([
      "benchmark",
      "online",
      ...benchmarkArgs(server.url, dataset, reportDir),
      "--load-pattern",
      "poisson",
      "--target-qps",
      "400",
      "--num-samples",
      "200",
      "--streaming",
      "on",
    ]);

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    const summary = readSummary(reportDir);
    expect(summary).toMatchObject({ n_samples_issued: 200, n_samples_completed: 200, n_samples_failed: 0 });
    expect(summary.run_config.load_pattern).toMatchObject({ type: "poisson", target_qps: 400 });
    for (const metric of [summary.ttft, summary.tpot, summary.itl, summary.schedule_lag]) {
      expect(metric.median).toBeNumber();
    }
    expect(summary.ttft.median).toBeGreaterThanOrEqual(5e6);
    // A stream read in one go (a busy host lets the chunks pile up) has TPOT 0 by its definition.
    expect(summary.tpot.median).toBeGreaterThanOrEqual(0);
    expect(summary.output_sequence_lengths.median).toBe(20);
    expect(summary.token_count_source).toBe("server_usage");
  });

  test("never has more requests in flight than --concurrency", async () => {
    server = await startMockServer({ mode: "model", ttftMs: 10, tpotMs: 0, outputTokens: 1, recordObservations: true });
    const dir = dirs.make();
    const dataset = questionDataset(dir, 50);
    const reportDir = join(dir, "report");

    const result = await runCli([
      "benchmark",
      "online",
      ...benchmarkArgs(server.url, dataset, reportDir),
      "--load-pattern",
      "concurrency",
      "--concurrency",
      "4",
      "--num-samples",
      "100",
      "--streaming",
      "off",
    ]);

    expect(result.stderr).toContain(reportDir);
    expect(result.exitCode).toBe(0);
    expect(readSummary(reportDir)).toMatchObject({
      n_samples_issued: 100,
      n_samples_completed: 100,
      n_samples_failed: 0,
    });
    const observations = server.observations();
    expect(observations).toHaveLength(100);
    // The server sees a request after the client sent it and finishes it before the client hears back,
    // so its overlap can only understate the client's; 10 ms per request keeps all 4 slots busy.
    expect(maxOverlap(observations.map((o) => ({ start: o.receivedNs, end: o.doneNs })))).toBe(4);
  });
});
