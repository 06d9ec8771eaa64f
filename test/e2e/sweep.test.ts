/**
 * @module test/e2e/sweep.test — `inference-endpoint sweep` against `serve --mode model --max-concurrent N`: one run per
 * rate, each its seeded plan at that rate, with sweep.json, the table, sweep.html's charts and the server's
 * view of each step; `--sweep auto`'s steps; Ctrl-C keeping the finished steps; --before-each-step; bad flags refused.
 * The max-goodput search is test/e2e/sweep-find.test's.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import type { MockServerOptions } from "../../src/server/options.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";
import { watchStalls } from "../support/stall-watch.ts";
import {
  BUN_PATH,
  collectOutput,
  countRequestRows,
  lowerMedian,
  maxOverlap,
  processState,
  questionDataset,
  readSummary,
  runCli,
  spawnCli,
  tempDirs,
  waitFor,
} from "./run-cli.ts";
import { plannedShapeNs, readSweep, scheduleShapeNs, stepRows } from "./sweep-steps-db.ts";

const dirs = tempDirs("ie-sweep-");
afterAll(() => dirs.cleanup());

const common = (url: string, dataset: string) => [
  ...["--endpoints", url, "--model", "m", "--dataset", dataset, "--duration", "0", "-q"],
];

/** Runs a sweep of `samples` questions a step against an in-process mock server of `options`, stopped after. */
async function sweepAgainst(
  options: Partial<MockServerOptions>,
  samples: number,
  flags: string[],
): Promise<{ result: Awaited<ReturnType<typeof runCli>>; out: string }> {
  const server = await startMockServer(options);
  try {
    const dir = dirs.make();
    const out = join(dir, "out");
    const result = await runCli([
      ...["sweep", ...common(server.url, questionDataset(dir, samples)), "--num-samples", String(samples)],
      ...[...flags, "--report-dir", out],
    ]);
    return { result, out };
  } finally {
    await server.stop();
  }
}

// Every test here has its own server and directory, and each one's bounds hold on a busy host: they run side by side.
describe.concurrent("cli/sweep", () => {
  test("--rates: one run per rate, each its plan at that rate; sweep.json, the table, sweep.html and the server's view", async () => {
    // 2 places of ~22 ms: about 90 req/s. 30 req/s keeps a place or two busy; 200 req/s queues most of 40 requests.
    const { result, out } = await sweepAgainst({ mode: "model", ttftMs: 20, outputTokens: 2, maxConcurrent: 2 }, 40, [
      "--rates",
      "30,200",
      "--slo",
      "ttft:100ms",
      "--server-metrics-interval",
      "0.1",
    ]);
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const sweep = readSweep(out);
    expect(sweep).toMatchObject({
      mode: "rates",
      state: "complete",
      answer: null,
      slo: { ttft_ms: 100, tpot_ms: null },
    });
    expect(sweep.steps.map((s) => [s.index, s.kind, s.offered, s.report_dir])).toEqual([
      [1, "rate", 30, join(out, "step-01-rate-30")],
      [2, "rate", 200, join(out, "step-02-rate-200")],
    ]);
    for (const s of sweep.steps) {
      expect(existsSync(join(s.report_dir, "performance", "result_summary.json"))).toBe(true);
      expect(s.achieved_qps as number).toBeGreaterThan(0);
      expect(s.attainment_pct).not.toBeNull();
      // Each step sent the seeded Poisson plan at its own rate.
      const rows = stepRows(s.report_dir);
      expect(rows.length).toBe(40);
      expect(scheduleShapeNs(rows)).toEqual(plannedShapeNs(40, s.offered as number));
    }
    expect(result.stdout).toMatch(/Sweep \(rates, complete\):\n {2}step {2}kind/);

    // The server's view, scraped every 0.1 s, is each step's own run's (its result_summary's); past its 2 places the
    // second step queued 40 requests sent within 0.2 s: requests waiting, both places (the KV-cache stand-in) in use.
    for (const s of sweep.steps) {
      const server = readSummary(s.report_dir).server_metrics;
      expect([s.server_running_avg, s.server_waiting_max, s.server_kv_cache_max, s.server_ttft_p99_ms]).toEqual([
        server?.gauges.running?.avg ?? null,
        server?.gauges.waiting?.max ?? null,
        server?.gauges.kv_cache_usage?.max ?? null,
        server?.ttft_ms?.p99 ?? null,
      ]);
    }
    const [low, high] = sweep.steps as [SweepStep, SweepStep];
    expect(high.server_waiting_max as number).toBeGreaterThan(0);
    expect(high.server_kv_cache_max as number).toBeCloseTo(1, 6);
    expect(high.server_running_avg as number).toBeGreaterThan(0);
    expect(high.server_running_avg as number).toBeLessThanOrEqual(2);
    // The server's TTFT (arrival to first token, queueing included) is never below its model's 20 ms.
    expect(high.server_ttft_p99_ms as number).toBeGreaterThanOrEqual(20);

    // compare takes two sweeps (here the same one twice), and refuses a sweep beside a run. A step whose load
    // generator fell behind (a noisy host) is left out with a note (on stderr); with none left, there is nothing to compare.
    const same = await runCli(["compare", out, out, "--fail-on-regression", "5%"]);
    const notes = sweep.steps.filter((s) => s.note !== null).map((s) => `rate ${s.offered}: not compared (${s.note})`);
    if (notes.length === sweep.steps.length) {
      expect(same.exitCode).toBe(2);
      expect(same.stderr).toContain(`error: ${out} and ${out} have nothing in common to compare: ${notes.join("; ")}`);
    } else {
      expect(same.exitCode).toBe(0);
      for (const s of sweep.steps)
        if (s.note === null) expect(same.stdout).toContain(`rate ${s.offered}: ttft p99 (ms)`);
      for (const note of notes) expect(same.stderr).toContain(`note: ${note}\n`);
    }
    const mixed = await runCli(["compare", out, low.report_dir]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toContain(`error: ${out} is a sweep and ${low.report_dir} is not`);
    // sweep.html: both charts, their curves through the steps that ran their plan (one that fell behind on a busy
    // host is a cross beside them); test/e2e/sweep-find.test opens one in Chromium.
    const html = readFileSync(join(out, "sweep.html"), "utf8");
    const charts = Object.fromEntries(
      [...html.matchAll(/<svg data-chart="([^"]+)"[\s\S]*?<\/svg>/g)].map((m) => [m[1] as string, m[0]]),
    );
    expect(Object.keys(charts)).toEqual(["sweep-latency", "sweep-goodput"]);
    const vertices = (chart: string, series: string) =>
      (new RegExp(`data-series="${series}" d="([^"]*)"`).exec(charts[chart] ?? "")?.[1]?.match(/[ML]/g) ?? []).length;
    const onPlan = sweep.steps.filter((s) => s.state === "complete" && s.load_generator !== "fell_behind");
    for (const series of ["TTFT p50", "TTFT p99", "latency p99"])
      expect({ series, vertices: vertices("sweep-latency", series) }).toEqual({ series, vertices: onPlan.length });
    expect(vertices("sweep-goodput", "achieved")).toBe(onPlan.length);
  }, 120_000);

  test("--sweep auto: concurrency 1 (unloaded), the capacity, then --sweep-steps rates spread strictly between the two", async () => {
    const { result, out } = await sweepAgainst(
      { mode: "model", ttftMs: 10, tpotMs: 2, outputTokens: 6, maxConcurrent: 4 },
      24,
      ["--server-metrics", "off", "--sweep", "auto", "--sweep-steps", "2"],
    );
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const sweep = readSweep(out);
    const [unloaded, capacity, ...spread] = sweep.steps as [SweepStep, SweepStep, ...SweepStep[]];
    expect([unloaded, capacity].map((s) => [s.kind, s.offered, s.state])).toEqual([
      ["concurrency", 1, "complete"],
      ["max_throughput", null, "complete"],
    ]);
    // Unloaded: never more than one request in flight. The capacity: every request due at its start.
    const unloadedRows = stepRows(unloaded.report_dir);
    expect(maxOverlap(unloadedRows.map((r) => ({ start: r.sent_ns as number, end: r.done_ns as number })))).toBe(1);
    expect(new Set(stepRows(capacity.report_dir).map((r) => r.scheduled_ns)).size).toBe(1);
    // Streaming was left to its default: the capacity run streams as the other steps do (offline's own default would not).
    expect(capacity.ttft_p50_ms).not.toBeNull();
    expect(readFileSync(join(capacity.report_dir, "config.yaml"), "utf8")).toContain(`streaming: "on"`);
    // The rates: thirds of the way from what the unloaded step achieved to what the capacity did (none when the
    // capacity achieved no more, which 4 places against one would take a host stall of most of a step to cause).
    const [u, c] = [unloaded.achieved_qps as number, capacity.achieved_qps as number];
    const thirds = c > u ? [u + (c - u) / 3, u + (2 * (c - u)) / 3] : [];
    expect(spread.map((s) => [s.kind, s.state])).toEqual(thirds.map(() => ["rate", "complete"]));
    for (const [i, s] of spread.entries()) expect(s.offered as number).toBeCloseTo(thirds[i] as number, 2);
    expect(sweep.answer).toBeNull();
    for (const s of sweep.steps) expect(s.passed).toBeNull();
  }, 120_000);

  test("Ctrl-C keeps every finished step and the sweep report, marked interrupted (exit 130)", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 10, outputTokens: 1 });
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      // The second step sends for about 2 s: the interrupt lands in it as soon as it has recorded a request.
      const proc = spawnCli([
        ...["sweep", ...common(server.url, questionDataset(dir, 40)), "--server-metrics", "off"],
        ...["--num-samples", "40", "--rates", "200,20,20", "--report-dir", out],
      ]);
      // Both streams read as they come, so that a full pipe never holds the sweep up.
      const [stdout, stderr] = [collectOutput(proc.stdout), collectOutput(proc.stderr)];
      try {
        await waitFor(
          () => countRequestRows(join(out, "step-02-rate-20"), "performance") > 0,
          60_000,
          25,
          () => {
            return `no request of step 2 recorded; the sweep (${processState(proc.pid)}) printed: ${stderr.text}${stdout.text}`;
          },
        );
      } catch (error) {
        proc.kill("SIGKILL");
        throw error;
      }
      proc.kill("SIGINT");
      expect(await proc.exited).toBe(130);
      const sweep = readSweep(out);
      expect(sweep.state).toBe("interrupted");
      expect(sweep.steps[0]).toMatchObject({ index: 1, state: "complete", offered: 200 });
      expect(sweep.steps.length).toBe(2);
      expect(sweep.steps[1]?.state).toBe("interrupted");
      expect(existsSync(join(out, "sweep.html"))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 120_000);

  test("an endpoint that cannot be reached ends the sweep at its first step, exit 3, with sweep.json written", async () => {
    const dir = dirs.make();
    const out = join(dir, "out");
    const unreachable = (rates: string) =>
      runCli([
        ...["sweep", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", questionDataset(dir, 10)],
        ...["--rates", rates, "--report-dir", out, "-q"],
      ]);
    const result = await unreachable("10,20");
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain("error: endpoint http://127.0.0.1:9 is not reachable");
    expect(result.stderr).toContain(`sweep: stopped; ${join(out, "sweep.json")} keeps the steps so far`);
    expect(result.stderr).not.toContain("unexpected failure");
    // The steps so far are printed as a finished sweep's are.
    expect(result.stdout).toMatch(/^Sweep \(rates, failed\):\n {2}step {2}kind/);
    const sweep = readSweep(out);
    expect(sweep.state).toBe("failed");
    expect(sweep.steps.map((s) => [s.index, s.state, s.passed])).toEqual([[1, "failed", null]]);
    // The directory is that sweep's: a second one given it is refused and leaves the first's sweep.json as it was.
    const before = readFileSync(join(out, "sweep.json"), "utf8");
    const again = await unreachable("30");
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain(`error: report directory ${out} already holds a sweep (sweep.json)`);
    expect(readFileSync(join(out, "sweep.json"), "utf8")).toBe(before);
  }, 120_000);

  test.each([
    ["--rates 10 --precision 10%", "error: --precision is for --find max-goodput"],
    ["--rates 10 --max-steps 3", "error: --max-steps is for --find max-goodput"],
    ["--find max-goodput --slo ttft:1s --sweep-steps 3", "error: --sweep-steps is for --sweep auto"],
    ["", "error: sweep needs --rates, --concurrencies, --sweep auto or --find max-goodput"],
    ["--find max-goodput", "error: --find max-goodput needs --slo"],
  ])(
    "refuses %p before any request: %s",
    async (flags, message) => {
      const result = await runCli([
        ...["sweep", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl"],
        ...flags.split(" ").filter(Boolean),
      ]);
      expect(result.exitCode).toBe(2);
      expect(result.stderr).toContain(message);
    },
    30_000,
  );

  test("--before-each-step runs before every step: a cache reset there makes each step start cold; a command that fails ends the sweep (exit 3)", async () => {
    // An output-caching server answers a prompt it has seen ten times faster: without the reset, the second step
    // would be served from its cache. Each server times its own answers: a first token never comes sooner than
    // 100 ms after an uncached request arrived, and 10 ms after a cached one, plus what a stall of this process adds.
    const TTFT_MS = 100;
    const cache = () =>
      startMockServer({
        mode: "model",
        ttftMs: TTFT_MS,
        outputTokens: 2,
        responseCache: true,
        recordObservations: true,
      });
    const [coldServer, warmServer] = await Promise.all([cache(), cache()]);
    const stalls = watchStalls();
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 20);
      const sweep = (url: string, out: string, extra: string[]) =>
        runCli([
          ...["sweep", ...common(url, dataset), "--server-metrics", "off", "--num-samples", "20"],
          ...["--rates", "200,200", ...extra, "--report-dir", join(dir, out)],
        ]);
      const reset = `${BUN_PATH} -e 'await fetch("${coldServer.url}/reset_prefix_cache", { method: "POST" })'`;
      const [cold, warm] = await Promise.all([
        sweep(coldServer.url, "cold", ["--before-each-step", reset]),
        sweep(warmServer.url, "warm", []),
      ]);
      const stallMs = stalls.stop();
      expect(cold.exitCode).toBe(0);
      expect(cold.stderr.match(/--before-each-step: /g)).toHaveLength(2);
      expect(warm.exitCode).toBe(0);
      /** The server's own TTFT (ms) of each request of step `step` (1 or 2), 20 requests a step, in arrival order. */
      const serverTtftMs = (server: typeof coldServer, step: number) =>
        server
          .observations()
          .slice((step - 1) * 20, step * 20)
          .map((o) => ((o.firstChunkNs as number) - o.receivedNs) / 1e6);
      expect(coldServer.observations().length).toBe(40);
      // Cold: the reset ran before the second step, so none of its answers came from the cache.
      expect(Math.min(...serverTtftMs(coldServer, 2))).toBeGreaterThanOrEqual(0.9 * TTFT_MS);
      // Warm: the second step's prompts were the first's, answered from the cache.
      expect(lowerMedian(serverTtftMs(warmServer, 2))).toBeLessThan(TTFT_MS / 10 + stallMs + 5);
      const failing = await sweep(coldServer.url, "failing", ["--before-each-step", "exit 7"]);
      expect(failing.exitCode).toBe(3);
      expect(failing.stderr).toContain("error: --before-each-step exited 7: exit 7");
      expect(readSweep(join(dir, "failing")).state).toBe("failed");
    } finally {
      stalls.stop();
      await Promise.all([coldServer.stop(), warmServer.stop()]);
    }
  }, 120_000);
});
