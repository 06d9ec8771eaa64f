/**
 * A shard killed mid-run (kill -9 of its main process): `report merge` names it, marks the merged
 * report incomplete, and keeps every row the surviving shard sent and what the killed one recorded.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
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
import { runMeta } from "./shard-helpers.ts";

const dirs = tempDirs("ie-shard-killed-");
afterAll(() => dirs.cleanup());

/** 300 a shard at 100 a second: the victim is killed once it has recorded 40, with ~2.6 s of its schedule to spare. */
const REQUESTS = 600;
const KILL_AFTER_ROWS = 40;

describe("cli/shard-killed", () => {
  test("the merge names the killed shard, marks the report incomplete and keeps the other shard's rows", async () => {
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 50);
      const args = (shard: string) => [
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        dataset,
        "--load-pattern",
        "poisson",
        "--target-qps",
        "200",
        "--num-samples",
        String(REQUESTS),
        "--duration",
        "0",
        "--streaming",
        "off",
        "--workers",
        "1",
        "--shard",
        shard,
        "--start-at",
        "+2s",
        "--start-barrier",
        join(dir, "run.barrier"),
        "--report-dir",
        join(dir, shard.replace("/", "-")),
      ];
      const survivor = runCli(args("0/2"));
      const victim = spawnCli(args("1/2"));
      const victimErr = collectOutput(victim.stderr);
      await waitFor(
        () => countRequestRows(join(dir, "1-2"), "performance") >= KILL_AFTER_ROWS,
        20_000,
        25,
        () => `shard 1/2 printed: ${JSON.stringify(victimErr.text)}`,
      );
      victim.kill("SIGKILL");
      await victim.exited;
      expect((await survivor).exitCode).toBe(0);

      const merged = await runCli([
        "report",
        "merge",
        join(dir, "0-2"),
        join(dir, "1-2"),
        "--output",
        join(dir, "merged"),
      ]);
      expect(merged.exitCode).toBe(0);
      expect(merged.stderr).toMatch(
        /warning: shard 1\/2 \(running\) did not complete: the merged report is incomplete/,
      );
      const killedRows = runMeta(join(dir, "1-2")).rows;
      expect(killedRows).toBeGreaterThanOrEqual(KILL_AFTER_ROWS);
      expect(killedRows).toBeLessThan(REQUESTS / 2);
      const summary = readSummary(join(dir, "merged"));
      expect(summary).toMatchObject({
        complete: false,
        state: "interrupted",
        n_samples_issued: REQUESTS / 2 + killedRows,
      });
      expect(summary.shards?.merged.map((s) => [s.shard, s.state, s.n_samples_issued])).toEqual([
        ["0/2", "complete", REQUESTS / 2],
        ["1/2", "interrupted", killedRows],
      ]);
      expect(await Bun.file(join(dir, "merged", "report.txt")).text()).toContain(
        "WARNING: run was interrupted (a shard is missing or did not complete)",
      );
    } finally {
      await server.stop();
    }
  }, 60_000);
});
