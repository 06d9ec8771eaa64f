/**
 * Runs started together in one directory without --report-dir each get a default directory of
 * their own (the name has one-second resolution, so a suffix tells them apart); a run pointed at a
 * directory that holds one is refused with what to do.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { startMockServer, type MockServer } from "../../src/server/index.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-report-dir-");
let server: MockServer;
beforeAll(async () => {
  server = await startMockServer({ mode: "echo" });
});
afterAll(async () => {
  await server.stop();
  dirs.cleanup();
});

describe("cli/report-dir", () => {
  test("three runs started at once in one directory all finish, each in its own reports_<time>", async () => {
    const cwd = dirs.make();
    const dataset = questionDataset(cwd, 4);
    const args = [
      "benchmark",
      "offline",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      dataset,
      "--num-samples",
      "2",
      "--workers",
      "1",
      "-q",
    ];
    const results = await Promise.all([runCli(args, { cwd }), runCli(args, { cwd }), runCli(args, { cwd })]);
    expect(results.map((r) => r.exitCode)).toEqual([0, 0, 0]);
    const reports = readdirSync(cwd).filter((name) => name.startsWith("reports_"));
    expect(reports).toHaveLength(3);
    for (const name of reports) expect(existsSync(join(cwd, name, "performance", "result_summary.json"))).toBe(true);
  }, 30_000);

  test("a second run into a given directory is refused, with what to do", async () => {
    const cwd = dirs.make();
    const args = [
      "benchmark",
      "offline",
      "--endpoints",
      server.url,
      "--model",
      "m",
      "--dataset",
      questionDataset(cwd, 4),
      "--num-samples",
      "2",
      "--workers",
      "1",
      "-q",
      "--report-dir",
      "out",
    ];
    expect((await runCli(args, { cwd })).exitCode).toBe(0);
    const again = await runCli(args, { cwd });
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toBe(
      `error: report directory ${join(cwd, "out")} already holds a run (events.db)\nhint: runs are never mixed in one directory (upstream reuses it): give a new --report-dir (or YAML report_dir), drop it for a fresh reports_<time>, or move the old one away (shards: put {shard} in the path)\n`,
    );
  }, 30_000);
});
