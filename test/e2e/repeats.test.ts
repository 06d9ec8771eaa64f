/**
 * @module test/e2e/repeats.test — `benchmark --runs 3` against a real `serve` process, and `compare` of two sets of repeats.
 *
 * The server draws each request's TTFT from a seeded uniform spread (±12 ms around 150 ms), so a set's three runs
 * differ by the draws, and a server restarted with the same seed draws the same values again. Three sets run side by
 * side, each against its own server: the base, the same server again, and one 20 % slower (every latency and its
 * spread × 1.2). compare's verdict on each figure of two sets must be its rule's over their runs' values (Welch's
 * test at 95 %, the gate at 10 %: test/e2e/repeats-verdicts), and its exit code the gate's. On a quiet host that rule
 * calls the slower set a regression of TTFT and latency (p < 0.01) and the same server again no significant change;
 * on a host loaded many times over, what it adds to a run's median can reach the 20 % itself, so how surely the two
 * are told apart is a bench row (`npm run bench -- --only repeats`), as these tests' old bounds.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { startMockServer } from "../../src/server/index.ts";
import { spawnServe } from "../../src/server/serve-process.ts";
import { RepeatsSummarySchema } from "../../src/report/repeats-schema.ts";
import type { RepeatsSummary } from "../../src/report/repeats-schema.ts";
import type { SweepResult } from "../../src/sweep/run-sweep.ts";
import { type ComparedRow, expectRuleVerdict, literal } from "./repeats-verdicts.ts";
import { BUN_PATH, MAIN_PATH, onServerCpu, questionDataset, runCli, tempDirs } from "./run-cli.ts";

const dirs = tempDirs("ie-repeats-");
afterAll(() => dirs.cleanup());

/** scipy 1.17.1 `stats.t.ppf(0.975, 2)`: the 95 % two-sided multiplier for three runs. */
const T_975_DF2 = 4.302652729749462;

interface Model {
  ttftMs: number;
  ttftSpreadMs: number;
  tpotMs: number;
}
/** Requests a run: at concurrency 1 each is ~170 ms (TTFT 150 ms, then 3 tokens of 6 ms). */
const SAMPLES = 6;
const BASE: Model = { ttftMs: 150, ttftSpreadMs: 12, tpotMs: 6 };
const SLOWER: Model = { ttftMs: 180, ttftSpreadMs: 14.4, tpotMs: 7.2 };

/** `benchmark --runs 3` into `reportDir` against a fresh `serve` with `model`, seed 7. */
async function threeRuns(model: Model, reportDir: string) {
  const server = await spawnServe(
    onServerCpu([
      ...[BUN_PATH, MAIN_PATH, "serve", "--mode", "model", "--port", "0", "--seed", "7", "--output-tokens", "4"],
      ...["--ttft-ms", String(model.ttftMs), "--ttft-spread-ms", String(model.ttftSpreadMs)],
      ...["--tpot-ms", String(model.tpotMs)],
    ]),
  );
  try {
    const dataDir = dirs.make();
    return await runCli([
      ...["benchmark", "online", "--endpoints", server.url, "--model", "m"],
      ...["--dataset", questionDataset(dataDir, SAMPLES), "--load-pattern", "concurrency", "--concurrency", "1"],
      ...[
        "--num-samples",
        String(SAMPLES),
        "--duration",
        "0",
        "--server-metrics",
        "off",
        "--runs",
        "3",
        "--report-dir",
        reportDir,
      ],
    ]);
  } finally {
    await server.stop();
  }
}

/** `benchmark --runs 2` of six requests against a server drawing 40 ± 35 ms of TTFT from seed 7: two runs that differ by more than 5 % in some figure. */
async function twoRunsWithSpread() {
  const server = await startMockServer({ mode: "model", ttftMs: 40, ttftSpreadMs: 35, seed: 7, outputTokens: 4 });
  try {
    const dir = dirs.make();
    const out = join(dir, "spread");
    const result = await runCli([
      ...["benchmark", "online", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 6)],
      ...["--load-pattern", "concurrency", "--concurrency", "1", "--num-samples", "6", "--duration", "0"],
      ...["--server-metrics", "off", "--runs", "2", "--report-dir", out],
    ]);
    return { result, out };
  } finally {
    await server.stop();
  }
}

/** `sweep --concurrencies 1,2 --runs 2` of eight requests a run against a `serve` answering in 20 ms. */
async function sweepTwice() {
  const server = await spawnServe(
    onServerCpu([
      BUN_PATH,
      MAIN_PATH,
      "serve",
      "--mode",
      "model",
      "--port",
      "0",
      "--ttft-ms",
      "20",
      "--output-tokens",
      "4",
    ]),
  );
  try {
    const dir = dirs.make();
    const out = join(dir, "sweep");
    const result = await runCli([
      ...["sweep", "--endpoints", server.url, "--model", "m", "--dataset", questionDataset(dir, 8)],
      ...["--num-samples", "8", "--duration", "0", "--server-metrics", "off", "-q"],
      ...["--concurrencies", "1,2", "--runs", "2", "--report-dir", out],
    ]);
    return { result, out };
  } finally {
    await server.stop();
  }
}

const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
const readRepeats = (dir: string) => RepeatsSummarySchema.parse(readJson(join(dir, "repeats.json"))) as RepeatsSummary;

/** A summary value by path (ns series ÷ 10⁶ for ms), read here on its own. */
function valueAt(summary: Record<string, unknown>, path: readonly string[], divisor: number): number {
  let node: unknown = summary;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return (node as number) / divisor;
}

/** `compare base other` gated at 10 %, as text and as JSON: each row its rule's verdict over the two sets' runs, the exit code the gate's. */
async function expectComparedByRule(otherDir: string): Promise<void> {
  const [text, json] = await Promise.all([
    runCli(["compare", baseDir, otherDir, "--fail-on-regression", "10%"]),
    runCli(["compare", baseDir, otherDir, "--fail-on-regression", "10%", "--output", "json"]),
  ]);
  const rows = (JSON.parse(json.stdout) as { metrics: ComparedRow[] }).metrics;
  const [base, other] = [readRepeats(baseDir), readRepeats(otherDir)];
  expect(rows.map((r) => r.key)).toEqual(Object.keys(base.metrics));
  for (const row of rows)
    expectRuleVerdict(row, base.metrics[row.key]?.values ?? [], other.metrics[row.key]?.values ?? [], 95, 10);
  const failed = rows.filter((r) => r.regressed);
  expect([text.exitCode, json.exitCode]).toEqual(failed.length > 0 ? [99, 99] : [0, 0]);
  expect(text.stdout).toContain(
    "a metric fails only when its change is a significant regression AND its mean is worse by more than 10 %",
  );
  // The table says each figure's verdict, and FAILS where the gate failed it.
  for (const row of rows.filter((r) => r.unit === "ms")) {
    const verdict = `${row.verdict}${row.regressed ? " — FAILS" : ""}`;
    expect(text.stdout).toMatch(new RegExp(`^${literal(`${row.label} (ms)`)} .* ${verdict}$`, "m"));
  }
  if (failed.length === 0) expect(text.stdout).toMatch(/^no metric regressed significantly beyond 10 %$/m);
  else
    for (const row of failed)
      expect(text.stderr).toMatch(new RegExp(`^regression: .*${literal(row.label)}.* by more than 10 %$`, "m"));
}

let baseDir = "";
let baseRun: Awaited<ReturnType<typeof threeRuns>>;
let slowerDir = "";
let slowerRun: Awaited<ReturnType<typeof threeRuns>>;
let againDir = "";
let againRun: Awaited<ReturnType<typeof threeRuns>>;
let spread: Awaited<ReturnType<typeof twoRunsWithSpread>>;
let sweepRuns: Awaited<ReturnType<typeof sweepTwice>>;

beforeAll(async () => {
  [baseDir, slowerDir, againDir] = ["base", "slower", "again"].map((name) => join(dirs.make(), name)) as [
    string,
    string,
    string,
  ];
  [baseRun, slowerRun, againRun] = await Promise.all([
    threeRuns(BASE, baseDir),
    threeRuns(SLOWER, slowerDir),
    threeRuns(BASE, againDir),
  ]);
  [spread, sweepRuns] = await Promise.all([twoRunsWithSpread(), sweepTwice()]);
}, 120_000);

describe("cli/repeats", () => {
  test("--runs 3 writes three normal runs and repeats.json, each figure as the three result files give it", () => {
    expect(baseRun.exitCode).toBe(0);
    for (const run of ["run-1", "run-2", "run-3"]) {
      expect(existsSync(join(baseDir, run, "events.db"))).toBe(true);
      expect(existsSync(join(baseDir, run, "report.txt"))).toBe(true);
    }
    const summaries = [1, 2, 3].map((i) => readJson(join(baseDir, `run-${i}`, "performance", "result_summary.json")));
    const repeats = readRepeats(baseDir);
    expect(repeats.runs).toEqual([1, 2, 3].map((i) => ({ dir: `run-${i}`, state: "complete" })));
    const checked: [string, readonly string[], number][] = [
      ["qps", ["qps"], 1],
      ["tps", ["tps"], 1],
      ["ttft_p50_ms", ["ttft", "percentiles", "50.0"], 1e6],
      ["tpot_p90_ms", ["tpot", "percentiles", "90.0"], 1e6],
      ["latency_p99_ms", ["latency", "percentiles", "99.0"], 1e6],
    ];
    for (const [key, path, divisor] of checked) {
      const values = summaries.map((s) => valueAt(s, path, divisor));
      const m = (values[0]! + values[1]! + values[2]!) / 3;
      const sd = Math.sqrt(values.reduce((sum, v) => sum + (v - m) ** 2, 0) / 2);
      const half = (T_975_DF2 * sd) / Math.sqrt(3);
      const metric = repeats.metrics[key]!;
      expect(metric.values).toEqual(values);
      expect(metric.mean!).toBeCloseTo(m, 9);
      expect(metric.std!).toBeCloseTo(sd, 9);
      expect(metric.ci_low!).toBeCloseTo(m - half, 9);
      expect(metric.ci_high!).toBeCloseTo(m + half, 9);
      expect(metric.cv_pct!).toBeCloseTo((100 * sd) / m, 9);
    }
    expect(repeats.metrics.error_rate_pct).toMatchObject({ values: [0, 0, 0], mean: 0 });
    const text = readFileSync(join(baseDir, "report.txt"), "utf8");
    expect(text).toMatch(/^Repeats: 3 runs \(run-1, run-2, run-3\); mean, sample std, 95 % Student-t interval, CV$/m);
    expect(text).toMatch(/^TTFT p50 \(ms\) +\d+\.\d\d +\d+\.\d\d +\[\d+\.\d\d, \d+\.\d\d\]/m);
    // The table is stdout's; report.txt adds the warnings under it, which the console prints on stderr only.
    const [table, warnings = ""] = text.split(/\n\n(?=warning: )/);
    expect(baseRun.stdout).toContain(`${(table as string).trimEnd()}\n`);
    expect(baseRun.stdout).not.toContain("warning:");
    expect(warnings).toBe(repeats.warnings.map((w) => `warning: ${w}\n`).join(""));
    for (const w of repeats.warnings) expect(baseRun.stderr).toContain(`warning: ${w}\n`);
    expect(baseRun.stderr).toContain(`report: ${baseDir}`);
  });

  test("report DIR rebuilds every run from its events.db and the same repeats.json; a per-run export is refused", async () => {
    const before = readFileSync(join(baseDir, "repeats.json"), "utf8");
    const rebuilt = await runCli(["report", baseDir]);
    expect(rebuilt.exitCode).toBe(0);
    expect(readFileSync(join(baseDir, "repeats.json"), "utf8")).toBe(before);
    // report.txt's table is stdout's; its warnings are stderr's.
    const text = readFileSync(join(baseDir, "report.txt"), "utf8");
    expect(rebuilt.stdout).not.toContain("warning:");
    expect(text).toStartWith(rebuilt.stdout.trimEnd());
    for (const w of readRepeats(baseDir).warnings) expect(rebuilt.stderr).toContain(`warning: ${w}\n`);
    const json = await runCli(["report", baseDir, "--output", "json"]);
    expect(JSON.parse(json.stdout)).toEqual(JSON.parse(before));
    const csv = await runCli(["report", baseDir, "--export-csv", join(baseDir, "x.csv")]);
    expect(csv.exitCode).toBe(2);
    expect(csv.stderr).toMatch(new RegExp(`^error: --export-csv exports one run, and ${baseDir} holds repeats$`, "m"));
  }, 60_000);

  test("against a server 20 % slower, each figure's verdict is Welch's over the two sets' runs, and the gate's exit code", async () => {
    expect(slowerRun.exitCode).toBe(0);
    await expectComparedByRule(slowerDir);
  }, 60_000);

  test("against the same server again, each figure's verdict is Welch's over the two sets' runs, and the gate's exit code", async () => {
    expect(againRun.exitCode).toBe(0);
    await expectComparedByRule(againDir);
  }, 60_000);

  test("a set of repeats against one run, and --confidence on single runs, are refused in one line", async () => {
    const single = join(baseDir, "run-1");
    const mixed = await runCli(["compare", baseDir, single]);
    expect(mixed.exitCode).toBe(2);
    expect(mixed.stderr).toMatch(
      new RegExp(`^error: ${baseDir} holds repeats \\(repeats\\.json\\) and ${single} does not$`, "m"),
    );
    const confidence = await runCli(["compare", single, join(baseDir, "run-2"), "--confidence", "90%"]);
    expect(confidence.exitCode).toBe(2);
    expect(confidence.stderr).toMatch(/^error: --confidence applies to repeats/m);
  }, 60_000);

  test("CV warnings go to stderr, the table to stdout, for benchmark --runs and for report DIR", async () => {
    const { result, out } = spread;
    expect(result.exitCode).toBe(0);
    const { warnings } = readRepeats(out);
    expect(warnings.some((w) => w.includes("varies between runs: CV"))).toBe(true);
    expect(result.stdout).toContain("Repeats: 2 runs (run-1, run-2)");
    expect(result.stdout).not.toContain("warning:");
    for (const w of warnings) expect(result.stderr).toContain(`warning: ${w}\n`);
    expect(readFileSync(join(out, "report.txt"), "utf8")).toContain(`\nwarning: ${warnings[0]}\n`);
    const rebuilt = await runCli(["report", out]);
    expect(rebuilt.exitCode).toBe(0);
    expect(rebuilt.stdout).not.toContain("warning:");
    for (const w of warnings) expect(rebuilt.stderr).toContain(`warning: ${w}\n`);
  }, 60_000);

  test("sweep --runs 2: each step runs twice into its directory, its figures the runs' means with their intervals", () => {
    const { result, out } = sweepRuns;
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(
      "each step: the mean of 2 runs; sweep.json's steps[].repeats has each figure's 95 % t-interval and CV",
    );
    const sweep = readJson(join(out, "sweep.json")) as unknown as SweepResult;
    expect(sweep.steps.map((step) => step.report_dir)).toEqual([
      join(out, "step-01-concurrency-1"),
      join(out, "step-02-concurrency-2"),
    ]);
    for (const step of sweep.steps) {
      const runs = [1, 2].map((i) => readJson(join(step.report_dir, `run-${i}`, "performance", "result_summary.json")));
      expect(readRepeats(step.report_dir).runs).toHaveLength(2);
      const ttft = runs.map((r) => valueAt(r, ["ttft", "percentiles", "50.0"], 1e6));
      const qps = runs.map((r) => (r.qps_native ?? r.qps) as number);
      expect(step.ttft_p50_ms!).toBeCloseTo((ttft[0]! + ttft[1]!) / 2, 9);
      expect(step.achieved_qps!).toBeCloseTo((qps[0]! + qps[1]!) / 2, 9);
      // Two runs: mean ± t(0.975, 1) · |a − b| / 2, t = 12.706204736174694 (scipy).
      const half = (12.706204736174694 * Math.abs(ttft[0]! - ttft[1]!)) / 2;
      expect(step.repeats?.runs).toBe(2);
      expect(step.repeats?.figures.ttft_p50_ms?.values).toEqual(ttft);
      expect(step.repeats?.figures.ttft_p50_ms?.ci_high!).toBeCloseTo((ttft[0]! + ttft[1]!) / 2 + half, 9);
    }
  });
});
