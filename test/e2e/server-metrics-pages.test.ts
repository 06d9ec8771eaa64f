/**
 * @module test/e2e/server-metrics-pages.test — `--server-metrics auto` against raw-socket servers
 * whose /metrics page has the shape real engines write: Python's prometheus_client under uvicorn
 * (vLLM, SGLang: `_created` samples, `1.0` and `1.7e+09` spellings, process and GC families, the
 * engines' label sets) and TGI's Rust exporter (bare integers, no HELP). Each page changes with
 * every scrape, so the window's min/avg/max and counter growth have known answers.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { head, sseHead, streamSteps, usageChunk } from "../support/quirk-bytes.ts";
import { startQuirkServer, type QuirkServer, type Step } from "../support/quirk-server.ts";
import { questionDataset, readSummary, runCli, tempDirs } from "./run-cli.ts";
import { join } from "node:path";
import { Database } from "bun:sqlite";

const dirs = tempDirs("ie-metrics-pages-");
afterAll(() => dirs.cleanup());
let server: QuirkServer | null = null;
afterEach(() => {
  server?.stop();
  server = null;
});

/** prometheus_client's spelling of a whole number: "3.0". Other values are written as the pages showed them. */
const py = (value: number) => `${value}.0`;

/** vLLM 0.10's page (V1 engine, one engine), after `scrape` scrapes: running cycles 2,4,6; 10 queries and 4 hits a scrape. */
function vllmPage(scrape: number): string {
  const labels = 'engine="0",model_name="m"';
  const running = [2, 4, 6][scrape % 3] as number;
  const ttftCount = 5 * scrape;
  return [
    "# HELP python_gc_objects_collected_total Objects collected during gc",
    "# TYPE python_gc_objects_collected_total counter",
    `python_gc_objects_collected_total{generation="0"} ${py(12286)}`,
    "# HELP python_info Python platform information",
    "# TYPE python_info gauge",
    'python_info{implementation="CPython",major="3",minor="12",patchlevel="11",version="3.12.11"} 1.0',
    "# HELP process_virtual_memory_bytes Virtual memory size in bytes.",
    "# TYPE process_virtual_memory_bytes gauge",
    "process_virtual_memory_bytes 1.1701968896e+010",
    "# HELP process_max_fds Maximum number of open file descriptors.",
    "# TYPE process_max_fds gauge",
    "process_max_fds 1.048576e+06",
    "# HELP vllm:num_requests_running Number of requests in model execution batches.",
    "# TYPE vllm:num_requests_running gauge",
    `vllm:num_requests_running{${labels}} ${py(running)}`,
    "# HELP vllm:num_requests_waiting Number of requests waiting to be processed.",
    "# TYPE vllm:num_requests_waiting gauge",
    `vllm:num_requests_waiting{${labels}} ${py(1)}`,
    "# HELP vllm:gpu_prefix_cache_queries_total GPU prefix cache queries, in terms of number of queried tokens. DEPRECATED: Use vllm:prefix_cache_queries instead.",
    "# TYPE vllm:gpu_prefix_cache_queries_total counter",
    `vllm:gpu_prefix_cache_queries_total{${labels}} ${py(999 * scrape)}`,
    "# HELP vllm:gpu_prefix_cache_queries_created GPU prefix cache queries, in terms of number of queried tokens. DEPRECATED: Use vllm:prefix_cache_queries instead.",
    "# TYPE vllm:gpu_prefix_cache_queries_created gauge",
    `vllm:gpu_prefix_cache_queries_created{${labels}} 1.7537953269352946e+09`,
    "# HELP vllm:kv_cache_usage_perc KV-cache usage. 1 means 100 percent usage.",
    "# TYPE vllm:kv_cache_usage_perc gauge",
    `vllm:kv_cache_usage_perc{${labels}} 9.75010481363281e-06`,
    "# HELP vllm:prefix_cache_queries_total Prefix cache queries, in terms of number of queried tokens.",
    "# TYPE vllm:prefix_cache_queries_total counter",
    `vllm:prefix_cache_queries_total{${labels}} ${py(10 * scrape)}`,
    "# HELP vllm:prefix_cache_hits_total Prefix cache hits, in terms of number of cached tokens.",
    "# TYPE vllm:prefix_cache_hits_total counter",
    `vllm:prefix_cache_hits_total{${labels}} ${py(4 * scrape)}`,
    "# HELP vllm:time_to_first_token_seconds Histogram of time to first token in seconds.",
    "# TYPE vllm:time_to_first_token_seconds histogram",
    ...[
      ["0.02", 0],
      ["0.04", ttftCount],
      ["0.06", ttftCount],
      ["+Inf", ttftCount],
    ].map(([le, n]) => `vllm:time_to_first_token_seconds_bucket{${labels},le="${le}"} ${py(n as number)}`),
    `vllm:time_to_first_token_seconds_count{${labels}} ${py(ttftCount)}`,
    `vllm:time_to_first_token_seconds_sum{${labels}} ${0.03 * ttftCount || "0.0"}`,
    "",
  ].join("\n");
}

/** SGLang's page with --enable-metrics-for-all-schedulers at TP 2: every rank reports the same running count. */
function sglangPage(scrape: number): string {
  const rank = (tp: number) => `engine_type="unified",model_name="m",pp_rank="0",tp_rank="${tp}"`;
  const running = 3 + (scrape % 2);
  return [
    "# HELP sglang:num_running_reqs The number of running requests.",
    "# TYPE sglang:num_running_reqs gauge",
    ...[0, 1].map((tp) => `sglang:num_running_reqs{${rank(tp)}} ${py(running)}`),
    "# HELP sglang:num_queue_reqs The number of requests in the waiting queue.",
    "# TYPE sglang:num_queue_reqs gauge",
    ...[0, 1].map((tp) => `sglang:num_queue_reqs{${rank(tp)}} ${py(0)}`),
    "# HELP sglang:token_usage The token usage.",
    "# TYPE sglang:token_usage gauge",
    ...[0, 1].map((tp) => `sglang:token_usage{${rank(tp)}} 0.25`),
    "",
  ].join("\n");
}

/** TGI's page (metrics-exporter-prometheus): TYPE lines only, integers as integers. */
function tgiPage(scrape: number): string {
  return [
    "# TYPE tgi_batch_current_size gauge",
    `tgi_batch_current_size ${5 + (scrape % 2)}`,
    "# TYPE tgi_queue_size gauge",
    "tgi_queue_size 2",
    "",
  ].join("\n");
}

/** A server answering GET /metrics with `page(n)` (n: how many scrapes came before) and chat completions with a short vLLM stream. */
function startEngine(
  page: (scrape: number) => string,
  contentType: string,
  headers: Record<string, string>,
): QuirkServer {
  let scrapes = 0;
  return startQuirkServer((request): Step[] => {
    if (request.method === "GET" && request.path === "/metrics") {
      const body = page(scrapes++);
      return [
        head(200, { ...headers, "content-length": String(Buffer.byteLength(body)), "content-type": contentType }) +
          body,
      ];
    }
    return [sseHead(), ...streamSteps({ pieces: ["a", " b", " c"], gapMs: 2, ttftMs: 5, usage: usageChunk(3, 3) })];
  });
}

const UVICORN = { date: "Thu, 03 Dec 2026 08:00:00 GMT", server: "uvicorn" };
const PROMETHEUS_CLIENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

async function run(engine: QuirkServer) {
  const dir = dirs.make();
  const report = join(dir, "r");
  const result = await runCli([
    "benchmark",
    "online",
    "--endpoints",
    engine.url,
    "--model",
    "m",
    "--dataset",
    questionDataset(dir, 20),
    "--load-pattern",
    "concurrency",
    "--concurrency",
    "2",
    // ~10 ms a request two at a time: ~0.75 s, some 7 scrapes at 0.1 s (a page's values cycle every 2 or 3).
    "--num-samples",
    "150",
    "--duration",
    "0",
    "--server-metrics-interval",
    "0.1",
    "--report-dir",
    report,
  ]);
  return { result, summary: readSummary(report) };
}

describe("cli/server-metrics pages as engines write them", () => {
  test("vLLM 0.10 under uvicorn: gauges from the V1 names, the hit rate from the current counters (not the deprecated gpu_ ones), TTFT from the histogram", async () => {
    server = startEngine(vllmPage, PROMETHEUS_CLIENT_TYPE, UVICORN);
    const { result, summary } = await run(server);
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const m = summary.server_metrics;
    if (!m) throw new Error(`no server_metrics:\n${result.stderr}`);
    expect(m.failed_scrapes).toBe(0);
    expect(m.scrapes).toBeGreaterThanOrEqual(3);
    expect(m.gauges.running).toMatchObject({ source: "vllm:num_requests_running", min: 2, max: 6 });
    expect(m.gauges.waiting).toMatchObject({ source: "vllm:num_requests_waiting", min: 1, avg: 1, max: 1 });
    expect(m.gauges.kv_cache_usage?.avg).toBeCloseTo(9.75010481363281e-6, 15);
    expect(m.prefix_cache_hit_rate_window).toBeCloseTo(0.4, 12);
    expect(m.ttft_ms?.source).toBe("vllm:time_to_first_token_seconds");
    expect(m.ttft_ms?.buckets.p50).toEqual([20, 40]);
  }, 30_000);

  test("SGLang with every TP rank reporting: one engine's running requests counted once", async () => {
    server = startEngine(sglangPage, PROMETHEUS_CLIENT_TYPE, UVICORN);
    const { result, summary } = await run(server);
    expect(result.exitCode).toBe(0);
    const m = summary.server_metrics;
    if (!m) throw new Error(`no server_metrics:\n${result.stderr}`);
    expect(m.gauges.running).toMatchObject({ source: "sglang:num_running_reqs", min: 3, max: 4 });
    expect(m.gauges.waiting).toMatchObject({ source: "sglang:num_queue_reqs", max: 0 });
    expect(m.gauges.kv_cache_usage).toMatchObject({ source: "sglang:token_usage", avg: 0.25 });
    expect(m.ttft_ms).toBeNull();
  }, 30_000);

  test("a page over a megabyte keeps only the engines' series, and says so once", async () => {
    const junk = Array.from({ length: 40_000 }, (_, i) => `python_misc_series{i="${i}"} ${i}.0`).join("\n");
    server = startEngine(
      (n) => `${junk}\nvllm:num_requests_running{engine="0"} ${3 + (n % 2)}.0\n`,
      PROMETHEUS_CLIENT_TYPE,
      UVICORN,
    );
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
      questionDataset(dir, 20),
      "--load-pattern",
      "concurrency",
      "--concurrency",
      "2",
      "--num-samples",
      "200",
      "--duration",
      "0",
      "--server-metrics-interval",
      "0.2",
      "--report-dir",
      report,
    ]);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toMatch(
      /server metrics: http:\/\/127\.0\.0\.1:\d+\/metrics is 1\.\d MB; pages over 1 MB keep only their vLLM, SGLang and TGI series/,
    );
    // Every kept sample is the page's 3 or 4 (which of them a window holds is the host's: at load ~32 scrapes of
    // this page took longer than the interval, and one was left).
    const running = readSummary(report).server_metrics?.gauges.running;
    expect(running?.samples as number).toBeGreaterThanOrEqual(1);
    expect(running?.min as number).toBeGreaterThanOrEqual(3);
    expect(running?.max as number).toBeLessThanOrEqual(4);
    const db = new Database(join(report, "events.db"), { readonly: true });
    const names = (db.query("SELECT DISTINCT name FROM server_metrics").all() as { name: string }[]).map((r) => r.name);
    db.close();
    expect(names).toEqual(["vllm:num_requests_running"]);
  }, 60_000);

  test("TGI's Rust exporter: TYPE lines only, bare integers", async () => {
    server = startEngine(tgiPage, "text/plain; charset=utf-8", {});
    const { result, summary } = await run(server);
    expect(result.exitCode).toBe(0);
    const m = summary.server_metrics;
    if (!m) throw new Error(`no server_metrics:\n${result.stderr}`);
    expect(m.gauges.running).toMatchObject({ source: "tgi_batch_current_size", min: 5, max: 6 });
    expect(m.gauges.waiting).toMatchObject({ source: "tgi_queue_size", avg: 2 });
  }, 30_000);
});
