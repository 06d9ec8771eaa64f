/**
 * @module test/e2e/overload.test — more load than the server can take: the client's own wait is reported when the
 * connections cannot carry the offered rate, it holds more than a worker's kept-alive connections in flight when
 * the schedule needs them, and a concurrency pattern keeps exactly its slots full.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { measureHostLateness } from "../support/host-lateness.ts";
import { questionDataset, runCli, tempDirs } from "./run-cli.ts";

/** What our send path may add to the host's own median lateness. */
const ON_TIME_MARGIN_NS = 20_000_000;

const dirs = tempDirs("ie-overload-");
afterAll(() => dirs.cleanup());

/**
 * A server that serves one request at a time, each in `serviceMs`: 1000/serviceMs requests/s at most. The run's GETs
 * before it starts (its /metrics and server-identity probes) get a 404 at once, uncounted, as from a server without them.
 */
function serialServer(serviceMs: number) {
  let queue = Promise.resolve();
  let inFlight = 0;
  let maxInFlight = 0;
  const server = Bun.serve({
    port: 0,
    fetch(request) {
      if (request.method === "GET") return new Response("", { status: 404 });
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const turn = queue.then(() => Bun.sleep(serviceMs));
      queue = turn;
      return turn.then(() => {
        inFlight--;
        return Response.json({
          choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1 },
        });
      });
    },
  });
  return { url: `http://127.0.0.1:${server.port}`, stop: () => server.stop(true), maxInFlight: () => maxInFlight };
}

describe("cli/overload", () => {
  test("reports the client-side wait when the offered rate exceeds what the connections can carry", async () => {
    const server = serialServer(10);
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
        questionDataset(dir, 100),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "500",
        "--num-samples",
        "100",
        "--duration",
        "0",
        "--max-connections",
        "4",
        "--workers",
        "1",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const s = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      expect(s.n_samples_completed).toBe(100);
      expect(s.load_generator).toBe("fell_behind");
      // Offered 500/s, carried 100/s: all but the first few wait for a connection.
      expect(s.n_samples_delayed).toBeGreaterThan(66);
      expect(server.maxInFlight()).toBeLessThanOrEqual(4);
      // Waiting happened in the client: from the schedule it took far longer than from the send.
      expect(s.scheduled_latency.median).toBeGreaterThan(5 * s.latency.median);
      expect(s.schedule_lag.median).toBeGreaterThan(100e6);
      expect(result.stdout).toContain("Load generator: FELL BEHIND");
    } finally {
      server.stop();
    }
  }, 30_000);

  test("a slow schedule against a slow server: the client holds more than 64 in flight and keeps the schedule", async () => {
    // 160 req/s × 0.6 s per answer ≈ 96 open at once: more than one worker keeps alive, and the
    // server, not the client, must be what the run measures (by default, with auto connections).
    let inFlight = 0;
    let maxInFlight = 0;
    const server = Bun.serve({
      port: 0,
      async fetch(request) {
        if (request.method === "GET") return new Response("", { status: 404 });
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await Bun.sleep(600);
        inFlight--;
        return Response.json({
          choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
          usage: { prompt_tokens: 1, completion_tokens: 1 },
        });
      },
    });
    let floor: ReturnType<typeof measureHostLateness> | undefined;
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      // The host's own lateness on the worker's CPU, kept from before the CLI starts to past its ~1 s of sends.
      floor = measureHostLateness(160, 2.5);
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 100),
        "--load-pattern",
        "poisson",
        "--target-qps",
        "160",
        "--num-samples",
        "160",
        "--duration",
        "0",
        "--workers",
        "1",
        "--streaming",
        "off",
        "--report-dir",
        report,
      ]);
      const hostLateness = await floor.result;
      expect(result.exitCode).toBe(0);
      expect(result.stderr).toContain("1 worker(s), 64 connections kept alive, up to 160 requests in flight");
      const s = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      expect(s.n_samples_failed).toBe(0);
      expect(maxInFlight).toBeGreaterThan(64);
      // Held to 64 in flight, requests 65 to 160 would each wait for an answer (lag median ~0.15 s,
      // p99 0.6 s); kept, the median request leaves as an empty loop on that CPU would.
      expect(s.schedule_lag.median).toBeLessThan(hostLateness.p50Ns + ON_TIME_MARGIN_NS);
      expect(s.load_generator).toBe(
        s.schedule_lag.percentiles["99.0"] > s.load_generator_lag_limit_ns ? "fell_behind" : "ok",
      );
    } finally {
      floor?.kill();
      server.stop(true);
    }
  }, 30_000);

  test("keeps exactly the concurrency in flight: 64 against a 50 ms server gives 64 / service time ≈ 1280 QPS", async () => {
    // 1,280 requests: 20 rounds of the 64 slots, ~1 s.
    let inFlight = 0;
    let maxInFlight = 0;
    // What the server's 50 ms sleeps really took: on a loaded machine timers run late, and the
    // rate follows the real service time, not the nominal one.
    let servedMs = 0;
    let served = 0;
    const server = Bun.serve({
      port: 0,
      async fetch() {
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        const start = performance.now();
        await Bun.sleep(50);
        servedMs += performance.now() - start;
        served++;
        inFlight--;
        return Response.json({
          choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
        });
      },
    });
    try {
      const dir = dirs.make();
      const report = join(dir, "r");
      const result = await runCli([
        "benchmark",
        "online",
        "--endpoints",
        `http://127.0.0.1:${server.port}`,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 100),
        "--load-pattern",
        "concurrency",
        "--concurrency",
        "64",
        "--num-samples",
        "1280",
        "--duration",
        "0",
        "--streaming",
        "off",
        "--report-dir",
        report,
      ]);
      expect(result.exitCode).toBe(0);
      const s = JSON.parse(await Bun.file(join(report, "performance", "result_summary.json")).text());
      expect(maxInFlight).toBe(64);
      expect(s.n_samples_completed).toBe(1280);
      // What the slots can carry at the service time the server really gave (its 50 ms sleeps run late on a busy
      // host: 59.7 ms on average seen at load ~20, 1,072 QPS); no bound on the host's timers themselves.
      const expectedQps = 64 / (servedMs / served / 1000);
      // 64 slots cannot carry more than 64 / service time (a client over its concurrency would). Under it by the
      // slots' refill time, which a loaded host stretches as it likes (8.6 % seen with a busy loop on each core,
      // 57 % with other suites beside them at load ~32): how close a quiet host comes is the bench's. That the
      // slots were refilled at all is the 1,280 answers through 64 of them.
      expect(s.qps).toBeLessThanOrEqual(expectedQps * 1.02);
    } finally {
      server.stop(true);
    }
  }, 30_000);
});
