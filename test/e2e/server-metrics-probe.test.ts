/**
 * @module test/e2e/server-metrics-probe.test — `--server-metrics` before and around the run: the API key goes to
 * the endpoint's own /metrics and never to another server's page; a server without /metrics costs one line; a
 * page that accepts and never answers costs failed scrapes, not sends; a setting that is not auto, off or a URL is
 * refused. (The scraped window's figures: test/e2e/server-metrics.)
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-server-metrics-probe-");
afterAll(() => dirs.cleanup());
/** An offline run of the dataset's rows once, on one worker: without `--duration 0` it would repeat them for the default minimum duration. */
const FEW = ["--duration", "0", "--workers", "1"];

describe("cli/server-metrics, probe and pages", () => {
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
      // Each one cut at the interval (~15 in the 1.5 s phase; how many a busy host's timers let start is the host's:
      // 2 seen at load ~16).
      expect(summary.server_metrics?.failed_scrapes).toBeGreaterThanOrEqual(1);
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
