/**
 * `inference-endpoint sweep` against `serve --mode model --max-concurrent N` (latency grows with
 * load): one run per rate with sweep.json and sweep.html (drawn in Chromium), the max-goodput
 * search's bracket and bounds, Ctrl-C keeping the finished steps, and bad flags refused.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import type { MockServerOptions } from "../../src/server/options.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import type { SweepStep } from "../../src/sweep/sweep-step.ts";
import { HAS_CHROMIUM, visitPage } from "../report/html/headless-chromium.ts";
import { watchStalls } from "../support/stall-watch.ts";
import { modelKnee } from "./queue-model.ts";
import { BUN_PATH, countRequestRows, questionDataset, runCli, spawnCli, tempDirs, waitFor } from "./run-cli.ts";

const dirs = tempDirs("ie-sweep-");
afterAll(() => dirs.cleanup());

const readSweep = (dir: string) =>
  JSON.parse(readFileSync(join(dir, "sweep.json"), "utf8")) as SweepResult & { slo: Record<string, number | null> };
const common = (url: string, dataset: string) => [
  "--endpoints",
  url,
  "--model",
  "m",
  "--dataset",
  dataset,
  "--duration",
  "0",
  "--server-metrics",
  "off",
  "-q",
];

/** `sweep` with `flags` over `samples` questions against a fresh `serve` with `options`, stopped after; the output directory. */
/** Runs a sweep against an in-process mock server; `stallMs` is this (the server's) process's worst event-loop stall meanwhile. */
async function sweepAgainst(
  options: Partial<MockServerOptions>,
  samples: number,
  flags: string[],
): Promise<{ result: Awaited<ReturnType<typeof runCli>>; out: string; stallMs: number }> {
  const server = await startMockServer(options);
  const stalls = watchStalls();
  try {
    const dir = dirs.make();
    const out = join(dir, "out");
    const result = await runCli([
      "sweep",
      ...common(server.url, questionDataset(dir, samples)),
      "--num-samples",
      String(samples),
      ...flags,
      "--report-dir",
      out,
    ]);
    return { result, out, stallMs: stalls.stop() };
  } finally {
    stalls.stop();
    await server.stop();
  }
}

describe("cli/sweep", () => {
  test("--rates: one run per rate in its own directory; sweep.json, the table and sweep.html with both charts", async () => {
    const { result, out } = await sweepAgainst({ mode: "model", ttftMs: 20, outputTokens: 1, maxConcurrent: 4 }, 100, [
      "--rates",
      "40,120",
      "--slo",
      "ttft:100ms",
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
      [1, "rate", 40, join(out, "step-01-rate-40")],
      [2, "rate", 120, join(out, "step-02-rate-120")],
    ]);
    for (const s of sweep.steps) {
      expect(existsSync(join(s.report_dir, "performance", "result_summary.json"))).toBe(true);
      expect(s.achieved_qps as number).toBeGreaterThan(0);
      expect(s.attainment_pct).not.toBeNull();
    }
    // The queue of 4 builds with the rate: TTFT p99 grows.
    expect(sweep.steps[1]?.ttft_p99_ms as number).toBeGreaterThan(sweep.steps[0]?.ttft_p99_ms as number);
    expect(result.stdout).toMatch(/Sweep \(rates, complete\):\n {2}step {2}kind/);
    // compare takes two sweeps (here the same one twice), and refuses a sweep beside a run.
    const same = await runCli(["compare", out, out, "--fail-on-regression", "5%"]);
    expect(same.exitCode).toBe(0);
    // A step whose load generator fell behind (a noisy host) is left out with a note (on stderr) instead.
    for (const s of sweep.steps)
      if (s.note === null) expect(same.stdout).toContain(`rate ${s.offered}: ttft p99 (ms)`);
      else expect(same.stderr).toContain(`note: rate ${s.offered}: not compared (${s.note})\n`);
    const mixed = await runCli(["compare", out, sweep.steps[0]?.report_dir as string]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toContain(`error: ${out} is a sweep and ${sweep.steps[0]?.report_dir} is not`);
    if (!HAS_CHROMIUM) return console.warn("note: /usr/bin/chromium not found; sweep.html is not opened");
    const probe = `[...document.querySelectorAll("svg[data-chart]")].map((svg) => ({ name: svg.dataset.chart, lines: svg.querySelectorAll("path.series").length }))`;
    const visit = await visitPage(`file://${join(out, "sweep.html")}`, probe);
    expect(visit.problems).toEqual([]);
    expect(visit.requests.filter((u) => !u.startsWith("file://") && !u.startsWith("data:"))).toEqual([]);
    const charts = visit.value as { name: string; lines: number }[];
    expect(charts.map((c) => c.name)).toEqual(["sweep-latency", "sweep-goodput"]);
    for (const c of charts) expect(c.lines).toBeGreaterThanOrEqual(2);
  }, 60_000);

  test("--find max-goodput: the capacity first, then a bracket whose lower end passed and upper end failed, within the step bound", async () => {
    const { result, out } = await sweepAgainst({ mode: "model", ttftMs: 40, outputTokens: 1, maxConcurrent: 4 }, 100, [
      "--find",
      "max-goodput",
      "--slo",
      "ttft:80ms,p=95",
      "--precision",
      "25%",
      "--max-steps",
      "3",
    ]);
    expect(result.exitCode).toBe(0);
    const sweep = readSweep(out);
    expect(sweep.percentile).toBe(95);
    // 100 requests a step at p95 allow 5 misses: the verdicts turn on a few requests, and the sweep says so.
    const thin =
      "a judged step had only 100 requests: at p95 it passes with at most 5 over the SLO, so a few slow requests decide it; 200 requests per step allow 10 (raise --num-samples or --duration)";
    expect(sweep.warnings).toEqual([thin]);
    expect(result.stderr).toContain(`warning: sweep: ${thin}`);
    expect(sweep.steps.slice(1).every((s) => s.judged_requests === 100)).toBe(true);
    // Each judged step carries its TTFT at p95, the percentile the search judged: between its p50 and p99.
    for (const s of sweep.steps.slice(1).filter((x) => x.state === "complete")) {
      expect(s.at_slo_percentile?.ttft_ms as number).toBeGreaterThanOrEqual(s.ttft_p50_ms as number);
      expect(s.at_slo_percentile?.ttft_ms as number).toBeLessThanOrEqual(s.ttft_p99_ms as number);
    }
    expect(sweep.steps[0]?.at_slo_percentile).toBeNull();
    expect(sweep.steps[0]?.kind).toBe("max_throughput");
    const rates = sweep.steps.slice(1);
    expect(rates.length).toBeGreaterThanOrEqual(1);
    expect(rates.length).toBeLessThanOrEqual(3);
    // The capacity of 4 slots × 40 ms is about 100 req/s; the first rate tried is what the capacity run achieved.
    expect(rates[0]?.offered as number).toBeGreaterThan(50);
    expect(rates[0]?.offered as number).toBeLessThanOrEqual(105);
    for (const s of rates) expect(s.passed).toBe(s.note === null && (s.attainment_pct as number) >= 95);
    const answer = sweep.answer;
    if (!answer) throw new Error("no answer");
    expect(answer.steps).toBe(rates.length);
    if (answer.rate !== null) expect(rates.find((s) => s.offered === answer.rate)?.passed).toBe(true);
    // The upper end failed, unless the bracket is one rate: the SLO was met at the capacity itself.
    const atHi = rates.find((s) => s.offered === answer.bracket[1]);
    if (atHi) expect(atHi.passed).toBe(answer.bracket[0] === answer.bracket[1]);
    if (answer.converged && answer.rate !== null && answer.bracket[1] > answer.rate)
      expect((answer.bracket[1] - answer.rate) / answer.rate).toBeLessThanOrEqual(0.25);
    expect(result.stdout).toMatch(
      /Highest rate meeting the SLO at p95: [\d.]+ req\/s|No rate met the SLO in \d+ steps\./,
    );
  }, 120_000);

  test("--sweep auto: concurrency 1 (unloaded), the capacity, then --sweep-steps rates spread strictly between the two", async () => {
    const { result, out } = await sweepAgainst(
      { mode: "model", ttftMs: 10, tpotMs: 2, outputTokens: 6, maxConcurrent: 4 },
      40,
      ["--sweep", "auto", "--sweep-steps", "2"],
    );
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const sweep = readSweep(out);
    expect(sweep.steps.map((s) => [s.kind, s.state])).toEqual([
      ["concurrency", "complete"],
      ["max_throughput", "complete"],
      ["rate", "complete"],
      ["rate", "complete"],
    ]);
    const [unloaded, capacity, low, high] = sweep.steps as [SweepStep, SweepStep, SweepStep, SweepStep];
    expect(unloaded.offered).toBe(1);
    // One at a time, 20 ms each: about 50 req/s; 4 at once: about 200 req/s.
    const [u, c] = [unloaded.achieved_qps as number, capacity.achieved_qps as number];
    expect(c).toBeGreaterThan(2 * u);
    // Streaming was left to its default: the capacity run streams as the other steps do (offline's own default would not).
    expect(capacity.ttft_p50_ms).not.toBeNull();
    expect(readFileSync(join(capacity.report_dir, "config.yaml"), "utf8")).toContain(`streaming: "on"`);
    const third = (c - u) / 3;
    expect(low.offered as number).toBeCloseTo(u + third, 2);
    expect(high.offered as number).toBeCloseTo(u + 2 * third, 2);
    expect(sweep.answer).toBeNull();
    for (const s of sweep.steps) expect(s.passed).toBeNull();
  }, 60_000);

  test("acceptance: --find max-goodput --slo ttft:200ms lands within 5 % of the queue's knee, in bounded steps, and sweep.html marks it", async () => {
    // 4 places, each held 20 ms + 13 × 10 ms = 150 ms: a capacity of 26.7 req/s, whose queue
    // breaks a 200 ms TTFT for more than 1 % of 60 requests well below it.
    const { result, out, stallMs } = await sweepAgainst(
      { mode: "model", ttftMs: 20, tpotMs: 10, outputTokens: 14, maxConcurrent: 4 },
      60,
      ["--find", "max-goodput", "--slo", "ttft:200ms", "--precision", "5%", "--max-steps", "10"],
    );
    expect(result.stderr).not.toContain("error:");
    expect(result.exitCode).toBe(0);
    const sweep = readSweep(out);
    const answer = sweep.answer;
    if (!answer || answer.rate === null) throw new Error(`no answer:\n${result.stdout}`);
    // The knee of the same queue fed the same seeded schedule (scheduler seed 42), computed with
    // the service time and TTFT the slowest step saw (no queue there at p50): a slower host's
    // overheads move the real knee, and the model's with it.
    const unloaded = sweep.steps
      .filter((s) => s.kind === "rate")
      .sort((a, b) => (a.offered as number) - (b.offered as number))[0];
    const serviceMs = unloaded?.latency_p50_ms as number;
    const ttftMs = unloaded?.ttft_p50_ms as number;
    // The server holds each for 150 ms; loopback and the client add little, a stall of the server's process more.
    expect(serviceMs).toBeGreaterThanOrEqual(150);
    expect(serviceMs).toBeLessThan(165 + stallMs);
    const knee = modelKnee({ count: 60, seed: 42, places: 4, serviceMs, ttftMs, sloTtftMs: 200, percentile: 99 });
    expect(knee).toBeGreaterThan(10);
    expect(knee).toBeLessThan(20);
    expect(answer.converged).toBe(true);
    expect(answer.steps).toBeLessThanOrEqual(10);
    const [lo, hi] = answer.bracket;
    expect(lo).toBe(answer.rate);
    expect((hi - lo) / lo).toBeLessThanOrEqual(0.05);
    // The bracket holds the knee, give or take 3 % for what the unloaded medians do not capture.
    // A stall of S ms in the server's process (this one) adds S to the TTFT of the requests it
    // catches, and p99 of 60 is their second-worst: the knee then lies between the model's under
    // a TTFT limit S lower and its own (the same when the host did not stall).
    const stalledKnee = modelKnee({
      count: 60,
      seed: 42,
      places: 4,
      serviceMs,
      ttftMs,
      sloTtftMs: Math.max(ttftMs, 200 - stallMs),
      percentile: 99,
    });
    expect(hi * 1.03).toBeGreaterThanOrEqual(stalledKnee);
    expect(lo * 0.97).toBeLessThanOrEqual(knee);
    expect(sweep.steps.find((s) => s.offered === lo)?.passed).toBe(true);
    // The answer's own schedule: 60 seeded Poisson arrivals offer their own rate, near the target.
    const offered = answer.scheduled_qps as number;
    expect(Math.abs(offered - lo) / lo).toBeLessThan(0.3);
    expect(offered).toBe(sweep.steps.find((s) => s.offered === lo)?.scheduled_qps as number);
    expect(result.stdout).toContain(
      `Highest rate meeting the SLO at p99: ${lo} req/s (its schedule offered ${offered.toFixed(2)} req/s; bracket ${lo}–${hi} req/s, ${answer.steps} steps)`,
    );
    if (!HAS_CHROMIUM) return console.warn("note: /usr/bin/chromium not found; sweep.html is not opened");
    // In the drawn page: the TTFT p99 curve crosses the limit line (the knee), the answer's
    // vertical line stands where the curve is still under the limit, and the capacity's beyond it.
    const probe = `Object.fromEntries([...document.querySelectorAll('svg[data-chart="sweep-latency"] [data-series]')]
      .map((el) => [el.dataset.series, [...(el.getAttribute("d") ?? "").matchAll(/[ML]([\\d.]+) ([\\d.]+)/g)].map((m) => [Number(m[1]), Number(m[2])])]))`;
    const visit = await visitPage(`file://${join(out, "sweep.html")}`, probe);
    expect(visit.problems).toEqual([]);
    const lines = visit.value as Record<string, [number, number][]>;
    const p99 = lines["TTFT p99"] ?? [];
    const limitY = lines["TTFT limit"]?.[0]?.[1] as number;
    const [answerLine, capacityLine] = [
      lines[`answer: ${lo} req/s`] ?? [],
      Object.entries(lines).find(([k]) => k.startsWith("capacity: "))?.[1] ?? [],
    ];
    expect(answerLine.length).toBe(2);
    expect(answerLine[0]?.[0]).toBe(answerLine[1]?.[0] as number);
    const answerX = answerLine[0]?.[0] as number;
    // Screen y grows downwards: under the limit is a larger y.
    expect(p99.some(([, y]) => y > limitY)).toBe(true);
    expect(p99.some(([, y]) => y < limitY)).toBe(true);
    expect(p99.find(([x]) => x === answerX)?.[1] as number).toBeGreaterThanOrEqual(limitY);
    expect(capacityLine[0]?.[0] as number).toBeGreaterThan(answerX);
  }, 120_000);

  test("Ctrl-C keeps every finished step and the sweep report, marked interrupted (exit 130)", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 10, outputTokens: 1 });
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      const proc = spawnCli([
        "sweep",
        ...common(server.url, questionDataset(dir, 100)),
        "--num-samples",
        "100",
        "--rates",
        "100,20,20",
        "--report-dir",
        out,
      ]);
      // Interrupt the second step once it has recorded a request: the first is finished, the second part-way.
      await waitFor(() => countRequestRows(join(out, "step-02-rate-20"), "performance") > 0, 30_000, 25);
      proc.kill("SIGINT");
      expect(await proc.exited).toBe(130);
      const sweep = readSweep(out);
      expect(sweep.state).toBe("interrupted");
      expect(sweep.steps[0]).toMatchObject({ index: 1, state: "complete", offered: 100 });
      expect(sweep.steps.length).toBe(2);
      expect(sweep.steps[1]?.state).toBe("interrupted");
      expect(existsSync(join(out, "sweep.html"))).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("an endpoint that cannot be reached ends the sweep at its first step, exit 3, with sweep.json written", async () => {
    const dir = dirs.make();
    const out = join(dir, "out");
    const result = await runCli([
      "sweep",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 10),
      "--rates",
      "10,20",
      "--report-dir",
      out,
      "-q",
    ]);
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
    const again = await runCli([
      "sweep",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      questionDataset(dir, 10),
      "--rates",
      "30",
      "--report-dir",
      out,
      "-q",
    ]);
    expect(again.exitCode).toBe(2);
    expect(again.stderr).toContain(`error: report directory ${out} already holds a sweep (sweep.json)`);
    expect(readFileSync(join(out, "sweep.json"), "utf8")).toBe(before);
  });

  test.each([
    ["--rates 10 --precision 10%", "error: --precision is for --find max-goodput"],
    ["--rates 10 --max-steps 3", "error: --max-steps is for --find max-goodput"],
    ["--find max-goodput --slo ttft:1s --sweep-steps 3", "error: --sweep-steps is for --sweep auto"],
  ])("refuses a knob of another kind of sweep: %s", async (flags, message) => {
    const result = await runCli([
      "sweep",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      ...flags.split(" "),
    ]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(message);
  });

  test("-c: a config's load pattern and slo: serve every kind of step — the capacity run is max throughput, the SLO is the config's, --slo p=95 sets only the share", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 20, outputTokens: 2, maxConcurrent: 4 });
    try {
      const dir = dirs.make();
      const config = join(dir, "sweep.yaml");
      writeFileSync(
        config,
        `type: online
model_params: {name: m}
endpoint_config: {endpoints: ["${server.url}"]}
datasets: [{path: "${questionDataset(dir, 40)}"}]
settings:
  load_pattern: {type: poisson, target_qps: 7}
  runtime: {n_samples_to_issue: 40, min_duration_ms: 0}
slo: {ttft_ms: 100}
server_metrics: {url: "off"}
`,
      );
      const out = join(dir, "out");
      const result = await runCli([
        "sweep",
        "-c",
        config,
        "--find",
        "max-goodput",
        "--slo",
        "p=95",
        "--max-steps",
        "2",
        "--precision",
        "50%",
        "--report-dir",
        out,
        "-q",
      ]);
      expect(result.stderr).not.toContain("error:");
      expect(result.exitCode).toBe(0);
      const sweep = readSweep(out);
      expect(sweep).toMatchObject({ percentile: 95, slo: { ttft_ms: 100, tpot_ms: null, latency_ms: null } });
      expect(sweep.steps[0]).toMatchObject({ kind: "max_throughput", state: "complete" });
      expect(sweep.steps.slice(1).every((s) => s.kind === "rate" && s.state === "complete")).toBe(true);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("each step carries the server's view when its metrics are scraped: running, waiting past the knee, KV-cache use, TTFT", async () => {
    const server = await startMockServer({ mode: "model", ttftMs: 40, outputTokens: 2, maxConcurrent: 2 });
    try {
      const dir = dirs.make();
      const out = join(dir, "out");
      // 2 places × ~45 ms: about 44 req/s; 80 req/s queues.
      const result = await runCli([
        "sweep",
        "--endpoints",
        server.url,
        "--model",
        "m",
        "--dataset",
        questionDataset(dir, 40),
        "--duration",
        "0",
        "--num-samples",
        "80",
        "--rates",
        "10,80",
        "--server-metrics-interval",
        "0.1",
        "--report-dir",
        out,
        "-q",
      ]);
      expect(result.exitCode).toBe(0);
      const [low, high] = readSweep(out).steps as [SweepStep, SweepStep];
      expect(high.server_waiting_max as number).toBeGreaterThan(0);
      expect(high.server_running_avg as number).toBeGreaterThan(low.server_running_avg as number);
      expect(high.server_kv_cache_max as number).toBeCloseTo(1, 6);
      expect(high.server_ttft_p99_ms as number).toBeGreaterThan(low.server_ttft_p99_ms as number);
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("--before-each-step runs before every step: a cache reset there makes each step start cold; a command that fails ends the sweep (exit 3)", async () => {
    // An output-caching server answers a prompt it has seen ten times faster: the second step would measure a warm cache.
    const server = await startMockServer({ mode: "model", ttftMs: 30, outputTokens: 2, responseCache: true });
    try {
      const dir = dirs.make();
      const dataset = questionDataset(dir, 20);
      const sweep = (out: string, extra: string[]) =>
        runCli([
          "sweep",
          ...common(server.url, dataset),
          "--num-samples",
          "20",
          "--rates",
          "50,50",
          ...extra,
          "--report-dir",
          join(dir, out),
        ]);
      const reset = `${BUN_PATH} -e 'await fetch("${server.url}/reset_prefix_cache", { method: "POST" })'`;
      const cold = await sweep("cold", ["--before-each-step", reset]);
      expect(cold.exitCode).toBe(0);
      expect(cold.stderr.match(/--before-each-step: /g)).toHaveLength(2);
      const [first, second] = readSweep(join(dir, "cold")).steps as [SweepStep, SweepStep];
      expect(second.ttft_p50_ms as number).toBeGreaterThan(0.8 * (first.ttft_p50_ms as number));
      const warm = await sweep("warm", []);
      expect(warm.exitCode).toBe(0);
      const [, warmSecond] = readSweep(join(dir, "warm")).steps as [SweepStep, SweepStep];
      expect(warmSecond.ttft_p50_ms as number).toBeLessThan(0.5 * (first.ttft_p50_ms as number));
      const failing = await sweep("failing", ["--before-each-step", "exit 7"]);
      expect(failing.exitCode).toBe(3);
      expect(failing.stderr).toContain("error: --before-each-step exited 7: exit 7");
      expect(readSweep(join(dir, "failing")).state).toBe("failed");
    } finally {
      await server.stop();
    }
  }, 60_000);

  test("refuses a sweep without a kind, and --find without --slo, before any request", async () => {
    const none = await runCli(["sweep", "--endpoints", "http://127.0.0.1:9", "--model", "m", "--dataset", "x.jsonl"]);
    expect(none.exitCode).toBe(2);
    expect(none.stderr).toContain("error: sweep needs --rates, --concurrencies, --sweep auto or --find max-goodput");
    const noSlo = await runCli([
      "sweep",
      "--endpoints",
      "http://127.0.0.1:9",
      "--model",
      "m",
      "--dataset",
      "x.jsonl",
      "--find",
      "max-goodput",
    ]);
    expect(noSlo.exitCode).toBe(2);
    expect(noSlo.stderr).toContain("error: --find max-goodput needs --slo");
  });
});
