/**
 * @module test/e2e/trace-replay.test — `--load-pattern trace`: 10,000 timestamped requests (the
 * bench's Mooncake-style trace, with bursts and lulls) are due at their recorded instants, none leaves early, the verdict judges the lag the
 * rows hold, and the lag stays within the host's own floor (an empty loop keeping a schedule on
 * the worker's CPU at the same time) plus a margin. How close to the schedule a quiet host keeps
 * it is a bench row (npm run bench, section trace). An Azure-style CSV and session headers replay too.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DELAYED_LAG_NS, lagLimitNs, meanScheduleGapNs } from "../../src/metrics/load-generator-health.ts";
import { lowerPercentile } from "../../src/metrics/percentiles.ts";
import { spawnServe, type ServeProcess } from "../../src/server/serve-process.ts";
import { TRACE_REQUESTS as REQUESTS, writeMooncakeTrace } from "../../scripts/bench/lib/mooncake-trace.ts";
import { measureHostLateness } from "../support/host-lateness.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, runCli, tempDirs, serveCompletions } from "./run-cli.ts";

const dirs = tempDirs("ie-trace-");
afterAll(() => dirs.cleanup());

/**
 * What our send path may add to the host's own median lateness (fetch, bookkeeping, IPC). The
 * median, not the p99: a busy host that starves the worker of CPU for a while (seen: p99 91 ms
 * beside an empty loop's 2.4 ms) moves the tail, while the median request still leaves within
 * tens of µs of its instant (6–28 µs measured with a busy loop on each core).
 */
const LAG_MARGIN_NS = 1_000_000;

/** `serve --mode fixed` in its own process, on CPU 0 where taskset exists. */
function pinnedServer(): Promise<ServeProcess> {
  const serve = [BUN_PATH, MAIN_PATH, "serve", "--mode", "fixed", "--port", "0"];
  return spawnServe(onServerCpu(serve));
}

describe("cli/trace-replay", () => {
  // All 10,000, ~10 s: a busy host that starves the worker for a second or more (seen: 36–80 ms lag over the first
  // 750 requests at load ~12, 368 ms at the median of the first 5,000 at load ~20) moves a shorter run's median
  // past the floor; the rows' instants and the verdict would be the same at any length.
  test("10,000 requests leave at their recorded instants", async () => {
    // As npm run bench measures schedules: the server in its own process on CPU 0 (beside the
    // run's main process), so the run's worker has CPU 1 to itself; not this test process, whose
    // own work would make the server, not the client, the late one.
    const server = await pinnedServer();
    let floor: ReturnType<typeof measureHostLateness> | undefined;
    try {
      const dir = dirs.make();
      // Exponential gaps whose rate alternates between 1,500/s and 750/s every 500 requests: ~10 s.
      const times = writeMooncakeTrace(join(dir, "trace.jsonl"));
      // The host's floor over the same seconds on the worker's CPU: ~1,000 due instants a second, as the trace's mean.
      const traceSeconds = ((times.at(-1) as number) - (times[0] as number)) / 1000;
      floor = measureHostLateness(REQUESTS / traceSeconds, traceSeconds);
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
      const hostLateness = await floor.result;
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
      // The sends kept the schedule as well as the host let an empty loop keep one, plus our margin.
      expect(hostLateness.count).toBeGreaterThan(0);
      expect(lowerPercentile(lagsNs, 50)).toBeLessThan(hostLateness.p50Ns + LAG_MARGIN_NS);
    } finally {
      floor?.kill();
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
