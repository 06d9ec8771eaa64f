/**
 * `--server-metrics`: the server's Prometheus page scraped by the main process on the run's
 * clock, against `serve` (vLLM's names). The server's view agrees with the client's; a server
 * without /metrics costs one line; a page that never answers costs failed scrapes, not sends.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-server-metrics-");
afterAll(() => dirs.cleanup());
/** An offline run of the dataset's rows once, on one worker: without `--duration 0` it would repeat them for the default minimum duration. */
const FEW = ["--duration", "0", "--workers", "1"];

/** A run's bounding scrapes (events.db `server_metrics_bounds`), its performance phase, and the warmup requests whose first token came after the opening scrape. */
function scrapeBounds(reportDir: string) {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    const bounds = JSON.parse(
      (db.query("SELECT value FROM run WHERE key = 'server_metrics_bounds'").get() as { value: string }).value,
    ) as { baselineNs: number; finalNs: number };
    const phase = db.query("SELECT start_ns, end_ns FROM phases WHERE name = 'performance'").get() as {
      start_ns: number;
      end_ns: number;
    };
    const lateWarmup = (
      db
        .query("SELECT COUNT(*) AS n FROM requests WHERE phase = 'warmup' AND first_token_ns > ?")
        .get(bounds.baselineNs) as { n: number }
    ).n;
    return { bounds, phase, lateWarmup };
  } finally {
    db.close();
  }
}

describe("cli/server-metrics", () => {
  test("a concurrency-8 run: the server averages 8 requests running, and its TTFT p50 is at most the client's", async () => {
    // 96 requests of ~200 ms (38 ms to the first token, 40 tokens 4 ms apart), 8 at a time: ~2.4 s, ~12 scrapes. Not
    // shorter: the client's refill of a slot takes longer on a loaded host, and the server then averages fewer than 8
    // running when each request is short (seen: 5.8 with 20 tokens at load ~20).
    const server = await startMockServer({ mode: "model", ttftMs: 38, tpotMs: 4, outputTokens: 40, maxConcurrent: 16 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 50),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "8",
        "--num-samples",
        "96",
        "--duration",
        "0",
        "--streaming",
        "on",
        // Not shorter: a scrape must answer within the interval, and one took over 0.1 s at load ~20.
        "--server-metrics-interval",
        "0.2",
        "--report-dir",
        report,
      ]);
      expect(result.stderr).toContain(`server metrics: scraping ${server.url}/metrics every 0.2 s`);
      expect(result.exitCode).toBe(0);
      const summary = readSummary(report);
      const metrics = summary.server_metrics;
      if (!metrics) throw new Error("no server_metrics in the summary");
      // Scraped through the phase (half the ~12 its interval allows: a busy host may run main's timer late).
      expect(metrics.scrapes).toBeGreaterThanOrEqual(6);
      expect(metrics.failed_scrapes).toBe(0);
      expect(metrics.gauges.running?.source).toBe("vllm:num_requests_running");
      expect(Math.abs((metrics.gauges.running?.avg ?? 0) - 8)).toBeLessThanOrEqual(1);
      expect(metrics.gauges.waiting?.max).toBe(0);
      // vLLM's buckets around 38 ms are 20 and 40 ms: the server's p50 lies within them.
      const serverP50 = metrics.ttft_ms?.p50 ?? Number.NaN;
      expect(serverP50).toBeGreaterThanOrEqual(20);
      expect(serverP50).toBeLessThanOrEqual((summary.ttft.percentiles?.["50.0"] ?? 0) / 1e6);
      const text = await Bun.file(join(report, "report.txt")).text();
      expect(text).toMatch(
        / {2}requests running: min \d+\.\d\d, avg \d+\.\d\d, max \d+\.\d\d \(vllm:num_requests_running\)/,
      );
      expect(text).toContain("server TTFT p50/p90/p99:");
      // report.html: the same gauges, and the server's TTFT beside the client's with their difference.
      const html = await Bun.file(join(report, "report.html")).text();
      const section = /<section id="server-metrics">.*?<\/section>/s.exec(html)?.[0] ?? "";
      expect(section).toMatch(
        /<td>requests running<\/td><td>\d+\.\d\d<\/td><td>\d+\.\d\d<\/td><td>\d+\.\d\d<\/td><td><code>vllm:num_requests_running<\/code><\/td>/,
      );
      const p50Row =
        /<tr><td>p50<\/td><td>([\d.]+)<\/td><td>([\d.]+)<\/td><td>([\d.]+)–([\d.]+)<\/td><td>(−?[\d.]+) to (−?[\d.]+)<\/td><\/tr>/.exec(
          section,
        );
      if (!p50Row) throw new Error(`no TTFT p50 row in report.html's server metrics:\n${section}`);
      const [clientMs, serverMs, lowMs, highMs, gapLow, gapHigh] = p50Row
        .slice(1)
        .map((v) => Number(v.replace("−", "-"))) as [number, number, number, number, number, number];
      expect(serverMs).toBeCloseTo(serverP50, 1);
      expect([lowMs, highMs]).toEqual(metrics.ttft_ms?.buckets.p50 as [number, number]);
      expect(gapLow).toBeCloseTo(clientMs - highMs, 1);
      expect(gapHigh).toBeCloseTo(clientMs - lowMs, 1);
      // The client sees at least what the server counts: its p50 is past the lower edge of the server's bucket.
      expect(clientMs).toBeGreaterThan(lowMs);
      // Every sample is kept, on the run's clock, inside the run.
      const db = new Database(join(report, "events.db"), { readonly: true });
      const names = (db.query("SELECT DISTINCT name FROM server_metrics").all() as { name: string }[]).map(
        (r) => r.name,
      );
      expect(names).toContain("vllm:e2e_request_latency_seconds_bucket");
      const phase = db.query("SELECT start_ns, end_ns FROM phases WHERE name = 'performance'").get() as {
        start_ns: number;
        end_ns: number;
      };
      const span = db.query("SELECT MIN(t_ns) AS lo, MAX(t_ns) AS hi FROM server_scrapes").get() as {
        lo: number;
        hi: number;
      };
      db.close();
      expect(span.lo).toBeLessThan(phase.start_ns);
      expect(span.hi).toBeGreaterThan(phase.end_ns);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("the server's TTFT counts this run's requests alone: scraped just before the phase and just after it, whatever the server served before and the interval", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 20, tpotMs: 2, outputTokens: 5, maxConcurrent: 4 });
    try {
      const dir = dirs.make();
      const run = (samples: number, report: string) =>
        runCli([
          "benchmark",
          "online",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 50),
          "--load-pattern",
          "poisson",
          "--target-qps",
          "100",
          "--num-samples",
          String(samples),
          "--duration",
          "0",
          "--server-metrics-interval",
          "5",
          "--report-dir",
          join(dir, report),
        ]);
      expect((await run(20, "earlier")).exitCode).toBe(0);
      // A 5 s interval against a ~0.4 s phase: no periodic scrape falls inside it, the bounding ones carry it.
      const result = await run(40, "r");
      expect(result.exitCode).toBe(0);
      const metrics = readSummary(join(dir, "r")).server_metrics;
      expect(metrics?.ttft_ms?.count).toBe(40);
      const { bounds, phase } = scrapeBounds(join(dir, "r"));
      expect(bounds.baselineNs).toBeLessThan(phase.start_ns);
      expect(bounds.finalNs).toBeGreaterThan(phase.end_ns);
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("warmup requests still in flight when measuring begins are in the server's TTFT count, and the report says how many", async () => {
    // Warmup is not drained: its slowest first tokens (up to 400 ms) come after the performance phase has begun.
    const server = await startMockServer({ mode: "model", ttftMs: 200, ttftSpreadMs: 200, tpotMs: 1, outputTokens: 2 });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 30),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "100",
        "--num-samples",
        "30",
        "--duration",
        "0",
        "--warmup",
        "--warmup-requests",
        "20",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const ttft = readSummary(report).server_metrics?.ttft_ms;
      const { lateWarmup: late } = scrapeBounds(report);
      expect(late).toBeGreaterThan(0);
      expect(ttft?.warmup_requests).toBe(late);
      // The server counts the 30 measured requests and the late warmup ones alike (a first token
      // sent while the baseline scrape was answered may land on either side of it: ±1).
      expect(Math.abs((ttft?.count ?? 0) - (30 + late))).toBeLessThanOrEqual(1);
      expect(readFileSync(join(report, "report.txt"), "utf8")).toContain(
        `over ${ttft?.count} requests, ${late} of them warmup requests still in flight when measuring began`,
      );
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("the API key goes to the endpoint's own /metrics, never to a page on another server", async () => {
    const server = await startMockServer({ mode: "fixed" });
    const seen: (string | null)[] = [];
    const exporter = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (request) => {
        seen.push(request.headers.get("authorization"));
        return new Response("vllm:num_requests_running 2\n");
      },
    });
    try {
      const dir = dirs.make();
      const run = (report: string, extra: string[]) =>
        runCli([
          "benchmark",
          "offline",
          "--endpoints",
          server.url,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 20),
          "--api-key",
          "sekret-key",
          ...FEW,
          "--report-dir",
          join(dir, report),
          ...extra,
        ]);
      const elsewhere = await run("elsewhere", ["--server-metrics", `http://127.0.0.1:${exporter.port}/metrics`]);
      expect(elsewhere.exitCode).toBe(0);
      expect(elsewhere.stderr).toContain(
        `server metrics: http://127.0.0.1:${exporter.port}/metrics is not the endpoint's server; the API key is not sent to it`,
      );
      expect(seen.length).toBeGreaterThan(0);
      expect(seen.every((h) => h === null)).toBe(true);
      // Two endpoints, one page: said, not left for the reader to assume.
      const second = await startMockServer({ mode: "fixed" });
      try {
        const two = await runCli([
          "benchmark",
          "offline",
          "--endpoints",
          `${server.url},${second.url}`,
          "--model",
          "m",
          "--dataset",
          questionDataset(dir, 20),
          "--server-metrics",
          `http://127.0.0.1:${exporter.port}/metrics`,
          "--duration",
          "0", // two workers: one an endpoint
          "--report-dir",
          join(dir, "two"),
        ]);
        expect(two.exitCode).toBe(0);
        expect(two.stderr).toContain(
          `warning: server metrics come from one page, http://127.0.0.1:${exporter.port}/metrics: the servers behind the other 1 endpoint(s) are not in them`,
        );
      } finally {
        await second.stop();
      }
    } finally {
      await server.stop();
      exporter.stop(true);
    }
  }, 30_000);

  test("a server without /metrics costs one line, and nothing is stored", async () => {
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 20),
        ...FEW,
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      expect(result.stderr.split("\n").filter((l) => l.includes("server metrics"))).toEqual([
        `server metrics: ${server.url}/metrics: HTTP 404; not scraped (--server-metrics URL to name the page, off to skip this check)`,
      ]);
      expect(readSummary(report).server_metrics).toBeUndefined();
      const off = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 20),
        "--server-metrics",
        "off",
        ...FEW,
        "--report-dir",
        join(dir, "off"),
      ]);
      expect(off.stderr).not.toContain("server metrics");
    } finally {
      await server.stop();
    }
  }, 30_000);

  test("a page that accepts and never answers: every scrape fails at its interval, the schedule is kept", async () => {
    const held: Bun.Socket[] = [];
    const silent = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: { open: (s) => void held.push(s), data: () => undefined },
    });
    const server = await startMockServer({ mode: "fixed" });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 50),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "200",
        "--num-samples",
        "300",
        "--duration",
        "0",
        "--streaming",
        "off",
        "--server-metrics",
        `http://127.0.0.1:${silent.port}/metrics`,
        "--server-metrics-interval",
        "0.1",
        "--report-dir",
        report,
      ]);
      expect(result.stderr).toContain(
        `warning: server metrics: http://127.0.0.1:${silent.port}/metrics: no answer in 2 s; scraping it anyway`,
      );
      expect(result.exitCode).toBe(0);
      const summary = readSummary(report);
      expect(summary.n_samples_completed).toBe(300);
      expect(summary.server_metrics?.scrapes).toBe(0);
      // ~15 in the 1.5 s phase; a third of them held (a busy host may run main's timer late).
      expect(summary.server_metrics?.failed_scrapes).toBeGreaterThanOrEqual(5);
      expect(summary.server_metrics?.failed_scrape_errors).toEqual({
        "no answer within the 100 ms interval": summary.server_metrics?.failed_scrapes as number,
      });
      // The report says why there are no figures, and what to do.
      expect(await Bun.file(join(report, "report.txt")).text()).toMatch(
        /no scrape in the window worked: no answer within the 100 ms interval \(\d+ of \d+\); a page this slow needs a longer --server-metrics-interval/,
      );
    } finally {
      await server.stop();
      for (const s of held) s.end();
      silent.stop(true);
    }
  }, 30_000);

  test("refuses a setting that is not auto, off or a URL, naming the flag", async () => {
    const result = await runCli([
      "benchmark",
      "offline",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      "--server-metrics",
      "yes",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("--server-metrics");
    expect(result.stderr).toContain("expected auto, off or an http(s) URL");
  }, 30_000);
});
