/**
 * @module test/e2e/live-metrics.test — `--live-metrics`: the main process serves the run's own state while it runs.
 *
 * Scraped during one shard's run against the mock server with injected failures, every series
 * carries the shard and the counters only grow; the page scraped once every request is recorded
 * (phase `finishing`) holds events.db's counts. The run is held there by its own `/stop_profile`
 * call, which the test answers only after that scrape, so the page cannot close before it. A bad
 * address is refused at validation; a port in use is exit 3 before any request.
 */
import { Database } from "bun:sqlite";
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type MetricSample, parseExposition } from "../../src/server-metrics/exposition.ts";
import { startMockServer } from "../../src/server/index.ts";
import { collectOutput, questionDataset, runCli, serveCompletions, spawnCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-live-metrics-");
afterAll(() => dirs.cleanup());

const N = 150;

interface Scrape {
  samples: MetricSample[];
  /** Value of `name` whose labels include `labels` (summed over the rest). */
  value: (name: string, labels?: Record<string, string>) => number;
}

function scrapeOf(text: string): Scrape {
  const samples = parseExposition(text);
  return {
    samples,
    value: (name, labels = {}) =>
      samples
        .filter((s) => s.name === name)
        .filter((s) => {
          const own = JSON.parse(s.labels) as Record<string, string>;
          return Object.entries(labels).every(([k, v]) => own[k] === v);
        })
        .reduce((sum, s) => sum + s.value, 0),
  };
}

/** events.db's performance rows: successful ones, failures by kind, and their output tokens. */
function recorded(reportDir: string) {
  const db = new Database(join(reportDir, "events.db"), { readonly: true });
  try {
    const rows = db
      .query("SELECT error_kind AS kind, COUNT(*) AS n FROM requests WHERE phase = 'performance' GROUP BY error_kind")
      .all() as { kind: string | null; n: number }[];
    const tokens = db
      .query("SELECT SUM(output_tokens) AS t FROM requests WHERE phase = 'performance' AND error_kind IS NULL")
      .get() as { t: number };
    return {
      rows: rows.reduce((sum, r) => sum + r.n, 0),
      completed: rows.find((r) => r.kind === null)?.n ?? 0,
      failed: Object.fromEntries(rows.filter((r) => r.kind !== null).map((r) => [r.kind, r.n])),
      outputTokens: tokens.t,
    };
  } finally {
    db.close();
  }
}

/** Counters, buckets and counts: the series that must never go down between scrapes. */
const growing = (s: MetricSample) => /(_total|_bucket|_count)$/.test(s.name);

describe("cli/live-metrics", () => {
  test("counters only grow while the run runs, and the last page holds events.db's counts", async () => {
    const server = await startMockServer({
      mode: "model",
      ttftMs: 20,
      tpotMs: 2,
      outputTokens: 8,
      faults: [
        { kind: "status", arg: 500 },
        { kind: "reset-mid-stream", arg: null },
      ],
      faultRate: 0.2,
      faultSeed: 7,
    });
    // The run's closing /stop_profile waits for the test's last scrape: the page is still up then.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const profiler = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: async (req) => {
        if (new URL(req.url).pathname === "/stop_profile") await held;
        return new Response("ok");
      },
    });
    const dir = dirs.make();
    const report = join(dir, "r");
    const proc = spawnCli([
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
      "60",
      "--num-samples",
      String(N),
      "--duration",
      "0",
      "--streaming",
      "on",
      "--profile",
      "vllm",
      "--profile-urls",
      `http://127.0.0.1:${profiler.port}`,
      "--shard",
      "1/2",
      "--live-metrics",
      "127.0.0.1:0",
      "--report-dir",
      report,
    ]);
    const stderr = collectOutput(proc.stderr);
    const stdout = collectOutput(proc.stdout);
    const explain = () => `stderr so far:\n${stderr.text}`;
    try {
      const deadline = performance.now() + 30_000;
      let url: string | undefined;
      while (!(url = /live metrics: (http:\/\/\S+)/.exec(stderr.text)?.[1])) {
        if (performance.now() > deadline) throw new Error(`no live metrics URL; ${explain()}`);
        await Bun.sleep(20);
      }
      const scrapes: Scrape[] = [];
      let contentType = "";
      /** Scrapes until `done` holds of a page; each page is kept. */
      const scrapeUntil = async (done: (s: Scrape) => boolean, what: string) => {
        for (;;) {
          if (performance.now() > deadline) throw new Error(`the page never showed ${what}; ${explain()}`);
          const response = await fetch(url as string);
          contentType = response.headers.get("content-type") ?? "";
          const scrape = scrapeOf(await response.text());
          scrapes.push(scrape);
          if (done(scrape)) return scrape;
          await Bun.sleep(20);
        }
      };
      const inPhase = (phase: string) => (s: Scrape) => s.value("inference_endpoint_phase", { phase }) === 1;
      const perf = { phase: "performance" };
      const recordedOf = (s: Scrape) =>
        s.value("inference_endpoint_requests_completed_total", perf) +
        s.value("inference_endpoint_requests_failed_total", perf);
      const first = await scrapeUntil(
        (s) => s.value("inference_endpoint_requests_issued_total", perf) > 0,
        "issued > 0",
      );
      // This shard's part of the plan.
      const planned = first.value("inference_endpoint_requests_planned", perf);
      expect(planned).toBeGreaterThan(N / 3);
      expect(planned).toBeLessThan((2 * N) / 3);
      await scrapeUntil((s) => recordedOf(s) >= planned / 3, `a third of ${planned} recorded`);
      await scrapeUntil((s) => recordedOf(s) >= (2 * planned) / 3, `two thirds of ${planned} recorded`);
      const last = await scrapeUntil(inPhase("finishing"), "phase finishing");
      release();
      expect(await proc.exited).toBe(0);
      await stdout.done;
      expect(contentType).toBe("text/plain; version=0.0.4; charset=utf-8");
      // Scraped while the phase ran, not only before and after it.
      const during = scrapes.filter(inPhase("performance")).map(recordedOf);
      expect(during.some((n) => n > 0 && n < planned)).toBe(true);
      expect(scrapes.flatMap((s) => s.samples).filter((s) => JSON.parse(s.labels).shard !== "1")).toEqual([]);
      for (let i = 1; i < scrapes.length; i++) {
        const before = new Map(
          (scrapes[i - 1] as Scrape).samples.filter(growing).map((s) => [`${s.name}${s.labels}`, s.value]),
        );
        for (const s of (scrapes[i] as Scrape).samples.filter(growing))
          expect({
            series: `${s.name}${s.labels}`,
            grew: s.value >= (before.get(`${s.name}${s.labels}`) ?? 0),
          }).toEqual({
            series: `${s.name}${s.labels}`,
            grew: true,
          });
      }
      const db = recorded(report);
      expect(Object.keys(db.failed).length).toBeGreaterThan(0);
      expect(last.value("inference_endpoint_requests_completed_total", perf)).toBe(db.completed);
      const failed = last.samples.filter((s) => s.name === "inference_endpoint_requests_failed_total");
      expect(Object.fromEntries(failed.map((s) => [JSON.parse(s.labels).kind, s.value]))).toEqual(db.failed);
      expect(last.value("inference_endpoint_requests_issued_total", perf)).toBe(db.rows);
      expect(last.value("inference_endpoint_requests_in_flight", perf)).toBe(0);
      expect(last.value("inference_endpoint_latency_seconds_count", perf)).toBe(db.completed);
      expect(last.value("inference_endpoint_ttft_seconds_count", perf)).toBe(db.completed);
      expect(last.value("inference_endpoint_output_tokens_total", perf)).toBe(db.outputTokens);
      expect(last.value("inference_endpoint_schedule_lag_seconds_count", perf)).toBe(db.rows);
      expect(last.value("inference_endpoint_worker_cpu_ratio")).toBeGreaterThan(0);
    } finally {
      release();
      proc.kill();
      await proc.exited;
      profiler.stop(true);
      await server.stop();
    }
  }, 60_000);

  test("an address that is not HOST:PORT is refused with one line naming the flag", async () => {
    const dir = dirs.make();
    const result = await runCli([
      "benchmark",
      "online",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 5),
      "--load-pattern",
      "poisson",
      "--target-qps",
      "10",
      "--live-metrics",
      "nonsense",
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split("\n").filter((l) => l.startsWith("error:"))).toEqual([
      "error: invalid configuration: live_metrics (--live-metrics): expected HOST:PORT or PORT (0–65535, 0 picks a free one), got 'nonsense'",
    ]);
  });

  test("a port in use is a setup error (exit 3) before any request, and leaves no report directory", async () => {
    let completions = 0;
    const endpoint = serveCompletions(() => {
      completions++;
      return Response.json({ choices: [{ message: { content: "x" } }] });
    });
    const taken = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("taken") });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "offline",
        "--endpoints",
        `http://127.0.0.1:${endpoint.port}`,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 5),
        "--live-metrics",
        `127.0.0.1:${taken.port}`,
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(3);
      expect(result.stderr).toContain(
        `error: --live-metrics 127.0.0.1:${taken.port}: cannot listen: the port is in use\n`,
      );
      expect(completions).toBe(0);
      expect(existsSync(report)).toBe(false);
    } finally {
      taken.stop(true);
      endpoint.stop(true);
    }
  });
});
