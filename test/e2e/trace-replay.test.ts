/**
 * @module test/e2e/trace-replay.test — `--load-pattern trace`: 2,000 timestamped requests (the first of the
 * bench's Mooncake-style trace, with bursts and lulls) are due at their recorded instants, none leaves early, the
 * verdict judges the lag the rows hold, and late requests are counted late. How close to the schedule the sends
 * come is the bench's (npm run bench, section trace: p99, and p50 against an empty loop's), not this test's: held
 * here to an empty loop run beside it, the median lag failed whenever a loaded host starved the worker of the CPU a
 * thousand sends a second need (368 ms over 5,000 requests at load ~20; 18 and 375 ms over all 10,000 at ~17),
 * which an empty loop never needs. An Azure-style CSV and session headers replay too.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DELAYED_LAG_NS, lagLimitNs, meanScheduleGapNs } from "../../src/metrics/load-generator-health.ts";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";
import { spawnServe, type ServeProcess } from "../../src/server/serve-process.ts";
import { writeMooncakeTrace } from "../../scripts/bench/lib/mooncake-trace.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-trace-");
afterAll(() => dirs.cleanup());

/** The trace's first 2,000 requests: four stretches at 1,500/s and 750/s, ~2 s (the bench replays all 10,000). */
const REQUESTS = 2_000;

/** `serve --mode fixed` in its own process, on CPU 0 where taskset exists. */
function pinnedServer(): Promise<ServeProcess> {
  const serve = [BUN_PATH, MAIN_PATH, "serve", "--mode", "fixed", "--port", "0"];
  return spawnServe(onServerCpu(serve));
}

describe("cli/trace-replay", () => {
  test("2,000 requests leave at their recorded instants", async () => {
    // As npm run bench measures schedules: the server in its own process on CPU 0 (beside the
    // run's main process), so the run's worker has CPU 1 to itself; not this test process, whose
    // own work would make the server, not the client, the late one.
    const server = await pinnedServer();
    try {
      const dir = dirs.make();
      // Exponential gaps whose rate alternates between 1,500/s and 750/s every 500 requests: ~2 s.
      const times = writeMooncakeTrace(join(dir, "trace.jsonl"), undefined, REQUESTS);
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        join(dir, "trace.jsonl"),
        "--load-pattern",
        "trace",
        "--streaming",
        "off",
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const summary = JSON.parse(readFileSync(join(dir, "r", "performance", "result_summary.json"), "utf8"));
      expect(summary.n_samples_issued).toBe(REQUESTS);
      expect(summary.n_samples_failed).toBe(0);
      expect(readFileSync(join(dir, "r", "report.html"), "utf8")).not.toContain('data-chart="ttft-by-turn"');
      // Each request was due exactly at its trace instant after the phase start …
      const db = new Database(join(dir, "r", "events.db"), { readonly: true });
      const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
      const rows = db.query("SELECT scheduled_ns AS t, sent_ns AS sent FROM requests ORDER BY plan_index").all() as {
        t: number;
        sent: number;
      }[];
      db.close();
      rows.forEach((row, i) =>
        expect(Math.abs((row.t - start) / 1e6 - ((times[i] as number) - (times[0] as number)))).toBeLessThan(1e-3),
      );
      // … none left before it, and the verdict judges the lag the rows hold against the schedule's own limit.
      const lagsNs = Float64Array.from(rows, (row) => row.sent - row.t).sort();
      expect(lagsNs[0] as number).toBeGreaterThanOrEqual(0);
      const lagP99Ns = lowerPercentile(lagsNs, 99);
      expect(summary.schedule_lag.percentiles["99.0"]).toBe(lagP99Ns);
      const limitNs = lagLimitNs(meanScheduleGapNs(rows.map((row) => row.t)));
      expect(summary.load_generator_lag_limit_ns).toBe(limitNs);
      expect(summary.load_generator).toBe(lagP99Ns > limitNs ? "fell_behind" : "ok");
      // Late requests are counted late (more than 1 ms after their instant).
      expect(summary.n_samples_delayed).toBe(lagsNs.filter((lag) => lag > DELAYED_LAG_NS).length);
      // The median as the report gives it is the rows' (how close to the instants it is: the bench's).
      expect(summary.schedule_lag.median).toBe(lowerPercentile(lagsNs, 50));
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("an Azure-style CSV at twice its speed, with session ids as X-Session-ID", async () => {
    const seen: (string | null)[] = [];
    const server = serveCompletions((req) => {
      seen.push(req.headers.get("x-session-id"));
      return Response.json({
        choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        usage: { prompt_tokens: 1, completion_tokens: 1 },
      });
    });
    try {
      const dir = dirs.make();
      const rows = ["TIMESTAMP,ContextTokens,GeneratedTokens,session_id"];
      // One every 30 ms: 1.17 s of trace, 585 ms at twice its speed.
      for (let i = 0; i < 40; i++)
        rows.push(
          `2023-11-16 18:15:${String(10 + Math.floor((i * 30) / 1000)).padStart(2, "0")}.${String((i * 30) % 1000).padStart(3, "0")}0000,${10 + i},3,s${i % 4}`,
        );
      writeFileSync(join(dir, "azure.csv"), rows.join("\n") + "\n");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        "m",
        "--dataset",
        join(dir, "azure.csv"),
        "--load-pattern",
        "trace",
        "--trace-speedup",
        "2",
        "--streaming",
        "off",
        "--report-dir",
        join(dir, "r"),
      ]);
      expect(result.exitCode).toBe(0);
      expect(seen.length).toBe(40);
      expect(new Set(seen)).toEqual(new Set(["s0", "s1", "s2", "s3"]));
      // Each request was due at its timestamp's offset halved, and none left before it.
      const db = new Database(join(dir, "r", "events.db"), { readonly: true });
      const start = (db.query("SELECT start_ns AS s FROM phases WHERE name = 'performance'").get() as { s: number }).s;
      const sends = db.query("SELECT scheduled_ns AS t, sent_ns AS sent FROM requests ORDER BY plan_index").all() as {
        t: number;
        sent: number;
      }[];
      db.close();
      expect(sends.map((row) => Math.round((row.t - start) / 1e3))).toEqual(sends.map((_, i) => i * 15_000));
      for (const row of sends) expect(row.sent).toBeGreaterThanOrEqual(row.t);
      const dry = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        "http://127.0.0.1:9",
        "--model",
        "m",
        "--dataset",
        join(dir, "azure.csv"),
        "--load-pattern",
        "trace",
        "--trace-speedup",
        "2",
        "--dry-run",
      ]);
      expect(dry.stdout).toContain("trace replay");
      expect(dry.stdout).toContain("last arrival at 0.585 s");
    } finally {
      server.stop(true);
    }
  }, 60_000);

  test("refuses a rate or warmup with a trace, naming the field", async () => {
    const result = await runCli([
      "benchmark",
      "online",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      "--load-pattern",
      "trace",
      "--target-qps",
      "5",
      "--warmup",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("settings.load_pattern.target_qps (--target-qps): does not apply to a trace");
    expect(result.stderr).toContain("settings.warmup.enabled (--warmup): warmup cannot run with a trace replay");
  }, 30_000);
});
