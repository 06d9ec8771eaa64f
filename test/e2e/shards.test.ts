/**
 * `--shard I/N` with `--start-at`: two shards of one Poisson plan on one machine start at one
 * instant and send its two halves — together their schedules are the whole plan (the target
 * rate, Poisson dispersion), no request leaves early, the server sees every request over the
 * span the rows say they were sent in, and each events.db names its shard and the same plan
 * identity. How closely a busy box keeps the two schedules is npm run bench's (section shards).
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import type { MergedShards } from "../../src/report/shard-health.ts";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { expectPlanKept, latenciesNs, phaseStartEpochNs, runMeta } from "./shard-helpers.ts";

const dirs = tempDirs("ie-shards-");
afterAll(() => dirs.cleanup());

const TARGET_QPS = 400;
/** 3 s of schedule: 300 windows of 10 ms for the dispersion, 1,200 arrivals for the rate. */
const REQUESTS = 1200;

describe("cli/shards", () => {
  test("two shards of a 400 QPS Poisson plan start together, send its two halves, and the server sees all 1,200 as sent", async () => {
    Bun.gc(true);
    const server = await startMockServer({ mode: "fixed", recordObservations: true });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 100);
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
        String(TARGET_QPS),
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
        // Past both shards' start-up on a loaded host (seen: one ready 3.02 s after the barrier).
        "+4s",
        "--start-barrier",
        join(dir, "run.barrier"),
        "--report-dir",
        join(dir, shard.replace("/", "-")),
      ];
      const stalls = watchStalls();
      const results = await Promise.all([runCli(args("0/2")), runCli(args("1/2"))]);
      const stallMs = stalls.stop();
      for (const r of results) {
        expect(r.exitCode).toBe(0);
        expect(r.stderr).toMatch(/start: waiting \d+\.\d{3} s for --start-at/);
      }
      expectPlanKept(
        [join(dir, "0-2"), join(dir, "1-2")],
        server.observations().map((o) => o.receivedNs),
        TARGET_QPS,
        stallMs,
      );
      expect(server.observations().length).toBe(REQUESTS);
      const [a, b] = [runMeta(join(dir, "0-2")), runMeta(join(dir, "1-2"))];
      expect([a.rows, b.rows]).toEqual([REQUESTS / 2, REQUESTS / 2]);
      expect([a.meta.shard, b.meta.shard]).toEqual(["0/2", "1/2"]);
      expect(a.meta.plan_id).toMatch(/^[0-9a-f]{16}$/);
      expect(b.meta.plan_id).toBe(a.meta.plan_id as string);
      // Both schedules began at the one shared wall-clock instant (each phase starts at --start-at, on its own T0's clock).
      expect(phaseStartEpochNs(join(dir, "0-2"))).toBe(phaseStartEpochNs(join(dir, "1-2")));

      // report merge: one report over both, its percentiles those of the union of the rows; beside it, the merge
      // of one shard alone (the two read the shards and write apart).
      const [merged, partial] = await Promise.all([
        runCli(["report", "merge", join(dir, "0-2"), join(dir, "1-2"), "--output", join(dir, "merged")]),
        runCli(["report", "merge", join(dir, "1-2"), "--output", join(dir, "partial")]),
      ]);
      expect(merged.stderr).not.toContain("warning:");
      expect(merged.exitCode).toBe(0);
      const summary = readSummary(join(dir, "merged"));
      expect(summary).toMatchObject({ n_samples_issued: REQUESTS, n_samples_failed: 0, complete: true });
      const latencies = [...latenciesNs(join(dir, "0-2")), ...latenciesNs(join(dir, "1-2"))].sort((x, y) => x - y);
      const p99 = latencies[Math.floor(0.99 * (latencies.length - 1))] as number;
      const p50 = latencies[Math.floor(0.5 * (latencies.length - 1))] as number;
      const percentiles = (summary.latency as { percentiles: Record<string, number> }).percentiles;
      expect([percentiles["99.0"], percentiles["50.0"]]).toEqual([p99, p50]);
      // What the bodies carried is kept a row per body in each shard: merged, it covers every request, as each shard's did its own.
      const contentOf = (d: string) => readSummary(d).request_content;
      const shardBytes = [contentOf(join(dir, "0-2")), contentOf(join(dir, "1-2"))];
      expect(shardBytes.map((c) => c?.requests)).toEqual([REQUESTS / 2, REQUESTS / 2]);
      expect(contentOf(join(dir, "merged"))?.requests).toBe(REQUESTS);
      expect(contentOf(join(dir, "merged"))?.request_bytes.max).toBe(
        Math.max(...shardBytes.map((c) => c?.request_bytes.max as number)),
      );
      // Each shard's own schedule keeping, beside the merged one.
      const shards = summary.shards as MergedShards;
      expect(shards.of).toBe(2);
      expect(shards.missing).toEqual([]);
      expect(shards.merged.map((m) => [m.shard, m.n_samples_issued])).toEqual([
        ["0/2", REQUESTS / 2],
        ["1/2", REQUESTS / 2],
      ]);
      for (const m of shards.merged) {
        expect(m.schedule_lag_p99_ns).toBeGreaterThan(0);
        expect(m.load_generator).toMatch(/^(ok|fell_behind)$/);
        expect(m.start_wait_ms).toBeGreaterThan(0);
      }
      const text = await Bun.file(join(dir, "merged", "report.txt")).text();
      expect(text).toContain("Shards: 2 of 2 merged");
      expect(text.split("\n").find((line) => line.startsWith("  1/2 "))).toMatch(
        new RegExp(`^ {2}1/2 +complete +${REQUESTS / 2} +0 +\\d+\\.\\d\\d +\\d+\\.\\d\\d`),
      );
      expect(await Bun.file(join(dir, "merged", "report.html")).text()).toContain("<h2>Shards (2 of 2 merged)</h2>");

      // The directory holding the shards stands for them (the two earlier merges in it are not shards).
      const whole = await runCli(["report", "merge", dir, "--output", join(dir, "whole")]);
      expect(whole.stderr).toContain("merged 2 shard(s)");
      expect(readSummary(join(dir, "whole")).latency.percentiles?.["99.0"]).toBe(p99);

      // A missing shard is named, and the merged report says it is incomplete; its rows are all there.
      expect(partial.exitCode).toBe(0);
      expect(partial.stderr).toContain("warning: shard 0/2 is missing: the merged report is incomplete");
      expect(readSummary(join(dir, "partial"))).toMatchObject({
        n_samples_issued: REQUESTS / 2,
        complete: false,
        shards: { of: 2, missing: ["0/2"] },
      });
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("refuses a start instant already past, before anything is sent", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 5),
      "--start-at",
      "2020-01-01T00:00:00Z",
      "--report-dir",
      join(dir, "r"),
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(
      /error: --start-at 2020-01-01T00:00:00Z is \d+\.\d{3} s past; the shards would not start together/,
    );
  }, 30_000);

  test("report merge refuses directories that are not shards of one plan", async () => {
    const dir = dirs.make();
    // A directory with no run in it, merged while the shards below run (in a directory of their own).
    const empty = dirs.make();
    const plain = runCli(["report", "merge", empty, "--output", join(empty, "m")]);
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dataset = questionDataset(dir, 10);
      const shard = (s: string, samples: number) =>
        runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          dataset,
          "--num-samples",
          String(samples),
          "--shard",
          s,
          "--report-dir",
          join(dir, `${s.replace("/", "-")}-${samples}`),
        ]);
      for (const r of await Promise.all([shard("0/2", 10), shard("1/2", 12), shard("1/2", 10)]))
        expect(r.exitCode).toBe(0);
      const { exitCode, stderr } = await plain;
      expect(exitCode).toBe(2);
      expect(stderr).toContain(`error: no events.db in ${empty}`);
      const merge = (a: string, b: string, output: string) =>
        runCli(["report", "merge", join(dir, a), join(dir, b), "--output", join(dir, output)]);
      const [mixed, twice] = await Promise.all([
        merge("0-2-10", "1-2-12", "mixed"),
        merge("1-2-10", "1-2-10", "twice"),
      ]);
      expect(mixed.exitCode).toBe(2);
      expect(mixed.stderr).toMatch(
        /error: .*1-2-12 is a shard of plan [0-9a-f]{16}, .*0-2-10 of plan [0-9a-f]{16}: they cannot be merged/,
      );
      expect(twice.exitCode).toBe(2);
      expect(twice.stderr).toContain("are both shard 1/2");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("refuses a malformed shard and accuracy datasets, naming the field", async () => {
    const bad = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      "--shard",
      "3/2",
    ]);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain("shard (--shard): 3/2: the shard must be 0 … 1 of 2");
    const acc = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      "--dataset",
      "acc:y.jsonl,accuracy_config.eval_method=string_match,accuracy_config.extractor=identity_extractor",
      "--shard",
      "0/2",
    ]);
    expect(acc.exitCode).toBe(2);
    expect(acc.stderr).toContain("a sharded run measures performance only");
  }, 30_000);
});
